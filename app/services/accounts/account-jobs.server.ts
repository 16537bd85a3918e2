import { defineJob } from '../platform/jobs.server';
import { sendParentalConsent } from './accounts.server';
import { requestPasswordReset } from './recovery.server';

/**
 * Forgot-password's work after the answer (decision 064), made durable (decisions 130, 134):
 * queued in the request (the same statement for every e-mail) and started once the answer is out,
 * so the answer takes the same time for every e-mail, and run by any instance, so a process that
 * dies after answering no longer loses the rider's link. Running it twice issues a second link
 * that replaces the first, like a resend.
 */
export const passwordResetJob = defineJob<{ email: string }>('accounts.password-reset', ({ email }) => requestPasswordReset(email), {
  retryLimit: 5,
  retryDelaySeconds: 15,
  // The typed address may have no account, so no id can stand for it: it is forgotten once done (decision 177).
  forgetPayloadWhenDone: true,
});

/**
 * The parental-consent page's work (decisions 121, 134), queued and started as forgot-password's.
 * It carries the address the child typed: what it must send to. Retried while the child's own
 * registration job has not yet created the account.
 */
export const parentalConsentJob = defineJob<{ childUserId: string; parentEmail: string }>(
  'accounts.parental-consent',
  ({ childUserId, parentEmail }) => sendParentalConsent(childUserId, parentEmail),
  { retryLimit: 5, retryDelaySeconds: 15, forgetPayloadWhenDone: true },
);
