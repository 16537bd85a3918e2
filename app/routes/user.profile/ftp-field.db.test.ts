import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { ingestActivity } from '~/services/activities/activities.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { loader } from './route';
import { FTP_FIELD_MESSAGE } from './ftp-field';
import { saveProfile } from './profile-actions.server';

const { db } = setUpTestDatabase();

function profileForm(ftp: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'profile',
    firstname: 'Fay',
    lastname: 'Tee',
    country: '246',
    dob: '1990-05-01',
    weight: '70',
    height: '175',
    ftp,
  }))
    form.set(name, value);
  return form;
}

async function ftpOf(id: string) {
  const [row] = await db().select({ ftpW: users.ftpW }).from(users).where(eq(users.id, id));
  return row.ftpW;
}

describe("the profile form's FTP field (decision 106)", () => {
  it('saves a set FTP, clears it when emptied, and refuses a value out of range with its message', async () => {
    const rider = { ...(await createTestUser({ weightKg: 70, gender: 0 })), isStaff: false };
    const saved = await saveProfile(rider, profileForm('265'));
    expect(saved).toBeInstanceOf(Response);
    expect(await ftpOf(rider.id)).toBe(265);

    const refused = await saveProfile(rider, profileForm('2000'));
    expect(refused).not.toBeInstanceOf(Response);
    expect(JSON.stringify(refused)).toContain(FTP_FIELD_MESSAGE);
    expect(await ftpOf(rider.id)).toBe(265);

    await saveProfile(rider, profileForm(''));
    expect(await ftpOf(rider.id)).toBeNull();
  });
});

describe("the profile's FTP history (decision 141)", () => {
  it('lists every entry latest first with where it came from: the profile, or the ride it was detected from', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await setFtp(rider.id, 175, new Date('2010-01-01T00:00:00Z'));
    await ingestActivity(rider.id, new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit/garmin-bpg.fit'))));
    await setFtp(rider.id, null, new Date('2024-01-01T00:00:00Z'));
    const { request } = await signedInRequest(rider.id, 'http://localhost/user/profile');
    const { ftpHistory } = await loader({ request, params: {}, context: {} });
    expect(ftpHistory).toEqual([
      { at: '2024-01-01T00:00:00.000Z', ftpW: null, source: 'profile', rideTitle: null, rideDate: null, undone: false },
      { at: '2020-11-07T19:13:55.000Z', ftpW: 255, source: 'detected', rideTitle: 'Evening Ride', rideDate: '2020-11-07T19:13:55.000Z', undone: false },
      { at: '2010-01-01T00:00:00.000Z', ftpW: 175, source: 'profile', rideTitle: null, rideDate: null, undone: false },
    ]);
  });
});
