// Issue 15 item 6 and issue 25 item 2: how long forgot-password, registration and the
// parental-consent step take to answer for an e-mail that has an account and for one that has none, interleaved, on an in-memory PGlite. The answers
// must take the same time (the work that differs runs after the response, decision 064).
//   npm run bench:account-timing            (BENCH_ROUNDS=200 by default)
// The environment is set before the app's modules load (hence the dynamic imports).
export {};
process.env.APP_MODE = 'test';
process.env.ALTCHA_MAX_NUMBER ??= '20';
process.env.STORAGE_DIR ??= 'data/bench-uploads';

const { closeDatabase, openDatabase } = await import('~/db/client.server');
const { action: forgotAction } = await import('~/routes/auth.forgot-password/route');
const { action: registerAction } = await import('~/routes/auth.register/route');
const { timeKinds } = await import('../tests/helpers/account-timing');
const { formRequest, solvedRobotCheck } = await import('../tests/helpers/robot');
const { createTestUser } = await import('../tests/helpers/users');
const { ADULT_SIGN_UP } = await import('../tests/helpers/sign-up');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const opened = await openDatabase({ engine: 'pglite' });
await opened.migrate();

function print(title: string, rounds: number, figures: Awaited<ReturnType<typeof timeKinds>>, labels: [string, string]) {
  const row = (label: string, { median, p90 }: { median: number; p90: number }) =>
    `${label.padEnd(10)} median ${median.toFixed(2).padStart(7)} ms   p90 ${p90.toFixed(2).padStart(7)} ms`;
  console.log(`${title} (${rounds} interleaved pairs)`);
  console.log(`  ${row(labels[0], figures.known)}`);
  console.log(`  ${row(labels[1], figures.unknown)}`);
  console.log(`  paired gap (median of ${labels[0]} − ${labels[1]}): ${figures.gap.toFixed(2)} ms`);
}

const rider = await createTestUser();
const forgot = (email: string) => async () => formRequest('http://localhost:3000/auth/forgot-password', { email });
print('forgot-password', ROUNDS, await timeKinds(forgotAction, { known: forgot(rider.email), unknown: forgot('nobody-by-this-name@example.com') }, ROUNDS), [
  'known',
  'unknown',
]);

const adult = ADULT_SIGN_UP;
let fresh = 0;
const register = (email: () => string) => async () =>
  formRequest('http://localhost:3000/auth/register', { ...adult, email: email(), altcha: await solvedRobotCheck() });
// Registration hashes a password on both paths (tens of ms): fewer rounds.
const registerRounds = Math.ceil(ROUNDS / 4);
print(
  'register',
  registerRounds,
  await timeKinds(registerAction, { known: register(() => rider.email), unknown: register(() => `fresh-${(fresh += 1)}@example.com`) }, registerRounds),
  ['taken', 'new'],
);
// Issue 25 item 2: the parental-consent step, for a parent's address that has an account and one that has none.
const { action: consentAction } = await import('~/routes/parental-consent/route');
const { writeFlow } = await import('~/services/platform/flow-state.server');
const child = await createTestUser({ isKid: true, status: 'pending', dob: '2015-01-01' });
const consentCookie = (await writeFlow('consent', { childUserId: child.id, userAge: 11, childEmail: child.email })).split(';')[0];
let parents = 0;
const consent = (email: () => string) => async () =>
  formRequest(
    `http://localhost:3000/parental-consent?childUserId=${child.id}&userAge=11`,
    { intent: 'submit', parentEmail: email() },
    { Cookie: consentCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
  );
print(
  'parental consent',
  ROUNDS,
  await timeKinds(consentAction, { known: consent(() => rider.email), unknown: consent(() => `parent-${(parents += 1)}@example.com`) }, ROUNDS),
  ['account', 'new'],
);
await closeDatabase();
