import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '~/db/schema';
import { ANALYSIS_VERSION } from '~/lib/power/analyse-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { storage } from '../adapters/storage.server';
import { upgradeStoredRides } from './stored-rides.server';

const { db } = setUpTestDatabase();
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', name)));

async function figuresOf(id: string) {
  const [row] = await db()
    .select({
      np: activities.normalizedPowerW,
      intensity: activities.intensity,
      load: activities.trainingLoad,
      ftp: activities.ftpW,
      version: activities.analysisVersion,
    })
    .from(activities)
    .where(eq(activities.id, id));
  return row;
}

describe('upgradeStoredRides: figures', () => {
  it('gives rides stored with older maths the current NP, IF and load from their file, at their own FTP, once', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const { id } = await ingestActivity(rider.id, fixture('sample-activity-indoor-trainer.fit'));
    const fresh = await figuresOf(id);
    expect(fresh.version).toBe(ANALYSIS_VERSION);
    // As a previous version left it: other figures, an older version.
    await db().update(activities).set({ normalizedPowerW: 227.3, intensity: 0.5, trainingLoad: 52, analysisVersion: 1 }).where(eq(activities.id, id));
    expect(await upgradeStoredRides()).toBe(1);
    expect(await figuresOf(id)).toEqual(fresh);
    expect(await upgradeStoredRides()).toBe(0);
  });

  it('gives version-2 rows (no load duration or 20-minute best yet, FTP including later rides) the FTP in force at their date', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const ids = [];
    for (const name of ['Edge810-Vector-2013-08-16-15-35-10.fit', 'edge510-test.fit']) ids.push((await ingestActivity(rider.id, fixture(name))).id);
    const fresh = await Promise.all(ids.map(figuresOf));
    // As version 2 left them after the migration: FTP from the all-time best, new columns empty.
    await db()
      .update(activities)
      .set({ ftpW: 320, intensity: 0.9, trainingLoad: 80, loadDurationS: null, bestTwentyMinW: null, analysisVersion: 2 })
      .where(eq(activities.userId, rider.id));
    expect(await upgradeStoredRides()).toBe(2);
    expect(await Promise.all(ids.map(figuresOf))).toEqual(fresh);
  });

  it('marks a ride whose file is gone as visited and keeps its figures', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const { id } = await ingestActivity(rider.id, fixture('edge510-test.fit'));
    const [{ fileKey }] = await db().select({ fileKey: activities.fileKey }).from(activities).where(eq(activities.id, id));
    await storage().delete(fileKey!);
    await db().update(activities).set({ trainingLoad: 99, analysisVersion: 1 }).where(eq(activities.id, id));
    expect(await upgradeStoredRides()).toBe(0);
    expect(await figuresOf(id)).toMatchObject({ load: 99, version: ANALYSIS_VERSION });
  });
});
