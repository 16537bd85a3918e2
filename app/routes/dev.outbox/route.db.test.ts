import { afterEach, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { sendMail } from '~/services/adapters/mail.server';
import { resetEnvForTests } from '~/services/platform/env.server';
import { applyProductionEnv } from '../../../tests/helpers/production-env';
import { loader } from './route';

setUpTestDatabase();

afterEach(() => {
  delete process.env.APP_MODE;
  delete process.env.OUTBOX_LOOPBACK;
  resetEnvForTests();
});

function setMode(mode: 'development' | 'test' | 'production', extra: Record<string, string> = {}) {
  process.env.APP_MODE = mode;
  Object.assign(process.env, extra);
  resetEnvForTests();
}

const outboxUrl = 'http://localhost/dev/outbox';
const args = (request: Request) => ({ request, params: {}, context: {} });

describe('/dev/outbox', () => {
  it.each(['development', 'test'] as const)('lists the outbox newest first to staff in %s', async (mode) => {
    setMode(mode);
    await sendMail({ to: 'first@example.com', subject: 'First', text: 'one' });
    await sendMail({ to: 'second@example.com', subject: 'Second', text: 'two' });
    const staff = await createTestUser({ role: 'staff' });
    const { request } = await signedInRequest(staff.id, outboxUrl);
    const { messages } = await loader(args(request));
    expect(messages.slice(0, 2).map((message) => message.subject)).toEqual(['Second', 'First']);
  });

  it.each(['development', 'test'] as const)('never shows a visitor or a rider the reset links in %s', async (mode) => {
    setMode(mode);
    await sendMail({ to: 'victim@example.com', subject: 'Reset', text: 'http://localhost/auth/forgot-password2?code=secret' });
    const visitor = await thrownResponse(loader(args(new Request(outboxUrl))));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toContain('/auth/login');
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, outboxUrl);
    expect((await thrownResponse(loader(args(request)))).status).toBe(403);
  });

  it('opens to loopback requests only when OUTBOX_LOOPBACK=true and nothing was forwarded', async () => {
    setMode('development');
    const local = new Request(outboxUrl, { headers: { 'X-Paceline-Peer': '127.0.0.1' } });
    expect((await thrownResponse(loader(args(local)))).status).toBe(302);
    setMode('development', { OUTBOX_LOOPBACK: 'true' });
    expect((await loader(args(local))).messages).toBeInstanceOf(Array);
    const forwarded = new Request(outboxUrl, { headers: { 'X-Paceline-Peer': '127.0.0.1', 'X-Forwarded-For': '203.0.113.9' } });
    expect((await thrownResponse(loader(args(forwarded)))).status).toBe(302);
    const remote = new Request(outboxUrl, { headers: { 'X-Paceline-Peer': '203.0.113.9' } });
    expect((await thrownResponse(loader(args(remote)))).status).toBe(302);
  });

  it('is a 404 in production', async () => {
    const restore = applyProductionEnv();
    try {
      await expect(loader(args(new Request(outboxUrl)))).rejects.toMatchObject({ status: 404 });
    } finally {
      restore();
    }
  });
});
