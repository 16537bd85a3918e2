import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { getFitnessSeries } from '~/services/activities/training-load.server';
import { DETECTION_MESSAGES } from '~/lib/activities/detection-form';
import { unpackRows } from '~/lib/packed-rows';
import type { ActivityHeader } from '~/services/activities/detail.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action, loader } from './route';
import { action as rideAction, loader as rideLoader } from '../user.activities_.$id.analysis/route';

setUpTestDatabase();
const DAY_MS = 86_400_000;
const GARMIN_BPG = new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit/garmin-bpg.fit')));

async function load(userId: string, query = '') {
  const { request } = await signedInRequest(userId, `http://localhost/user/activities${query}`);
  return loader({ request, params: {}, context: {} });
}

async function fitnessPoints(userId: string, query = '') {
  const loaded = await load(userId, query);
  return { ...loaded.overview!.fitness, points: unpackRows(loaded.overview!.fitness.points) };
}

async function post(userId: string, fields: Record<string, string>, url = 'http://localhost/user/activities') {
  const { request } = await signedInRequest(userId, url, { method: 'POST', body: new URLSearchParams(fields) });
  const id = url.match(/activities\/([^/]+)\/analysis/)?.[1];
  return id ? rideAction({ request, params: { id }, context: {} }) : action({ request, params: {}, context: {} });
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe("the overview's fitness chart (decision 142)", () => {
  it('shows the last 90 days by default, a chosen range otherwise, and clamps what cannot be drawn', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const ride = generateRide({ seed: 3, start: new Date(Date.now() - 10 * DAY_MS), durationS: 40 * 60, ftpW: 250, weightKg: 70, shape: 'race' });
    await ingestActivity(rider.id, encodeRideFit(ride));
    const plain = { fitness: await fitnessPoints(rider.id) };
    expect(plain.fitness).toMatchObject({ from: day(-89), to: day(0), isDefault: true });
    expect(plain.fitness.points).toHaveLength(90);
    const rideDay = plain.fitness.points.find((point) => point.load > 0);
    expect(rideDay?.day).toBe(day(-10));
    // Days after the ride decay: fitness falls, form rises as fatigue clears.
    const last = plain.fitness.points[89];
    expect(last.fitness).toBeLessThan(rideDay?.fitness ?? 0);
    expect(last.fatigue).toBeLessThan(rideDay?.fatigue ?? 0);
    // Sent as drawn: every day to a tenth but the last, whose figures the page rounds itself.
    const exact = await getFitnessSeries(rider.id, day(-89), day(0));
    expect(last).toEqual(exact[89]);
    expect(exact[80].fitness).not.toBe(plain.fitness.points[80].fitness);
    for (const [index, point] of plain.fitness.points.slice(0, -1).entries()) {
      for (const key of ['load', 'fitness', 'fatigue', 'form'] as const) expect(Math.abs(point[key] - exact[index][key])).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(point.fitness).toBe(Math.round(point.fitness * 10) / 10);
    }

    const chosen = { fitness: await fitnessPoints(rider.id, `?fitnessFrom=${day(-20)}&fitnessTo=${day(-5)}`) };
    expect(chosen.fitness).toMatchObject({ from: day(-20), to: day(-5), isDefault: false });
    expect(chosen.fitness.points).toHaveLength(16);
    // Reversed: the default; past today: today; longer than two years: the last two.
    expect((await load(rider.id, `?fitnessFrom=${day(-5)}&fitnessTo=${day(-20)}`)).overview?.fitness.isDefault).toBe(true);
    expect((await load(rider.id, `?fitnessFrom=${day(-5)}&fitnessTo=${day(30)}`)).overview?.fitness.to).toBe(day(0));
    const long = { fitness: await fitnessPoints(rider.id, `?fitnessFrom=${day(-2000)}&fitnessTo=${day(0)}`) };
    expect(long.fitness.from).toBe(day(-730));
    expect(long.fitness.points.length).toBeLessThanOrEqual(370);
    expect(long.fitness.points[long.fitness.points.length - 1].day).toBe(day(0));
  });
});

describe('the detected FTP on the overview and the ride page (decision 141)', () => {
  it('is told on both pages, undone from the ride page, and the overview notice can be dismissed', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await setFtp(rider.id, 175, new Date('2010-01-01T00:00:00Z'));
    const { id } = await ingestActivity(rider.id, GARMIN_BPG);
    const overview = await load(rider.id);
    expect(overview.overview?.ftpNotice).toMatchObject({ activityId: id, ftpW: 255, previousFtpW: 175, undone: false });
    expect(overview.rider.ftpW).toBe(255);

    const rideUrl = `http://localhost/user/activities/${id}/analysis`;
    const { request } = await signedInRequest(rider.id, rideUrl);
    const { header } = (await (await rideLoader({ request, params: { id }, context: {} })).json()) as { header: ActivityHeader };
    expect(header).toMatchObject({
      ftpW: 255,
      ftpSource: 'detected',
      headUnit: { avgPowerW: 196, normalizedPowerW: 264, ftpW: 284 },
      detection: { ftpW: 255, undone: false },
    });
    expect(header.wattWithoutZeros).toBeGreaterThan(header.watt ?? 0);

    // A malformed post changes nothing.
    expect((await post(rider.id, { intent: 'undo-detection', detectionId: 'x' }, rideUrl)).status).toBe(400);
    const undone = await post(rider.id, { intent: 'undo-detection', detectionId: String(overview.overview?.ftpNotice?.id) }, rideUrl);
    expect(undone.status).toBe(302);
    expect(undone.headers.get('Location')).toBe(`/user/activities/${id}/analysis`);
    expect(undone.headers.get('Set-Cookie')).toContain(encodeURIComponent(DETECTION_MESSAGES.undone).slice(0, 20));
    const after = await load(rider.id);
    expect(after.overview?.ftpNotice).toBeNull();
    expect(after.rider.ftpW).toBe(175);
    // Undoing twice finds nothing in force.
    const again = await post(rider.id, { intent: 'undo-detection', detectionId: String(overview.overview?.ftpNotice?.id) });
    expect(again.headers.get('Set-Cookie')).toContain(encodeURIComponent(DETECTION_MESSAGES.notFound).slice(0, 20));
  });

  it('dismissing the overview notice keeps the detection in force', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await setFtp(rider.id, 175, new Date('2010-01-01T00:00:00Z'));
    await ingestActivity(rider.id, GARMIN_BPG);
    const ftpNotice = (await load(rider.id)).overview?.ftpNotice;
    const seen = await post(rider.id, { intent: 'detection-seen', detectionId: String(ftpNotice?.id) });
    expect(seen.headers.get('Location')).toBe('/user/activities#profile');
    expect(seen.headers.get('Set-Cookie')).toContain(encodeURIComponent(DETECTION_MESSAGES.kept).slice(0, 20));
    const after = await load(rider.id);
    expect(after.overview?.ftpNotice).toBeNull();
    expect(after.rider.ftpW).toBe(255);
  });
});
