import type { Cookie, Page } from '@playwright/test';
import type { ArrangeArgs } from './binding';

/**
 * Helpers bindings share to arrange what the server will answer, through the `/e2e` routes of
 * APP_MODE=test (app/routes/e2e.*).
 */

/**
 * Posts to a test route from inside the page, so the server counts it from the page's own
 * address (the test server trusts no proxy: a header cannot name another one). Answers the JSON.
 */
export async function postFromPage<Answer>(page: Page, url: string, form: Record<string, string>): Promise<Answer> {
  return page.evaluate(
    async ({ url, form }) => {
      const response = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    { url, form },
  );
}

/** The kinds of account a sign-in tells apart (app/routes/e2e.account). */
export type AccountKind = 'active' | 'unverified' | 'pending-child' | 'reset-required';

/** A new account of that kind, not signed in; answers its e-mail. */
export async function makeAccount(page: Page, kind: AccountKind, password: string): Promise<string> {
  const response = await page.request.post('/e2e/account', { form: { kind, password } });
  if (!response.ok()) throw new Error(`/e2e/account answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { email: string }).email;
}

/** A new adult rider, signed in (app/routes/e2e.rider), on `path`. */
export async function openAsNewRider(page: Page, path: string) {
  await page.goto(`/e2e/rider?${new URLSearchParams({ redirectTo: path })}`);
}

/**
 * One adult rider per test worker and machine, signed in for this path: for paths that change
 * nothing another path checks (each path still opens its own page). Its session's cookies are
 * made once and added to each path's context.
 */
export async function signInAsSharedRider(page: Page, once: ArrangeArgs['once']) {
  const cookies = await once<Cookie[]>('shared rider', async () => {
    const response = await page.request.get('/e2e/rider?redirectTo=/healthz');
    if (!response.ok()) throw new Error(`/e2e/rider answered ${response.status()}`);
    return page.context().cookies();
  });
  await page.context().addCookies(cookies);
}
