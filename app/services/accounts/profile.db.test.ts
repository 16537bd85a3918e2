import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { db } from '~/db/client.server';
import { outbox, sessions, users } from '~/db/schema';
import { action as profileAction } from '~/routes/user.profile/route';
import { sendParentalConsent, verifyAccountLink } from './accounts.server';
import { getOptionalUser } from './auth.server';
import { getProfile, isCustomAvatar, readAvatar, removeAvatar, setAvatar } from './profile.server';
import { confirmAccountDeletion, requestAccountDeletion } from './deletion.server';
import { requestPasswordReset } from './recovery.server';

setUpTestDatabase();

async function postProfile(userId: string, fields: Record<string, string>) {
  const { request } = await signedInRequest(userId, 'http://localhost/user/profile');
  const form = formRequest('http://localhost/user/profile', fields, { Cookie: request.headers.get('Cookie') ?? '' });
  return profileAction({ request: form, params: {}, context: {} });
}

const profileFields = { intent: 'profile', firstname: 'Sam', lastname: 'Junior', country: '246', weight: '45', height: '150' };

describe('profile rules on the server', () => {
  it("never writes a child's date of birth, whatever the browser sends", async () => {
    const kid = await createTestUser({ isKid: true, gender: 1 });
    const reply = await postProfile(kid.id, { ...profileFields, dob: '1990-01-01' });
    expect((reply as Response).status).toBe(302);
    expect(await getProfile(kid.id)).toMatchObject({ firstname: 'Sam', dob: null });
  });

  it('applies the weight rule by the stored gender', async () => {
    const rider = await createTestUser({ gender: 0, dob: '1990-01-01' });
    const reply = (await postProfile(rider.id, { ...profileFields, dob: '1990-01-01', weight: '48' })) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(reply.data.result.error.weight).toEqual(['The weight field must be 50 or more']);
  });

  it('refuses a profile change without a session (guard)', async () => {
    const rider = await createTestUser();
    const request = formRequest('http://localhost/user/profile', { ...profileFields, intent: 'profile' });
    await expect(profileAction({ request, params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
    expect((await getProfile(rider.id))?.firstname).toBe('Test');
  });
});

describe('avatars', () => {
  it('stores a 200x200 JPEG for a real image and refuses anything else by content', async () => {
    const rider = await createTestUser();
    expect(await setAvatar(rider.id, new TextEncoder().encode('GIF89a but not really'))).toEqual({ ok: false, message: 'Invalid Image Type' });
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect(await setAvatar(rider.id, new Uint8Array(png))).toEqual({ ok: true });
    const profile = await getProfile(rider.id);
    expect(isCustomAvatar(profile?.avatar)).toBe(true);
    const stored = await readAvatar(rider.id);
    const metadata = await sharp(Buffer.from(stored!)).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([200, 200, 'jpeg']);
    await removeAvatar(rider.id);
    expect(isCustomAvatar((await getProfile(rider.id))?.avatar)).toBe(false);
  });
});

describe('parental consent and deletion', () => {
  it("sends no link to the child's own address or another child's, then activates the child through the parent's link", async () => {
    const other = await createTestUser({ isKid: true });
    const kid = await createTestUser({ isKid: true, status: 'pending' });
    await sendParentalConsent(kid.id, kid.email);
    await sendParentalConsent(kid.id, other.email);
    const linksTo = async (address: string) => (await db().select().from(outbox).where(eq(outbox.recipient, address))).filter((mail) => mail.meta?.link);
    expect(await linksTo(kid.email)).toEqual([]);
    expect(await linksTo(other.email)).toEqual([]);
    await sendParentalConsent(kid.id, 'mum@example.com');
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'mum@example.com'));
    const token = new URL(String(mail.meta?.link)).searchParams.get('es') ?? '';
    expect((await verifyAccountLink('verify-kid', token)).ok).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.id, kid.id));
    expect([row.status, row.parentEmail]).toEqual(['active', 'mum@example.com']);
  });

  it("sends a child's deletion confirmation to the parent and deletes the account and its sessions on the link", async () => {
    const kid = await createTestUser({ isKid: true, parentEmail: 'dad@example.com' });
    const { request } = await signedInRequest(kid.id);
    expect(await requestAccountDeletion(kid.id)).toEqual({ ok: true, sentTo: 'dad@example.com', forChild: true });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'dad@example.com'));
    const token = new URL(String(mail.meta?.link)).pathname.split('/').pop() ?? '';
    expect(await confirmAccountDeletion(token)).toMatchObject({ ok: true });
    expect(await confirmAccountDeletion(token)).toMatchObject({ ok: false, message: 'This link is invalid or has expired.' });
    expect(await db().select().from(users).where(eq(users.id, kid.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, kid.id))).toEqual([]);
    expect(await getOptionalUser(request)).toBeNull();
  });

  it('sends a reset link only to an existing active account', async () => {
    const rider = await createTestUser();
    await requestPasswordReset(rider.email);
    await requestPasswordReset('ghost@example.com');
    expect(await db().select().from(outbox).where(eq(outbox.recipient, rider.email))).toHaveLength(1);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'ghost@example.com'))).toHaveLength(0);
  });
});
