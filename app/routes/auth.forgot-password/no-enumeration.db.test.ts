import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { outbox, rateLimits } from '~/db/schema';
import { answerAsServer } from '../../../tests/helpers/account-timing';
import { queriesOf } from '../../../tests/helpers/query-count';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { createTestUser } from '../../../tests/helpers/users';
import { action } from './route';

setUpTestDatabase();

const forgot = (email: string) => formRequest('http://localhost:3000/auth/forgot-password', { email });

describe('forgot-password answers alike for known and unknown e-mails (issue 15 item 6)', () => {
  it('answers before the reset is issued; the mail reaches the outbox after the answer', async () => {
    const rider = await createTestUser();
    const request = forgot(rider.email);
    const { answer, send } = await answerAsServer(action, request);
    expect(answer.status).toBe(302);
    const mailFor = () => db().select().from(outbox).where(eq(outbox.recipient, rider.email));
    expect(await mailFor()).toEqual([]);
    await send();
    const [mail] = await mailFor();
    expect(mail.body).toMatch(/\/auth\/forgot-password2\?code=/);
  });

  it('does the same work before answering a known and an unknown e-mail: the same statements, the same answer', async () => {
    // The timing itself is a figure, not a test (`npm run bench:account-timing` prints it; on a
    // shared machine a millisecond bound is noise). What makes the times alike is that nothing
    // that depends on the account runs before the answer: that is checked here exactly.
    const rider = await createTestUser();
    const before = async (email: string) => {
      const { result, queries } = await queriesOf(() => answerAsServer(action, forgot(email)));
      const seen = { status: result.answer.status, location: result.answer.headers.get('Location'), queries };
      await result.send();
      await db().delete(rateLimits);
      return seen;
    };
    const known = await before(rider.email);
    const unknown = await before('nobody-by-this-name@example.com');
    expect(known).toEqual(unknown);
    expect(known.queries.some((query) => /"users"/.test(query))).toBe(false);
  });
});
