import { describe, expect, it, vi } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { ADULT_SIGN_UP } from '../../../tests/helpers/sign-up';
import { createTestUser } from '../../../tests/helpers/users';
import { action as registerAction } from '../auth.register/route';
import { action, LOGIN_FAILED_MESSAGE } from './route';

setUpTestDatabase();

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status?: number } | null };

async function login(fields: Record<string, string>, headers: HeadersInit = {}) {
  return action({ request: formRequest('http://localhost/auth/login', fields, headers), params: {}, context: {} });
}

const errorsOf = (reply: unknown) => (reply as Reply).data.result.error ?? {};
const statusOf = (reply: unknown) => (reply instanceof Response ? reply.status : (reply as Reply).init?.status);

describe('login action', () => {
  it("asks for the robot check: 'Please complete the reCAPTCHA'", async () => {
    const reply = await login({ email: 'rider@example.com', password: 'secret1' });
    expect(errorsOf(reply)['']).toEqual(['Please complete the reCAPTCHA']);
  });

  it('validates email and password with the spec messages', async () => {
    const reply = await login({ email: 'nope', password: '123' });
    expect(errorsOf(reply).email).toEqual(['Please enter correct email']);
    expect(errorsOf(reply).password).toEqual(['Password must be at least 6 characters']);
  });

  it('answers an unknown e-mail exactly like a wrong password (no enumeration)', async () => {
    const user = await createTestUser({ password: 'right-password' });
    const unknownStart = performance.now();
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever1', altcha: await solvedRobotCheck() });
    const unknownMs = performance.now() - unknownStart;
    const wrongStart = performance.now();
    const wrong = await login({ email: user.email, password: 'wrong-password', altcha: await solvedRobotCheck() });
    const wrongMs = performance.now() - wrongStart;
    expect(statusOf(unknown)).toBe(400);
    expect(statusOf(wrong)).toBe(400);
    expect(errorsOf(unknown)).toEqual({ '': [LOGIN_FAILED_MESSAGE] });
    expect(errorsOf(wrong)).toEqual(errorsOf(unknown));
    // Both paths run one argon2 verification; neither is an order of magnitude faster.
    expect(Math.max(unknownMs, wrongMs) / Math.min(unknownMs, wrongMs)).toBeLessThan(10);
  });

  it('signs in and goes to the guard redirect, else to the activities #profile', async () => {
    const user = await createTestUser({ password: 'right-password' });
    const withRedirect = (await login({ email: user.email, password: 'right-password', redirectTo: '/event/7', altcha: await solvedRobotCheck() })) as Response;
    expect(withRedirect.headers.get('Location')).toBe('/event/7');
    expect(withRedirect.headers.getSetCookie().some((cookie) => cookie.startsWith('paceline_token='))).toBe(true);
    const plain = (await login({ email: user.email, password: 'right-password', altcha: await solvedRobotCheck() })) as Response;
    expect(plain.headers.get('Location')).toBe('/user/activities#profile');
    const offSite = (await login({
      email: user.email,
      password: 'right-password',
      redirectTo: '//evil.example',
      altcha: await solvedRobotCheck(),
    })) as Response;
    expect(offSite.headers.get('Location')).toBe('/user/activities#profile');
  });

  it('sends a pending child to parental consent and a reset-required rider to reset password', async () => {
    const child = await createTestUser({ password: 'child-password', isKid: true, status: 'pending' });
    const consent = (await login({ email: child.email, password: 'child-password', altcha: await solvedRobotCheck() })) as Response;
    // A child's date of birth is never kept, so a returning child's age is not known.
    expect(consent.headers.get('Location')).toBe(`/parental-consent?childUserId=${child.id}`);
    const legacy = await createTestUser({ password: 'legacy-password', passwordResetRequired: true });
    const reset = (await login({ email: legacy.email, password: 'legacy-password', altcha: await solvedRobotCheck() })) as Response;
    expect(reset.headers.get('Location')).toMatch(/^\/auth\/forgot-password2\?code=/);
  });

  it('refuses after too many failed attempts for one account from one address', async () => {
    const email = 'hammered@example.com';
    let last: unknown;
    // The clock stands still: on a loaded machine an attempt could otherwise come after the
    // backoff's first one-second wait ended.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let attempt = 0; attempt < 11; attempt += 1) {
        last = await login({ email, password: 'whatever1', altcha: await solvedRobotCheck() });
      }
    } finally {
      vi.useRealTimers();
    }
    expect(statusOf(last)).toBe(429);
  });
});

const adult = ADULT_SIGN_UP;

async function register(fields: Record<string, string>) {
  return registerAction({ request: formRequest('http://localhost/auth/register', fields), params: {}, context: {} });
}

describe('register action', () => {
  it('applies every rule of spec 1 §5 with its exact message', async () => {
    const thisYear = new Date().getUTCFullYear();
    const reply = await register({
      ...adult,
      firstname: 'Лина',
      lastname: '',
      email: 'x@example.com',
      height: '260',
      consent_agree_privacy_notice: '',
    });
    const errors = errorsOf(reply);
    expect(errors.firstname).toEqual(['Non latin characters are not supported']);
    expect(errors.lastname).toEqual(['Last Name is required.']);
    expect(errors.height).toEqual(['The height field must be between 50 and 250']);
    expect(errors.consent_agree_privacy_notice).toEqual(['You must agree to the terms and conditions to register']);
    // Rules across fields (Zod runs them once every field is valid on its own).
    const crossField = errorsOf(
      await register({ ...adult, email: 'y@example.com', password_confirmation: 'other-pass', dob: `${thisYear - 3}-01-01`, weight: '44' }),
    );
    expect(crossField.password_confirmation).toEqual(["Password doesn't match"]);
    expect(crossField.dob).toEqual(['You must be at least 6 years old to register.']);
    expect(crossField.weight).toEqual(['The weight field must be 45 or more']);
    const male = errorsOf(await register({ ...adult, email: 'm@example.com', gender: '0', weight: '49' }));
    expect(male.weight).toEqual(['The weight field must be 50 or more']);
    const heavy = errorsOf(await register({ ...adult, email: 'h@example.com', weight: '141' }));
    expect(heavy.weight).toEqual(['The weight field must be 140 or less']);
  });

  it('sends an adult to login with a verification e-mail, and a taken e-mail gets the same answer', async () => {
    const fresh = (await register({ ...adult, email: 'new-rider@example.com', altcha: await solvedRobotCheck() })) as Response;
    expect(fresh.headers.get('Location')).toBe('/auth/login');
    const taken = (await register({ ...adult, email: 'new-rider@example.com', altcha: await solvedRobotCheck() })) as Response;
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get('Location')).toBe('/auth/login');
  });

  it('sends a minor to parental consent with childUserId and userAge', async () => {
    const thisYear = new Date().getUTCFullYear();
    const reply = (await register({
      ...adult,
      email: 'young@example.com',
      dob: `${thisYear - 12}-01-01`,
      weight: '45',
      altcha: await solvedRobotCheck(),
    })) as Response;
    expect(reply.headers.get('Location')).toMatch(/^\/parental-consent\?childUserId=[0-9a-f-]{36}&userAge=1[12]$/);
  });
});
