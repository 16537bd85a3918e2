import { assign, fromPromise, setup } from 'xstate';
import { WALLET_CODE_RESEND_WAIT_S } from '~/lib/constants';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';

/**
 * One code button (spec 1 §4 "Get Code -> Sending... -> 'Wait Ns' countdown from 60 -> Get
 * Code"): no request while one is in flight or during the wait. Used by the wallet's phone and
 * e-mail code buttons and by any later code button; the sender is supplied with .provide().
 */
export interface CodeRequestResult {
  ok: boolean;
  message: string;
  /** Names the issued code; sent back with the typed code. */
  key?: string;
}

export interface CodeRequestContext {
  waitSeconds: number;
  secondsLeft: number;
  key: string | null;
  error: string | null;
}

export const codeRequestMachine = setup({
  types: {
    context: {} as CodeRequestContext,
    input: {} as { waitSeconds?: number } | undefined,
    events: {} as { type: 'REQUEST'; canRequest: boolean },
  },
  actors: {
    sendCode: fromPromise<CodeRequestResult>(async () => ({ ok: false, message: 'No sender supplied' })),
  },
  guards: {
    canRequest: ({ event }) => event.canRequest,
    sent: (_, result: CodeRequestResult) => result.ok,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    startWait: assign(({ context }) => ({ secondsLeft: context.waitSeconds })),
    countDown: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    rememberKey: assign((_, result: CodeRequestResult) => ({ key: result.key ?? null, error: null })),
    rememberFailure: assign((_, result: CodeRequestResult) => ({ error: result.message })),
    rememberException: assign({ error: WALLET_MESSAGES.codeException }),
    clearError: assign({ error: null }),
    notifySent: (_, _result: CodeRequestResult) => {},
    notifyFailed: (_, _message: string) => {},
  },
  delays: { oneSecond: 1_000 },
}).createMachine({
  id: 'codeRequest',
  context: ({ input }) => ({ waitSeconds: input?.waitSeconds ?? WALLET_CODE_RESEND_WAIT_S, secondsLeft: 0, key: null, error: null }),
  initial: 'ready',
  states: {
    ready: {
      on: { REQUEST: { guard: 'canRequest', target: 'sending', actions: 'clearError' } },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: [
          {
            guard: { type: 'sent', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              { type: 'rememberKey', params: ({ event }) => event.output },
              { type: 'notifySent', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'rememberFailure', params: ({ event }) => event.output },
              { type: 'notifyFailed', params: ({ event }) => event.output.message },
            ],
          },
        ],
        onError: { target: 'ready', actions: ['rememberException', { type: 'notifyFailed', params: WALLET_MESSAGES.codeException }] },
      },
    },
    waiting: {
      entry: 'startWait',
      initial: 'counting',
      states: {
        counting: {
          after: {
            oneSecond: [
              { guard: 'lastSecond', target: '#codeRequest.ready' },
              { target: 'counting', reenter: true, actions: 'countDown' },
            ],
          },
        },
      },
    },
  },
});
