import { assertEvent, assign, setup } from 'xstate';
import { PARENTAL_CONSENT_REDIRECT_MS, PARENTAL_CONSENT_RESEND_WAIT_S } from '~/lib/constants';

/**
 * Parental consent (spec 1 §4): the parent's e-mail form, then 'Email sent' with Resend
 * locked for 300 s and an automatic return to login after 720 000 ms. Edit email goes back
 * to the form, which leaves the state and so cancels both timers.
 */
type ConsentEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'SUBMIT' }
  | { type: 'SENT' }
  | { type: 'FAILED'; message: string }
  | { type: 'EDIT_EMAIL' }
  | { type: 'RESEND' };

export const parentalConsentMachine = setup({
  types: {
    context: {} as { email: string; error: string | null },
    events: {} as ConsentEvent,
  },
  actions: {
    rememberEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED');
      return { email: event.email };
    }),
    rememberError: assign(({ event }) => {
      assertEvent(event, 'FAILED');
      return { error: event.message };
    }),
    clearError: assign({ error: null }),
    goToLogin: () => {},
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim().length > 0,
  },
  delays: {
    resendWait: PARENTAL_CONSENT_RESEND_WAIT_S * 1000,
    autoRedirect: PARENTAL_CONSENT_REDIRECT_MS,
  },
}).createMachine({
  id: 'parentalConsent',
  context: { email: '', error: null },
  initial: 'form',
  states: {
    form: {
      on: {
        EMAIL_CHANGED: { actions: 'rememberEmail' },
        SUBMIT: { guard: 'hasEmail', target: 'sending', actions: 'clearError' },
      },
    },
    sending: {
      on: {
        SENT: { target: 'emailSent' },
        FAILED: { target: 'form', actions: 'rememberError' },
      },
    },
    emailSent: {
      initial: 'resendLocked',
      after: { autoRedirect: { target: 'redirecting' } },
      on: { EDIT_EMAIL: { target: 'form' } },
      states: {
        resendLocked: { after: { resendWait: { target: 'resendOpen' } } },
        resendOpen: { on: { RESEND: { target: '#parentalConsent.resending', actions: 'clearError' } } },
      },
    },
    resending: {
      on: {
        SENT: { target: 'emailSent' },
        FAILED: { target: 'emailSent.resendOpen', actions: 'rememberError' },
      },
    },
    redirecting: { type: 'final', entry: 'goToLogin' },
  },
});
