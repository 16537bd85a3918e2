import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BADGE_TEXT, walletVerificationStatusMachine, type WalletVerificationStatus } from '~/machines/wallet-verification-status.machine';
import { readOutbox } from '../../../tests/helpers/e2e';
import { arrangeFor, openWalletFromMenu, signInAsNewRider } from '../../../tests/paths/browser/arrange-shop-wallet';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// Two screens show the machine: the wallet's badge and action button, which read the status
// from the page's data each time the wallet loads (STATUS: the rider opens Wallet from the
// account menu), and the verification form, which submits (SUBMIT, then FAILED or SUBMITTED).
// Each path has a rider of its own; the status moves on the server as elsewhere it would (a
// submission from another tab, staff deciding it: app/routes/e2e.wallet). The form's post is
// held, so Submitting... is seen; a submission meant to fail carries codes that were never sent.

const REJECTION = 'The screenshot does not show the account';
const ACTION: Record<WalletVerificationStatus, string | null> = {
  unverified: 'Verify Account',
  rejected: 'Reverify Account',
  approved: 'Withdraw',
  pending: null,
};
const WALLET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const onVerificationForm = (page: Page) => new URL(page.url()).pathname === '/wallet/account-verification';
const submit = (page: Page) => page.locator('#wallet-verification').getByRole('button', { name: /^(Submit|Submitting\.\.\.)$/ });
const rejectedNotice = (page: Page) => page.getByText(`Your last verification was rejected: ${REJECTION}`);

/** What the screen open now shows of a status: the wallet's badge and button, or the form's notice, Submit and error. */
async function showsStatus(page: Page, status: WalletVerificationStatus, error: string | null) {
  if (onVerificationForm(page)) {
    await expect(submit(page)).toHaveText('Submit');
    await expect(submit(page)).toBeEnabled();
    await expect(rejectedNotice(page)).toHaveCount(status === 'rejected' ? 1 : 0);
    const formError = page.locator('#wallet-verification .form-errors');
    if (error) await expect(formError).toHaveText(error);
    else await expect(formError).toHaveCount(0);
    return;
  }
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-badge')).toHaveText(BADGE_TEXT[status]);
  const header = page.locator('.wallet-header');
  const action = ACTION[status];
  if (action) await expect(header.getByRole('link', { name: action })).toBeVisible();
  else await expect(header.getByRole('link')).toHaveCount(0);
  await expect(header.getByText(`Reason: ${REJECTION}`)).toHaveCount(status === 'rejected' ? 1 : 0);
}

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Fills the verification form; with `realCodes`, the codes the two buttons had sent, otherwise codes never sent. */
async function fillVerification(page: Page, realCodes: boolean) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const binanceEmail = `binance-paths-${stamp}@example.com`;
  const phone = `50${stamp.slice(-7)}`;
  await page.getByLabel('Binance email').fill(binanceEmail);
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Wallet address').fill(WALLET_ADDRESS);
  let codes = { phone: '000000', email: '000000' };
  if (realCodes) {
    for (const button of ['phone_key-button', 'email_key-button']) {
      await page.getByTestId(button).click();
      await expect(page.getByTestId(button)).toHaveText(/^Wait \d+s$/);
    }
    const [sms] = await readOutbox(page, `+971${phone}`);
    const [mail] = await readOutbox(page, binanceEmail);
    codes = { phone: String(sms!.meta?.code), email: String(mail!.meta?.code) };
  }
  await page.getByLabel('Phone code').fill(codes.phone);
  await page.getByLabel('Email code').fill(codes.email);
  await page.getByLabel(/Passport proof/).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await png() });
  await page.getByLabel(/Binance screenshots/).setInputFiles([{ name: 's1.png', mimeType: 'image/png', buffer: await png() }]);
  await page.getByLabel(/I accept the/).check();
}

export default defineBinding(walletVerificationStatusMachine, {
  async arrange({ page }) {
    await signInAsNewRider(page);
    await page.goto('/wallet');
  },
  holds: { submit: postTo('/wallet/account-verification') },
  states: {
    // Decides on the status at once (eventless): the machine never rests there, so no step reaches it.
    resolving: () => Promise.reject(new Error('resolving is left at once: no screen rests in it')),
    unverified: ({ page, context }) => showsStatus(page, 'unverified', context.error),
    rejected: ({ page, context }) => showsStatus(page, 'rejected', context.error),
    pending: ({ page, context }) => showsStatus(page, 'pending', context.error),
    approved: ({ page, context }) => showsStatus(page, 'approved', context.error),
    submitting: async ({ page }) => {
      await expect(submit(page)).toHaveText('Submitting...');
      await expect(submit(page)).toBeDisabled();
    },
  },
  events: {
    // The server's status moves on first (unverified is where every rider starts), then the rider opens the wallet.
    STATUS: async ({ page, event }) => {
      if (event.status !== 'unverified') await arrangeFor(page, '/e2e/wallet', { intent: 'verification', status: event.status, reason: REJECTION });
      await openWalletFromMenu(page);
    },
    // From the wallet, its Verify Account or Reverify Account button opens the form.
    SUBMIT: async ({ page, upcoming }) => {
      if (!onVerificationForm(page)) {
        await page
          .locator('.wallet-header')
          .getByRole('link', { name: /^(Verify|Reverify) Account$/ })
          .click();
        await expect(page.getByRole('heading', { name: 'Account verification' })).toBeVisible();
      }
      await fillVerification(page, upcoming[0]?.type === 'SUBMITTED');
      await submit(page).click();
    },
    FAILED: async ({ held }) => (await held('submit')).continue(),
    SUBMITTED: async ({ page, held }) => {
      await (await held('submit')).continue();
      await page.waitForURL(/\/wallet$/);
    },
  },
});
