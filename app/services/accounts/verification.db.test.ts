import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { VERIFICATION_CODE_TTL_MS } from '~/lib/constants';
import { consumeRateLimit, RATE_LIMITS } from '../platform/rate-limit.server';
import { checkCode, checkLink, issueVerification } from './verification.server';
import { verifyRobotCheck } from '../adapters/captcha.server';
import { solvedRobotCheck } from '../../../tests/helpers/robot';

setUpTestDatabase();

describe('one-time codes', () => {
  it('are six random digits, single use, and stored only as hashes', async () => {
    const user = await createTestUser();
    const issued = await issueVerification(user.id, 'verify-email', user.email);
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.key.length).toBeGreaterThanOrEqual(43);
    expect(await checkCode(issued.key, issued.code, 'verify-email')).toMatchObject({ ok: true, userId: user.id });
    expect(await checkCode(issued.key, issued.code, 'verify-email')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expire after 10 minutes', async () => {
    const user = await createTestUser();
    const issuedAt = new Date();
    const issued = await issueVerification(user.id, 'reset-password', user.email, issuedAt);
    const later = new Date(issuedAt.getTime() + VERIFICATION_CODE_TTL_MS + 1);
    expect(await checkLink(issued.linkToken, 'reset-password', later)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are replaced by a resend: the old code and link stop working', async () => {
    const user = await createTestUser();
    const first = await issueVerification(user.id, 'verify-email', user.email);
    const second = await issueVerification(user.id, 'verify-email', user.email);
    expect(await checkCode(first.key, first.code, 'verify-email')).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkLink(first.linkToken, 'verify-email')).toEqual({ ok: false, reason: 'invalid' });
    expect((await checkLink(second.linkToken, 'verify-email')).ok).toBe(true);
  });

  it('are spent after five wrong guesses', async () => {
    const user = await createTestUser();
    const issued = await issueVerification(user.id, 'verify-email', user.email);
    const wrong = issued.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) await checkCode(issued.key, wrong, 'verify-email');
    expect(await checkCode(issued.key, issued.code, 'verify-email')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('only work for their own purpose', async () => {
    const user = await createTestUser();
    const issued = await issueVerification(user.id, 'delete-account', user.email);
    expect((await checkLink(issued.linkToken, 'reset-password')).ok).toBe(false);
  });
});

describe('rate limits', () => {
  it('refuse the attempt after the per-account limit and count again in a new window', async () => {
    const limit = RATE_LIMITS['forgot-password'].account.hits;
    const now = new Date();
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect(await consumeRateLimit('forgot-password', { account: 'limit@example.com', address: `10.0.0.${attempt}` }, now)).toBe(true);
    }
    expect(await consumeRateLimit('forgot-password', { account: 'limit@example.com', address: '10.0.1.1' }, now)).toBe(false);
    const nextWindow = new Date(now.getTime() + RATE_LIMITS['forgot-password'].account.windowMs + 1000);
    expect(await consumeRateLimit('forgot-password', { account: 'limit@example.com', address: '10.0.1.2' }, nextWindow)).toBe(true);
  });

  it('refuse the attempt after the per-address limit, whatever the account', async () => {
    const limit = RATE_LIMITS.register.address.hits;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      await consumeRateLimit('register', { account: `a${attempt}@example.com`, address: '192.0.2.9' });
    }
    expect(await consumeRateLimit('register', { account: 'fresh@example.com', address: '192.0.2.9' })).toBe(false);
  });

  it('refuse when the database cannot count (they do not fail open)', async () => {
    // PostgreSQL rejects a NUL byte in text: the counter's write fails.
    expect(await consumeRateLimit('code-check', { account: 'bad\u0000key', address: 'local' })).toBe(false);
  });
});

describe('the robot check', () => {
  it('accepts a solved challenge once and refuses a replay or garbage', async () => {
    const payload = await solvedRobotCheck();
    expect(await verifyRobotCheck(payload)).toBe(true);
    expect(await verifyRobotCheck(payload)).toBe(false);
    expect(await verifyRobotCheck('not-a-payload')).toBe(false);
    expect(await verifyRobotCheck(null)).toBe(false);
  });
});
