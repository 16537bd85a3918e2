import type { Transaction } from '~/db/client.server';
import { sendMail } from '../adapters/mail.server';
import { siteUrl } from '../platform/site-origin.server';

/**
 * The account e-mails (issue 3: verification, consent, reset, delete confirmation), all
 * through the mail adapter. `meta` carries the code and link for tests and support.
 */
function link(path: string): string {
  return siteUrl(path);
}

/** Every account e-mail names the account it is for, so its outbox copy goes with the account. */
function send(to: string, subject: string, lines: string[], meta: Record<string, unknown>, accountId?: string, tx?: Transaction) {
  return sendMail({ to, subject, text: `${lines.join('\n\n')}\n\n— Paceline`, meta, accountId }, { tx });
}

export function sendVerificationMail(to: string, firstname: string, code: string, linkToken: string, accountId: string, tx?: Transaction) {
  const url = link(`/verify-user?es=${encodeURIComponent(linkToken)}`);
  return send(
    to,
    'Verify your Paceline account',
    [`Hi ${firstname},`, `Your verification code is ${code}. It expires in 10 minutes.`, `Or open this link to verify your account: ${url}`],
    { kind: 'verify-email', code, link: url },
    accountId,
    tx,
  );
}

export function sendAlreadyRegisteredMail(to: string, accountId: string, tx?: Transaction) {
  const url = link('/auth/forgot-password');
  return send(
    to,
    'Someone tried to register with your e-mail',
    [
      'Someone (hopefully you) tried to create a Paceline account with this e-mail address, which already has one.',
      `If you forgot your password, reset it here: ${url}`,
    ],
    { kind: 'already-registered', link: url },
    accountId,
    tx,
  );
}

/** `childId` is the account the mail goes with; none for a decoy's (consent-decoys.server.ts). */
export function sendParentalConsentMail(to: string, childName: string, linkToken: string, childId: string | undefined, tx?: Transaction) {
  const url = link(`/verify-kid?es=${encodeURIComponent(linkToken)}`);
  return send(
    to,
    `Please approve ${childName}'s Paceline account`,
    [
      `${childName} would like to ride on Paceline. Riders under 18 need a parent's or guardian's consent.`,
      `Open this link within 10 minutes to approve the account: ${url}`,
      'If you did not expect this e-mail, ignore it and the account stays inactive.',
    ],
    { kind: 'parent-consent', link: url },
    childId,
    tx,
  );
}

/** To a child account's address named as a parent's: a child cannot consent (decision 121); no link, no name. */
export function sendChildCannotConsentMail(to: string, tx?: Transaction) {
  return send(
    to,
    "A Paceline account's parental consent",
    [
      "Someone entered this e-mail address as a parent's or guardian's, to approve a new Paceline account for a rider under 18.",
      'This address belongs to a child account, and a child account cannot give that consent: nothing was approved.',
      'If you did not expect this e-mail, ignore it. A parent or guardian approves with their own e-mail address.',
    ],
    { kind: 'child-cannot-consent' },
    undefined,
    tx,
  );
}

export function sendPasswordResetMail(to: string, linkToken: string, accountId: string) {
  const url = link(`/auth/forgot-password2?code=${encodeURIComponent(linkToken)}`);
  return send(
    to,
    'Reset your Paceline password',
    [`Open this link within 10 minutes to choose a new password: ${url}`, 'If you did not ask for this, ignore this e-mail.'],
    { kind: 'reset-password', link: url },
    accountId,
  );
}

export function sendDeleteConfirmationMail(to: string, riderName: string, linkToken: string, forChild: boolean, accountId: string) {
  const url = link(`/delete-user/${encodeURIComponent(linkToken)}`);
  const who = forChild ? `${riderName}'s Paceline account (your child's)` : 'your Paceline account';
  return send(
    to,
    'Confirm the deletion of a Paceline account',
    [
      `We received a request to delete ${who} and all of its data.`,
      `Open this link within 10 minutes to confirm: ${url}`,
      'If you did not ask for this, ignore this e-mail and nothing is deleted.',
    ],
    { kind: 'delete-account', link: url },
    accountId,
  );
}

/**
 * After a deletion (issue 26): to the rider, or to the parent for a child. It names no one (the
 * account is gone) and is not tied to an account, so it stays only as long as the outbox keeps mail.
 */
export function sendAccountDeletedMail(to: string, forChild: boolean) {
  const what = forChild ? "Your child's Paceline account" : 'Your Paceline account';
  return send(
    to,
    'Your Paceline account has been deleted',
    [
      `${what} and all of its data have been deleted, as confirmed through the link we sent.`,
      'Payment and payout records that the law requires us to keep no longer name anyone. There is nothing else you need to do.',
    ],
    { kind: 'account-deleted' },
  );
}

/** A child asked for a copy of their data: the parent confirms (decision 128). */
export function sendExportConfirmationMail(to: string, childName: string, linkToken: string, childId: string) {
  const url = link(`/data-export/confirm/${encodeURIComponent(linkToken)}`);
  return send(
    to,
    `Confirm a copy of ${childName}'s Paceline data`,
    [
      `${childName} asked for a copy of all the data of their Paceline account.`,
      `Open this link within 10 minutes to confirm: ${url}`,
      'We then prepare the copy and e-mail you a link to download it. If you did not expect this e-mail, ignore it and nothing is prepared.',
    ],
    { kind: 'export-data', link: url },
    childId,
  );
}

/** The copy is built: a link to the profile for the rider, a link with its own token for a child's parent. */
export function sendExportReadyMail(to: string, downloadPath: string, forChild: { childName: string } | null, accountId: string) {
  const url = link(downloadPath);
  return send(
    to,
    forChild ? `A copy of ${forChild.childName}'s Paceline data is ready` : 'Your Paceline data is ready to download',
    forChild
      ? [
          `The copy of ${forChild.childName}'s Paceline data you confirmed is ready.`,
          `Download it within 7 days: ${url}`,
          'Anyone with this link can download the copy, which holds identity documents: do not forward it.',
        ]
      : ['The copy of your Paceline data you asked for is ready.', `Download it within 7 days (you will be asked to sign in): ${url}`],
    { kind: 'export-ready', link: url },
    accountId,
  );
}
