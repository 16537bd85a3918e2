import { defineJob } from '../platform/jobs.server';
import { requestPasswordReset } from './recovery.server';

/**
 * Forgot-password's work after the answer (decision 064), made durable (decision 130): queued
 * once the response is out, so the answer still takes the same time for every e-mail, and run
 * by any instance, so a process that dies after answering no longer loses the rider's link.
 * Running it twice issues a second link that replaces the first, like a resend.
 */
export const passwordResetJob = defineJob<{ email: string }>('accounts.password-reset', ({ email }) => requestPasswordReset(email), {
  retryLimit: 5,
  retryDelaySeconds: 15,
});
