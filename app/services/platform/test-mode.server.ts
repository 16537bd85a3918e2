import { getEnv } from './env.server';

/**
 * Routes under /e2e exist only when APP_MODE=test (the browser-test server): the browser
 * tests run in another process than the embedded database, so they sign in and read the
 * outbox through these instead of writing rows directly. Everywhere else they are a 404.
 */
export function assertTestMode(): void {
  if (getEnv().APP_MODE !== 'test') throw new Response('Not Found', { status: 404 });
}
