import { assign, fromPromise, setup } from 'xstate';
import { ERROR_TRY_AGAIN_MESSAGE } from '~/lib/constants';

/**
 * The e-mailed links (spec 1 §2, §4 "Verify pages: pending then success or failed; failed
 * allows Resend"): /verify-user, /verify-kid and /delete-user. The page posts the link's
 * token on arrival (a GET never changes anything, so mail scanners cannot spend it).
 */
export interface LinkAnswer {
  ok: boolean;
  message: string;
}

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
    rememberAnswer: assign((_, answer: LinkAnswer) => ({ message: answer.message })),
    rememberFailure: assign({ message: ERROR_TRY_AGAIN_MESSAGE }),
  },
  guards: {
    answerIsOk: (_, answer: LinkAnswer) => answer.ok,
    canResend: ({ context }) => context.canResend,
  },
}).createMachine({
  id: 'linkVerification',
  context: ({ input }) => ({ canResend: input.canResend, message: '' }),
  initial: 'pending',
  states: {
    // Both server calls answer the same way: ok → success (or resent), otherwise failed with the message.
    pending: {
      invoke: {
        id: 'verifyLink',
        src: 'verifyLink',
        onDone: [
          {
            guard: { type: 'answerIsOk', params: ({ event }) => event.output },
            target: 'success',
            actions: { type: 'rememberAnswer', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'rememberAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    success: { type: 'final' },
    failed: { on: { RESEND: { guard: 'canResend', target: 'resending' } } },
    resending: {
      invoke: {
        id: 'resendLink',
        src: 'resendLink',
        onDone: [
          {
            guard: { type: 'answerIsOk', params: ({ event }) => event.output },
            target: 'resent',
            actions: { type: 'rememberAnswer', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'rememberAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    resent: { type: 'final' },
  },
});
