import { expect, type Page } from '@playwright/test';
import type { AccountKind } from './arrange';

/**
 * What the accounts screens' bindings share: accounts taken to their next step through
 * /e2e/account, and the checks of the forms whose answer the server decides (app/components/auth/FormPost.tsx).
 */

export const PATHS_PASSWORD = 'paths-password-1';

/** The account fields /e2e/account answers, and a step's own (STEPS there). */
export interface MadeAccount {
  email: string;
  id: string;
  code?: string;
  linkToken?: string;
  to?: string;
}

/**
 * A new account of `kind` that has taken `step` (verify-email, parental-consent, reset-password):
 * the cookie that step leaves is in the page's browser, as the flow that leads there leaves it.
 */
export async function accountAtStep(page: Page, kind: AccountKind, step: string, fields: Record<string, string> = {}): Promise<MadeAccount> {
  const response = await page.request.post('/e2e/account', { form: { kind, password: PATHS_PASSWORD, step, ...fields } });
  if (!response.ok()) throw new Error(`/e2e/account answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as MadeAccount;
}

/**
 * What the server was arranged to answer last: the step that arranges a refusal says which, and
 * the check of the state it leads to reads it (the model's context holds the catalogue's samples).
 */
export interface Answered {
  refusal: string | null;
}

const formStatus = (page: Page) => page.locator('.form-status');

/** The status line of the login and register forms until the robot check is done. */
export const ROBOT_CHECK_FIRST = 'Complete the robot check to submit.';

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit' });

async function expectRobotCheckFirst(page: Page) {
  await expect(formStatus(page)).toHaveText(ROBOT_CHECK_FIRST);
  await expect(submitButton(page)).toBeDisabled();
}

/** The login and register forms before the server answers: Submit waits for the robot check, then for the post. */
export const robotCheckedFormChecks = {
  waitingForRobotCheck: ({ page }: { page: Page }) => expectRobotCheckFirst(page),
  ready: async ({ page }: { page: Page }) => {
    await expect(submitButton(page)).toBeEnabled();
    await expect(formStatus(page)).toHaveText('');
  },
  submitting: ({ page }: { page: Page }) => expectSending(page, 'Submit'),
};

/** A refusal of the login or register form keeps the page, says why, and asks for a fresh robot check. */
export async function expectRefusedAskingForCheck(page: Page, message: string) {
  await expect(page.getByText(message)).toBeVisible();
  await expectRobotCheckFirst(page);
}

/** The status line of a sign-in form while its post is held (FormPostSubmit). */
export async function expectSending(page: Page, button: string) {
  await expect(formStatus(page)).toHaveText('Sending…');
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
}

/**
 * A form whose post the server answers with a refusal or a redirect (verify by code, forgot and
 * reset password): open while editing, with the refusal the server gave if any, and 'Sending…'
 * while its post is held. `button` names the submit button, after a refusal too.
 */
export function serverDecidedFormChecks<Arranged extends Answered>(button: string, afterRefusal = button) {
  return {
    editing: async ({ page, arranged }: { page: Page; arranged: Arranged }) => {
      await expect(page.getByRole('button', { name: arranged.refusal ? afterRefusal : button })).toBeEnabled();
      await expect(formStatus(page)).toHaveText('');
      const refusal = page.locator('form.auth-form [role="alert"]');
      if (arranged.refusal) await expect(refusal).toHaveText(arranged.refusal);
      else await expect(refusal).toHaveCount(0);
    },
    submitting: ({ page }: { page: Page }) => expectSending(page, button),
  };
}

/** A page the flow left for, with the toast it carried. */
export async function expectArrivedWithToast(page: Page, url: RegExp, toast: string) {
  await expect(page).toHaveURL(url);
  await expect(page.locator('.toast').getByText(toast)).toBeVisible();
}
