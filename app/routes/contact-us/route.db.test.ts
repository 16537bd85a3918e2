import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { contactMessages, outbox, users } from '~/db/schema';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action, CONTACT_LIMITED_MESSAGE, CONTACT_TRAP_FIELD } from './route';

const { db } = setUpTestDatabase();

async function post(fields: Record<string, string>, signedInAs?: string) {
  const init = { method: 'POST', body: new URLSearchParams(fields) };
  const request = signedInAs
    ? (await signedInRequest(signedInAs, 'http://localhost/contact-us', init)).request
    : new Request('http://localhost/contact-us', init);
  const result = await action({ request, params: {}, context: {} });
  // Failures are data() with a status; success is the plain object.
  return 'init' in result && result.init ? { status: result.init.status, body: result.data } : { status: 200, body: result as { sent: boolean } };
}

const valid = { name: 'Amira Haddad', phone: '+971 50 123 4567', email: 'amira@example.com', message: 'My trainer drops out on the AlUla climb.' };

describe('POST /contact-us', () => {
  it.each([
    [{ ...valid, name: '  ' }, 'name', 'First Name is required'],
    [{ ...valid, email: 'amira-at-example' }, 'email', 'A valid email is required'],
    [{ ...valid, message: 'Too short' }, 'message', 'Message must be at least 10 characters long'],
  ])('rejects %# with its message and stores nothing', async (fields, field, message) => {
    const { status, body } = await post(fields);
    expect(status).toBe(400);
    expect(body).toMatchObject({ sent: false, result: { error: { [field]: [message], '': [message] } } });
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it('joins every server error into the form errors, one per line', async () => {
    const { body } = await post({ name: '', email: '', message: '' });
    const formErrors = (body as { result: { error: Record<string, string[]> } }).result.error[''];
    expect(formErrors.join('\n')).toBe('First Name is required\nA valid email is required\nMessage must be at least 10 characters long');
  });

  it('stores a valid message and mails it to SUPPORT_EMAIL', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(200);
    expect(body).toMatchObject({ sent: true });
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.email, 'amira@example.com'));
    expect(stored).toMatchObject({ name: 'Amira Haddad', phone: '+971 50 123 4567', message: valid.message });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'support@paceline.local'));
    expect(mail.subject).toBe('Contact form: Amira Haddad');
    expect(mail.body).toContain('From: Amira Haddad <amira@example.com>');
    expect(mail.body).toContain(valid.message);
    expect(mail.meta).toMatchObject({ contactMessageId: stored.id, replyTo: 'amira@example.com' });
    expect([stored.userId, mail.accountId]).toEqual([null, null]);
  });

  it("ties a signed-in sender's message and its mail to support to the account, so both go with it (issue 35 item 8)", async () => {
    const rider = await createTestUser();
    expect((await post({ ...valid, email: 'signed-in@example.com' }, rider.id)).status).toBe(200);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.email, 'signed-in@example.com'));
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.meta} ->> 'contactMessageId' = ${String(stored.id)}`);
    expect([stored.userId, mail.accountId]).toEqual([rider.id, rider.id]);
    await db().delete(users).where(eq(users.id, rider.id));
    expect(await db().$count(contactMessages, eq(contactMessages.id, stored.id))).toBe(0);
    expect(await db().$count(outbox, eq(outbox.id, mail.id))).toBe(0);
  });

  it('accepts a message without a phone number', async () => {
    const { status } = await post({ ...valid, phone: '', email: 'nophone@example.com' });
    expect(status).toBe(200);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.email, 'nophone@example.com'));
    expect(stored.phone).toBeNull();
  });

  it('stores nothing when the hidden trap field is filled, yet answers like a success (issue 15 item 11)', async () => {
    const { status, body } = await post({ ...valid, email: 'robot@example.com', [CONTACT_TRAP_FIELD]: 'https://spam.example' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ sent: true });
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, 'robot@example.com'))).toHaveLength(0);
  });

  it('limits messages per sender and per address (issue 15 item 11)', async () => {
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await post({ ...valid, email: 'chatty@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post({ ...valid, email: 'chatty@example.com' });
    expect((limited.body as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([CONTACT_LIMITED_MESSAGE]);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, 'chatty@example.com'))).toHaveLength(3);
  });
});
