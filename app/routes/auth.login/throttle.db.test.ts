import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '~/services/platform/env.server';
import { clientAddress, LOGIN_THROTTLE, loginAllowed, recordLoginFailure } from '~/services/platform/rate-limit.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { createTestUser } from '../../../tests/helpers/users';
import { action, TOO_MANY_ATTEMPTS_MESSAGE } from './route';

setUpTestDatabase();

// The clock stands still while a test's attempts run: a backoff's first wait is one second, and
// on a loaded machine the next attempt could otherwise come after it ended (no 429 then).
// Tests that need time to pass name their instants.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.TRUSTED_PROXIES;
  resetEnvForTests();
});

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status?: number } | null };
const statusOf = (reply: unknown) => (reply instanceof Response ? reply.status : (reply as Reply).init?.status);

async function login(email: string, password: string, headers: Record<string, string>) {
  const request = formRequest('http://localhost/auth/login', { email, password, altcha: await solvedRobotCheck() }, headers);
  return action({ request, params: {}, context: {} });
}

const fromPeer = (peer: string, extra: Record<string, string> = {}) => ({ 'X-Paceline-Peer': peer, ...extra });

// Each sign-in solves a robot check and hashes a password: a dozen of them take seconds on a loaded machine.
describe('the sign-in limiter (issue 15 item 5, ASVS V6.3)', { timeout: 60_000 }, () => {
  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const email = 'sprayed@example.com';
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push(statusOf(await login(email, 'wrong-pass', fromPeer('203.0.113.7', { 'X-Forwarded-For': `198.51.100.${attempt}` }))));
    }
    expect(statuses.slice(0, LOGIN_THROTTLE.pair.freeFailures)).toEqual(Array(LOGIN_THROTTLE.pair.freeFailures).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });

  it("believes a configured proxy's X-Forwarded-For: the right-most hop it did not add itself", () => {
    process.env.TRUSTED_PROXIES = '10.0.0.1, 10.0.0.2';
    resetEnvForTests();
    const viaProxies = new Request('http://localhost/', { headers: fromPeer('10.0.0.1', { 'X-Forwarded-For': '6.6.6.6, 198.51.100.4, 10.0.0.2' }) });
    expect(clientAddress(viaProxies)).toBe('198.51.100.4');
    const direct = new Request('http://localhost/', { headers: fromPeer('198.51.100.9', { 'X-Forwarded-For': '6.6.6.6' }) });
    expect(clientAddress(direct)).toBe('198.51.100.9');
  });

  it("a stranger's wrong passwords do not lock the owner out from their own address", async () => {
    const owner = await createTestUser({ password: 'owners-password' });
    for (let attempt = 0; attempt < 12; attempt += 1) await login(owner.email, 'guess-pass', fromPeer('203.0.113.66'));
    expect(statusOf(await login(owner.email, 'guess-pass', fromPeer('203.0.113.66')))).toBe(429);
    const signedIn = (await login(owner.email, 'owners-password', fromPeer('192.0.2.10'))) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith('paceline_token='))).toBe(true);
  });

  it('a successful sign-in resets the count; successes never count', async () => {
    const owner = await createTestUser({ password: 'owners-password' });
    const peer = fromPeer('192.0.2.20');
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < LOGIN_THROTTLE.pair.freeFailures - 1; attempt += 1) {
        expect(statusOf(await login(owner.email, 'typo-pass', peer))).toBe(400);
      }
      expect(statusOf(await login(owner.email, 'owners-password', peer))).toBe(302);
    }
  });

  it('backs off with doubling waits instead of a hard lock, and the wait ends', async () => {
    const attempt = { account: 'backoff@example.com', address: '192.0.2.30' };
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (let failure = 0; failure < LOGIN_THROTTLE.pair.freeFailures; failure += 1) await recordLoginFailure(attempt, start);
    expect(await loginAllowed(attempt, start)).toBe(true);
    await recordLoginFailure(attempt, start);
    expect(await loginAllowed(attempt, at(999))).toBe(false);
    expect(await loginAllowed(attempt, at(1_000))).toBe(true);
    await recordLoginFailure(attempt, at(1_000));
    expect(await loginAllowed(attempt, at(2_999))).toBe(false);
    expect(await loginAllowed(attempt, at(3_000))).toBe(true);
  });

  it('limits one address spraying many accounts, without touching other addresses', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    const address = '203.0.113.99';
    for (let account = 0; account <= LOGIN_THROTTLE.address.freeFailures; account += 1) {
      await recordLoginFailure({ account: `victim${account}@example.com`, address }, now);
    }
    expect(await loginAllowed({ account: 'fresh@example.com', address }, now)).toBe(false);
    expect(await loginAllowed({ account: 'fresh@example.com', address: '192.0.2.99' }, now)).toBe(true);
  });

  it('answers a throttled attempt with the spec message and a 429', async () => {
    const peer = fromPeer('203.0.113.5');
    let reply: unknown;
    for (let attempt = 0; attempt <= LOGIN_THROTTLE.pair.freeFailures + 1; attempt += 1) reply = await login('x@example.com', 'wrong-pass', peer);
    expect(statusOf(reply)).toBe(429);
    expect((reply as Reply).data.result.error?.['']).toEqual([TOO_MANY_ATTEMPTS_MESSAGE]);
  });
});
