import { assign, fromPromise, setup } from 'xstate';

/**
 * The e-mailed links (spec 1 §2, §4 "Verify pages: pending then success or failed; failed
 * allows Resend"): /verify-user, /verify-kid and /delete-user. The page posts the link's
 * token on arrival (a GET never changes anything, so mail scanners cannot spend it).
 */
export interface LinkAnswer {
  ok: boolean;
  message: string;
}

/** Both server calls answer the same way: ok → `okTarget`, otherwise → failed with the message. */
const askServer = <Source extends 'verifyLink' | 'resendLink'>(src: Source, okTarget: 'success' | 'resent') => ({
  id: src,
  src,
  onDone: [
    { guard: 'answerIsOk' as const, target: okTarget, actions: 'rememberAnswer' as const },
    { target: 'failed' as const, actions: 'rememberAnswer' as const },
  ],
  onError: { target: 'failed' as const, actions: 'rememberFailure' as const },
});

export const linkVerificationMachine = setup({
  types: {
    context: {} as { canResend: boolean; message: string },
    input: {} as { canResend: boolean },
    events: {} as { type: 'RESEND' },
  },
  actors: {
    verifyLink: fromPromise<LinkAnswer>(async () => ({ ok: false, message: '' })),
    resendLink: fromPromise<LinkAnswer>(async () => ({ ok: false, message: '' })),
  },
  actions: {
    rememberAnswer: assign({ message: ({ event }) => (event as unknown as { output?: LinkAnswer }).output?.message ?? '' }),
    rememberFailure: assign({ message: 'An error has occurred. Please try again' }),
  },
  guards: {
    answerIsOk: ({ event }) => (event as unknown as { output?: LinkAnswer }).output?.ok === true,
    canResend: ({ context }) => context.canResend,
  },
}).createMachine({
  id: 'linkVerification',
  context: ({ input }) => ({ canResend: input.canResend, message: '' }),
  initial: 'pending',
  states: {
    pending: {
      invoke: askServer('verifyLink', 'success'),
    },
    success: { type: 'final' },
    failed: { on: { RESEND: { guard: 'canResend', target: 'resending' } } },
    resending: {
      invoke: askServer('resendLink', 'resent'),
    },
    resent: { type: 'final' },
  },
});
