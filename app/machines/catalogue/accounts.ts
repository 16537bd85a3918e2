import { defineFlow, type CatalogueEntry } from '~/lib/flows/types';
import { forgotPasswordMachine } from '../forgot-password.machine';
import { linkVerificationMachine } from '../link-verification.machine';
import { loginMachine } from '../login.machine';
import { otpVerifyMachine } from '../otp-verify.machine';
import { parentalConsentMachine } from '../parental-consent.machine';
import { registerMachine } from '../register.machine';
import { resetPasswordMachine } from '../reset-password.machine';

/**
 * The accounts flows (issue 3). The session watch (`session.machine.ts`) is not listed: no screen
 * shows its states, only the trip to login when a session is lost (decision 117).
 */
export const accountsFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'login',
    browserCoverage: 'complete',
    title: 'Login',
    description:
      'Submit waits for the robot check. The server redirects (to reset password, parental consent, e-mail verification or the stored redirect) and the page leaves; a rejection clears the form and resets the check.',
    specRef: 'spec 1 §4 Login outcomes, §5 Login; spec 3 §4 Login',
    machine: loginMachine,
  }),
  defineFlow({
    id: 'register',
    browserCoverage: 'complete',
    title: 'Register',
    description: 'Submit waits for the robot check, which resets after every rejected attempt; the server redirects a minor to parental consent, an adult to login.',
    specRef: 'spec 1 §4 Registration, §5 Register',
    machine: registerMachine,
  }),
  defineFlow({
    id: 'parental-consent',
    browserCoverage: 'complete',
    title: 'Parental consent',
    description:
      "The parent's e-mail form, then 'Email sent' with Resend locked for 300 s and a return to login after 12 minutes; Edit email cancels both timers.",
    specRef: 'spec 1 §4 Parental consent, §8, §9',
    machine: parentalConsentMachine,
    eventSamples: {
      EMAIL_CHANGED: [
        { type: 'EMAIL_CHANGED', email: 'parent@example.com' },
        { type: 'EMAIL_CHANGED', email: '' },
      ],
      FAILED: [{ type: 'FAILED', message: 'There was an error sending the email. Please try again.' }],
    },
    serializeContext: (context: { email: string; error: string | null }) => ({ hasEmail: context.email.length > 0, hasError: Boolean(context.error) }),
  }),
  defineFlow({
    id: 'otp-verify',
    title: 'Verify account by code',
    description: 'The rider types the e-mailed code; the server redirects to login on success (clearing the stored key) or rejects the code, shown under the field.',
    specRef: 'spec 1 §2 Verify account by OTP, §4 OTP success',
    machine: otpVerifyMachine,
  }),
  defineFlow({
    id: 'link-verification',
    title: 'Verify and delete links',
    description: "The e-mailed links (verify-user, verify-kid, delete-user): pending, then success or failed; failed allows Resend where the link has one.",
    specRef: 'spec 1 §2 Verify-user and verify-kid pages, Delete-user page; §4 Verify pages',
    machine: linkVerificationMachine,
    input: { canResend: true },
    eventSamples: {
      'xstate.done.actor.verifyLink': [
        { type: 'xstate.done.actor.verifyLink', output: { ok: true, message: 'Verified' } },
        { type: 'xstate.done.actor.verifyLink', output: { ok: false, message: 'This link is invalid or has expired.' } },
      ],
      'xstate.done.actor.resendLink': [
        { type: 'xstate.done.actor.resendLink', output: { ok: true, message: 'Sent' } },
        { type: 'xstate.done.actor.resendLink', output: { ok: false, message: 'This link is invalid or has expired.' } },
      ],
    },
    serializeContext: (context: { canResend: boolean; message: string }) => ({ canResend: context.canResend }),
  }),
  defineFlow({
    id: 'forgot-password',
    title: 'Forgot password',
    description: "An e-mail form whose button reads 'Submit', then 'Send Again'; the answer is the same for any address and success goes to '/'.",
    specRef: 'spec 1 §2 Forgot password, §4, §5, §8',
    machine: forgotPasswordMachine,
  }),
  defineFlow({
    id: 'reset-password',
    title: 'Reset password',
    description: 'New and confirm password from the e-mailed link; success goes to login.',
    specRef: 'spec 1 §2 Reset password, §4, §5',
    machine: resetPasswordMachine,
  }),
];
