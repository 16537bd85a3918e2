import { defineFlow, everyKind, type CatalogueEntry } from '~/lib/flows/types';
import { LOGIN_OUTCOMES, REGISTER_OUTCOMES, type SignInOutcome } from '~/lib/sign-in';
import { DATA_EXPORT_STATUSES } from '~/lib/domain/accounts';
import type { LogoutAnswer } from '~/lib/logout';
import { dataExportMachine, type DataExportView } from '../data-export.machine';
import { FORM_POST_ANSWERS } from '../form-post';
import { forgotPasswordMachine } from '../forgot-password.machine';
import { linkVerificationMachine, type LinkAnswer } from '../link-verification.machine';
import { loginMachine } from '../login.machine';
import { otpVerifyMachine } from '../otp-verify.machine';
import { parentalConsentMachine } from '../parental-consent.machine';
import { registerMachine } from '../register.machine';
import { resetPasswordMachine } from '../reset-password.machine';
import { sessionMachine, type SessionAnswer } from '../session.machine';
import { outcomeEvent } from '../sign-in-outcome';
import { CONSENT_MESSAGES, INVALID_LINK_MESSAGE, SIGN_IN_MESSAGES } from '~/lib/account-messages';

const signedIn = (destination: 'partnerAuthorization' | 'storedPath' | 'profile', to: string) => ({ type: 'SIGNED_IN' as const, destination, to });

/** One outcome of each kind a sign-in form declares (signed in: each destination), as its machine's events. */
function signInAnswers(kinds: readonly SignInOutcome['kind'][]) {
  const samples: { [Kind in SignInOutcome['kind']]: Array<Extract<SignInOutcome, { kind: Kind }>> } = {
    signedIn: (['partnerAuthorization', 'storedPath', 'profile'] as const).map((destination) => ({ kind: 'signedIn', destination, to: '/next' })),
    passwordResetRequired: [{ kind: 'passwordResetRequired', to: '/auth/forgot-password2?code=abc' }],
    parentalConsentPending: [{ kind: 'parentalConsentPending', to: '/parental-consent?childUserId=c1&userAge=12' }],
    emailNotVerified: [{ kind: 'emailNotVerified', to: '/auth/verification', message: SIGN_IN_MESSAGES.verifyEmail }],
    verificationSent: [{ kind: 'verificationSent', to: '/auth/login', message: SIGN_IN_MESSAGES.registered }],
    wrongCredentials: [{ kind: 'wrongCredentials' }],
    tooManyAttempts: [{ kind: 'tooManyAttempts', retryAfterSeconds: 2 }],
    robotCheckFailed: [{ kind: 'robotCheckFailed' }],
    invalidFields: [{ kind: 'invalidFields' }],
  };
  return kinds.flatMap((kind) => samples[kind].map(outcomeEvent));
}

/** What /auth/session answers the session watch. */
const SESSION_ANSWERS = everyKind<SessionAnswer>()('status', [{ status: 'valid' }, { status: 'expired', reason: 'session_expired' }, { status: 'revoked' }]);

/** What POST /auth/session answers Log Out: one kind, the page to open again signed out. */
const LOGOUT_ANSWERS: LogoutAnswer[] = [{ to: '/wallet' }];

/** What a link page's verify and resend answer. */
const LINK_ANSWERS = everyKind<LinkAnswer>()('ok', [
  { ok: true, message: 'Verified' },
  { ok: false, message: INVALID_LINK_MESSAGE },
]);

/** The accounts flows (issue 3; the session watch and the sign-in outcomes, decisions 135 and 136). */
export const accountsFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'session',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Session check',
    description:
      "While a rider is signed in the browser asks the server on start, every 2 minutes, on window focus and when the tab becomes visible. Valid: nothing changes. Expired or ended elsewhere: a toast with the reason, then login keeping where the rider was. No answer: a notice, the rider stays signed in and the check is tried again. Log Out (even while a check runs): the server ends the session and the page opens again signed out, so a page that needs a rider goes to login with its path and session_expired; no answer keeps the rider signed in with the notice.",
    specRef: 'spec 1 §2 Guard, §4 Session and "Logout from a route needing authentication …", §9 "Session check every 120000 ms"; DESIGN.md §3; decision 180',
    machine: sessionMachine,
    mainPath: ['checking', 'signedIn'],
    serverAnswers: { outputs: { checkSession: SESSION_ANSWERS, endSession: LOGOUT_ANSWERS } },
    eventSamples: {
      'xstate.done.actor.checkSession': [
        { type: 'xstate.done.actor.checkSession', output: { status: 'valid' } },
        { type: 'xstate.done.actor.checkSession', output: { status: 'expired', reason: 'session_expired' } },
        { type: 'xstate.done.actor.checkSession', output: { status: 'revoked' } },
      ],
      'xstate.error.actor.checkSession': [{ type: 'xstate.error.actor.checkSession', error: new Error('No response received') }],
      LOG_OUT: [{ type: 'LOG_OUT', from: '/wallet' }],
      'xstate.done.actor.endSession': [{ type: 'xstate.done.actor.endSession', output: { to: '/wallet' } }],
      'xstate.error.actor.endSession': [{ type: 'xstate.error.actor.endSession', error: new Error('No response received') }],
    },
  }),
  defineFlow({
    id: 'login',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Login',
    description:
      'Submit waits for the robot check. The server answers with the outcome: signed in (back to a partner app\'s authorization, to the stored return path with d=m kept, else the profile), password reset required, parental consent pending, e-mail not verified (a new code), wrong credentials (the form is cleared), a refused robot check, or too many attempts with the wait before the next.',
    specRef: 'spec 1 §4 Login outcomes, §5 Login; spec 3 §4 Login',
    machine: loginMachine,
    mainPath: ['waitingForRobotCheck', 'ready', 'submitting', 'signedIn'],
    serverAnswers: { events: { waitingIn: ['submitting'], answers: signInAnswers(LOGIN_OUTCOMES) } },
    eventSamples: {
      SIGNED_IN: [
        signedIn('partnerAuthorization', '/oauth/authorize?client_id=demo-partner'),
        signedIn('storedPath', '/event/7'),
        signedIn('profile', '/user/activities#profile'),
      ],
      PASSWORD_RESET_REQUIRED: [{ type: 'PASSWORD_RESET_REQUIRED', to: '/auth/forgot-password2?code=abc' }],
      PARENTAL_CONSENT_PENDING: [{ type: 'PARENTAL_CONSENT_PENDING', to: '/parental-consent?childUserId=c1&userAge=12' }],
      EMAIL_NOT_VERIFIED: [{ type: 'EMAIL_NOT_VERIFIED', to: '/auth/verification', message: SIGN_IN_MESSAGES.verifyEmail }],
      TOO_MANY_ATTEMPTS: [{ type: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 2 }],
    },
    serializeContext: (context) => ({ leaving: context.to !== null }),
  }),
  defineFlow({
    id: 'register',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Register',
    description:
      'Submit waits for the robot check. The server answers with the outcome: an adult gets the code by e-mail and goes to login (a taken e-mail gets exactly the same answer), a child goes to parental consent; field errors only the server finds, a refused robot check or too many attempts keep the page and ask for a fresh check.',
    specRef: 'spec 1 §4 Registration, §5 Register',
    machine: registerMachine,
    mainPath: ['waitingForRobotCheck', 'ready', 'submitting', 'verificationSent'],
    serverAnswers: { events: { waitingIn: ['submitting'], answers: signInAnswers(REGISTER_OUTCOMES) } },
    eventSamples: {
      VERIFICATION_SENT: [{ type: 'VERIFICATION_SENT', to: '/auth/login', message: SIGN_IN_MESSAGES.registered }],
      PARENTAL_CONSENT_PENDING: [{ type: 'PARENTAL_CONSENT_PENDING', to: '/parental-consent?childUserId=c1&userAge=12' }],
      TOO_MANY_ATTEMPTS: [{ type: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 0 }],
    },
    serializeContext: (context) => ({ leaving: context.to !== null }),
  }),
  defineFlow({
    id: 'parental-consent',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Parental consent',
    description:
      "The parent's e-mail form, then 'Email sent' with Resend locked for 300 s and a return to login after 12 minutes; Edit email cancels both timers.",
    specRef: 'spec 1 §4 Parental consent, §8, §9',
    machine: parentalConsentMachine,
    mainPath: ['form', 'sending', 'emailSent'],
    // The consent action's answer through the page: sent, or refused with its message.
    serverAnswers: { events: { waitingIn: ['sending', 'resending'], answers: [{ type: 'SENT' }, { type: 'FAILED', message: CONSENT_MESSAGES.sendFailed }] } },
    eventSamples: {
      EMAIL_CHANGED: [
        { type: 'EMAIL_CHANGED', email: 'parent@example.com' },
        { type: 'EMAIL_CHANGED', email: '' },
      ],
      FAILED: [{ type: 'FAILED', message: CONSENT_MESSAGES.sendFailed }],
    },
    serializeContext: (context: { email: string; error: string | null }) => ({ hasEmail: context.email.length > 0, hasError: Boolean(context.error) }),
  }),
  defineFlow({
    id: 'otp-verify',
    browserPaths: 'required',
    title: 'Verify account by code',
    description: 'The rider types the e-mailed code; the server redirects to login on success (clearing the stored key) or rejects the code, shown under the field.',
    specRef: 'spec 1 §2 Verify account by OTP, §4 OTP success',
    machine: otpVerifyMachine,
    mainPath: ['editing', 'submitting', 'leaving'],
    serverAnswers: { events: { waitingIn: ['submitting'], answers: FORM_POST_ANSWERS } },
  }),
  defineFlow({
    id: 'link-verification',
    browserPaths: 'required',
    title: 'Verify and delete links',
    description: "The e-mailed links (verify-user, verify-kid, delete-user): pending, then success or failed; failed allows Resend where the link has one.",
    specRef: 'spec 1 §2 Verify-user and verify-kid pages, Delete-user page; §4 Verify pages',
    machine: linkVerificationMachine,
    mainPath: ['pending', 'success'],
    input: { canResend: true },
    serverAnswers: { outputs: { verifyLink: LINK_ANSWERS, resendLink: LINK_ANSWERS } },
    eventSamples: {
      'xstate.done.actor.verifyLink': [
        { type: 'xstate.done.actor.verifyLink', output: { ok: true, message: 'Verified' } },
        { type: 'xstate.done.actor.verifyLink', output: { ok: false, message: INVALID_LINK_MESSAGE } },
      ],
      'xstate.done.actor.resendLink': [
        { type: 'xstate.done.actor.resendLink', output: { ok: true, message: 'Sent' } },
        { type: 'xstate.done.actor.resendLink', output: { ok: false, message: INVALID_LINK_MESSAGE } },
      ],
    },
    serializeContext: (context: { canResend: boolean; message: string }) => ({ canResend: context.canResend }),
  }),
  defineFlow({
    id: 'forgot-password',
    browserPaths: 'required',
    title: 'Forgot password',
    description: "An e-mail form whose button reads 'Submit', then 'Send Again'; the answer is the same for any address and success goes to '/'.",
    specRef: 'spec 1 §2 Forgot password, §4, §5, §8',
    machine: forgotPasswordMachine,
    mainPath: ['editing', 'submitting', 'leaving'],
    serverAnswers: { events: { waitingIn: ['submitting'], answers: FORM_POST_ANSWERS } },
  }),
  defineFlow({
    id: 'reset-password',
    browserPaths: 'required',
    title: 'Reset password',
    description: 'New and confirm password from the e-mailed link; success goes to login.',
    specRef: 'spec 1 §2 Reset password, §4, §5',
    machine: resetPasswordMachine,
    mainPath: ['editing', 'submitting', 'leaving'],
    serverAnswers: { events: { waitingIn: ['submitting'], answers: FORM_POST_ANSWERS } },
  }),
  defineFlow({
    id: 'data-export',
    browserPaths: 'required',
    title: 'Copy of my data',
    description:
      "The profile's My Data tab: nothing asked, waiting for the parent (a child's copy), building with its progress (asked again every 2 s; a failed check asks again), ready to download, or failed.",
    specRef: 'not in the spec: issue 26 (GDPR art. 20), decision 128',
    machine: dataExportMachine,
    mainPath: ['showing', 'building', 'checking', 'ready'],
    input: { view: exportView('queued', 0) },
    // Each status of the rider's copy, or none asked.
    serverAnswers: { outputs: { checkExport: [...DATA_EXPORT_STATUSES.map((status) => exportView(status, 50)), null] } },
    eventSamples: {
      'xstate.done.actor.checkExport': [
        ...(['building', 'ready', 'failed', 'waiting-for-parent'] as const).map((status) => ({ type: 'xstate.done.actor.checkExport' as const, output: exportView(status, 50) })),
        { type: 'xstate.done.actor.checkExport', output: null },
      ],
      'xstate.error.actor.checkExport': [{ type: 'xstate.error.actor.checkExport', error: new Error('offline') }],
    },
    serializeContext: (context) => ({ status: context.view?.status ?? null }),
  }),
];

function exportView(status: DataExportView['status'], progress: number): DataExportView {
  return { id: 'export-1', status, progress, sizeBytes: null, expiresAt: null };
}
