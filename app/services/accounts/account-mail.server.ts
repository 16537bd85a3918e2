import { sendMail } from '../adapters/mail.server';
import { siteUrl } from '../platform/site-origin.server';

/**
 * The account e-mails (issue 3: verification, consent, reset, delete confirmation), all
 * through the mail adapter. `meta` carries the code and link for tests and support.
 */
function link(path: string): string {
  return siteUrl(path);
}

function send(to: string, subject: string, lines: string[], meta: Record<string, unknown>) {
  return sendMail({ to, subject, text: `${lines.join('\n\n')}\n\n— Paceline`, meta });
}

export function sendVerificationMail(to: string, firstname: string, code: string, linkToken: string) {
  const url = link(`/verify-user?es=${encodeURIComponent(linkToken)}`);
  return send(
    to,
    'Verify your Paceline account',
    [`Hi ${firstname},`, `Your verification code is ${code}. It expires in 10 minutes.`, `Or open this link to verify your account: ${url}`],
    { kind: 'verify-email', code, link: url },
  );
}

export function sendAlreadyRegisteredMail(to: string) {
  const url = link('/auth/forgot-password');
  return send(
    to,
    'Someone tried to register with your e-mail',
    ['Someone (hopefully you) tried to create a Paceline account with this e-mail address, which already has one.', `If you forgot your password, reset it here: ${url}`],
    { kind: 'already-registered', link: url },
  );
}

export function sendParentalConsentMail(to: string, childName: string, linkToken: string) {
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
  );
}

/** To a child account's address named as a parent's: a child cannot consent (decision 121); no link, no name. */
export function sendChildCannotConsentMail(to: string) {
  return send(
    to,
    "A Paceline account's parental consent",
    [
      "Someone entered this e-mail address as a parent's or guardian's, to approve a new Paceline account for a rider under 18.",
      'This address belongs to a child account, and a child account cannot give that consent: nothing was approved.',
      "If you did not expect this e-mail, ignore it. A parent or guardian approves with their own e-mail address.",
    ],
    { kind: 'child-cannot-consent' },
  );
}

export function sendPasswordResetMail(to: string, linkToken: string) {
  const url = link(`/auth/forgot-password2?code=${encodeURIComponent(linkToken)}`);
  return send(
    to,
    'Reset your Paceline password',
    [`Open this link within 10 minutes to choose a new password: ${url}`, 'If you did not ask for this, ignore this e-mail.'],
    { kind: 'reset-password', link: url },
  );
}

export function sendDeleteConfirmationMail(to: string, riderName: string, linkToken: string, forChild: boolean) {
  const url = link(`/delete-user/${encodeURIComponent(linkToken)}`);
  const who = forChild ? `${riderName}'s Paceline account (your child's)` : 'your Paceline account';
  return send(
    to,
    'Confirm the deletion of a Paceline account',
    [`We received a request to delete ${who} and all of its data.`, `Open this link within 10 minutes to confirm: ${url}`, 'If you did not ask for this, ignore this e-mail and nothing is deleted.'],
    { kind: 'delete-account', link: url },
  );
}
