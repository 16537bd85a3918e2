import { getEnv } from './env.server';

/**
 * Routes under /e2e exist only when APP_MODE=test (the browser-test server): the browser
 * tests run in another process than the embedded database, so they sign in and read the
 * outbox through these instead of writing rows directly. Everywhere else they are a 404.
 */
export function assertTestMode(): void {
  if (getEnv().APP_MODE !== 'test') throw new Response('Not Found', { status: 404 });
}

/** Test mode only: how many seconds `npm run test:scale` asks an upload's analysis to wait before it may start. */
export const TEST_HOLD_HEADER = 'X-Paceline-Test-Hold-Seconds';

export function testHoldSeconds(request: Request): number | undefined {
  if (getEnv().APP_MODE !== 'test') return undefined;
  const seconds = Number(request.headers.get(TEST_HOLD_HEADER));
  return Number.isInteger(seconds) && seconds > 0 && seconds <= 60 ? seconds : undefined;
}
