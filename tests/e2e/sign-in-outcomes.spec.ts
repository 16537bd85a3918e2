import { expect, test, type Page } from './fixtures';
import { SIGN_IN_MESSAGES } from '../../app/lib/account-messages';
import { MESSAGES } from '../../app/lib/account-fields';
import { fillRegister, ownAddress, passRobotCheck } from './accounts-helpers';

// Every outcome the server answers to the login and register forms, as the rider meets it
// (decision 136): the action returns the outcome, the form's machine takes it, the page shows
// it or leaves for the next one. The status line under Submit names the machine's state.

const status = (page: Page) => page.locator('.form-status');

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Replaces the solved check's payload before posting, as a forged or replayed one would arrive. */
async function forgeRobotCheck(page: Page) {
  await page.locator('input[name="altcha"]').evaluate((input) => ((input as HTMLInputElement).value = 'forged'));
}

test('login: fields the server refuses keep the page with the error beside the field and ask for a fresh check', async ({ page }) => {
  await ownAddress(page);
  await page.goto('/auth/login');
  // The page checks its fields before posting: a post changed on its way is what meets the server's own check.
  await page.route('**/auth/login.data*', (route) =>
    route.continue({ postData: (route.request().postData() ?? '').replace(/(^|&)email=[^&]*/, '$1email=not-an-address') }),
  );
  await login(page, 'rider@paceline.local', 'paceline-demo');
  await expect(status(page)).toHaveAttribute('data-state', 'invalidFields');
  await expect(status(page)).toHaveText('Complete the robot check to submit.');
  await expect(page.getByText(MESSAGES.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.unrouteAll();
  await passRobotCheck(page);
  await expect(status(page)).toHaveAttribute('data-state', 'ready');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('login: every outcome the server answers, from wrong credentials and the backoff to the redirect chain', async ({ page }) => {
  await ownAddress(page);
  await page.clock.install();
  const stamp = Date.now();

  await page.goto('/auth/login');
  await login(page, 'rider@paceline.local', 'not-the-password');
  await expect(page.getByText(SIGN_IN_MESSAGES.wrongCredentials)).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-state', 'wrongCredentials');
  await expect(page.getByLabel('Email')).toHaveValue('');

  await page.getByLabel('Email').fill('rider@paceline.local');
  await page.getByLabel('Password').fill('paceline-demo');
  await passRobotCheck(page);
  await forgeRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(status(page)).toHaveAttribute('data-state', 'robotCheckFailed');
  await expect(page.getByText(MESSAGES.robotCheck)).toBeVisible();

  // Past the free failures each one doubles the wait; the attempt that meets a wait is turned away with it.
  const hammered = `hammered-${stamp}@example.com`;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    await login(page, hammered, 'whatever-1');
    await expect(status(page)).toHaveAttribute('data-state', /^(wrongCredentials|tooManyAttempts)$/);
    if ((await status(page).getAttribute('data-state')) === 'tooManyAttempts') break;
  }
  await expect(status(page)).toHaveAttribute('data-state', 'tooManyAttempts');
  await expect(page.getByText(SIGN_IN_MESSAGES.tooManyAttempts)).toBeVisible();
  await expect(status(page)).toHaveText(/^You can try again in \d+ s\.$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  const waitSeconds = Number(/(\d+) s/.exec((await status(page).textContent()) ?? '')?.[1]);
  await page.clock.fastForward(waitSeconds * 1000);
  await expect(status(page)).toHaveText('Complete the robot check to submit.');

  // An account that must choose a new password, a child waiting for consent, an e-mail not verified.
  await login(page, 'legacy@paceline.local', 'paceline-demo');
  await expect(page).toHaveURL(/\/auth\/forgot-password2\?code=/);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();

  const child = `pending-kid-${stamp}@example.com`;
  await page.goto('/auth/register');
  await fillRegister(page, child, `${new Date().getUTCFullYear() - 12}-03-03`);
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/parental-consent\?/);
  await page.goto('/auth/login');
  await login(page, child, 'ride-hard-1');
  // A returning child's age is not known: their date of birth is never kept (decision 177).
  await expect(page).toHaveURL(/\/parental-consent\?childUserId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
  await expect(page.getByText(/^A rider must be above 18 to create their own account/)).toBeVisible();

  const adult = `unverified-${stamp}@example.com`;
  await page.goto('/auth/register');
  await fillRegister(page, adult, '1990-05-06');
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText(SIGN_IN_MESSAGES.registered)).toBeVisible();
  await login(page, adult, 'ride-hard-1');
  await expect(page).toHaveURL(/\/auth\/verification$/);
  await expect(page.getByText(SIGN_IN_MESSAGES.verifyEmail)).toBeVisible();

  // Signed in: the redirect chain — a partner's authorization waiting, the stored return path, else the profile.
  const authorize = `/oauth/authorize?${new URLSearchParams({
    client_id: 'demo-partner',
    redirect_uri: 'http://127.0.0.1:8765/callback',
    response_type: 'code',
    scope: 'profile:read',
    state: 'outcomes',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;
  await page.goto(authorize);
  await login(page, 'rider@paceline.local', 'paceline-demo');
  await expect(page.getByRole('heading', { name: 'Authorize Demo Training Log to Paceline' })).toBeVisible();
  // Signed out away from the site: a signed-in page left open would see its session go (its check
  // runs on window focus, which another worker's page can move) and leave for login with itself
  // as the return path, racing the navigation below.
  await signOutAway(page);
  await page.goto('/my-teams');
  await login(page, 'rider@paceline.local', 'paceline-demo');
  await expect(page).toHaveURL(/\/my-teams$/);
  await signOutAway(page);
  await page.goto('/auth/login');
  await login(page, 'rider@paceline.local', 'paceline-demo');
  await expect(page).toHaveURL(/\/user\/activities#profile$/);
});

test('register: field errors only the server finds and a refused robot check keep the page and ask for a fresh check', async ({ page }) => {
  await ownAddress(page);
  await page.goto('/auth/register');
  await fillRegister(page, `common-${Date.now()}@example.com`, '1990-05-06');
  await page.getByLabel('Password *', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(status(page)).toHaveAttribute('data-state', 'invalidFields');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  await page.getByLabel('Password *', { exact: true }).fill('ride-hard-1');
  await page.getByLabel('Confirm Password').fill('ride-hard-1');
  await passRobotCheck(page);
  await forgeRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(status(page)).toHaveAttribute('data-state', 'robotCheckFailed');
  await expect(page.getByText(MESSAGES.robotCheck)).toBeVisible();
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

/** Leaves the site, then drops its cookies: no page of the site is left to notice the lost session. */
async function signOutAway(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}
