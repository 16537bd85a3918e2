import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '~/db/schema';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { FTP_FIELD_MESSAGE } from './ftp-field';
import { saveProfile } from './profile-actions.server';

const { db } = useTestDatabase();

function profileForm(ftp: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: 'profile', firstname: 'Fay', lastname: 'Tee', country: '246', dob: '1990-05-01', weight: '70', height: '175', ftp })) form.set(name, value);
  return form;
}

async function ftpOf(id: string) {
  const [row] = await db().select({ ftpW: users.ftpW }).from(users).where(eq(users.id, id));
  return row.ftpW;
}

describe('the profile form\'s FTP field (decision 106)', () => {
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
