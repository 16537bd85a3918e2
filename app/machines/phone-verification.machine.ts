import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SOMETHING_WENT_WRONG_MESSAGE } from '~/lib/constants';

/**
 * The wizard's PHONE VERIFICATION step (spec 3 §4 "not sent, then sent (resend allowed),
 * then verified"): verified locks the phone and shows the terms checkbox.
 */
export type PhoneChannel = 'sms' | 'whatsapp';

export interface PhoneVerificationContext {
  phone: string;
  channel: PhoneChannel;
  key: string | null;
  error: string | null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : SOMETHING_WENT_WRONG_MESSAGE;
}

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as { type: 'SEND'; phone: string; channel: PhoneChannel } | { type: 'RESEND' } | { type: 'VERIFY'; code: string } | { type: 'CHANGE_PHONE' },
  },
  actors: {
    sendCode: fromPromise<{ key: string; phone: string }, { phone: string; channel: PhoneChannel }>(async () => ({ key: 'stub', phone: '' })),
    verifyCode: fromPromise<void, { key: string; code: string; phone: string; channel: PhoneChannel }>(async () => undefined),
  },
  guards: {
    codeWasSent: ({ context }) => context.key !== null,
  },
  actions: {
    rememberPhone: assign(({ event }) => {
      assertEvent(event, 'SEND');
      return { phone: event.phone, channel: event.channel };
    }),
    rememberKey: assign((_, output: { key: string; phone: string }) => ({ key: output.key, phone: output.phone, error: null })),
    rememberError: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    forgetError: assign({ error: null }),
    forgetKey: assign({ key: null, error: null }),
  },
}).createMachine({
  id: 'phoneVerification',
  context: { phone: '', channel: 'sms', key: null, error: null },
  initial: 'notSent',
  states: {
    notSent: {
      on: { SEND: { target: 'sending', actions: ['rememberPhone', 'forgetError'] } },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone, channel: context.channel }),
        onDone: { target: 'sent', actions: { type: 'rememberKey', params: ({ event }) => event.output } },
        onError: [
          { guard: 'codeWasSent', target: 'sent', actions: 'rememberError' },
          { target: 'notSent', actions: 'rememberError' },
        ],
      },
    },
    sent: {
      on: {
        RESEND: { target: 'sending', actions: 'forgetError' },
        VERIFY: { target: 'verifying', actions: 'forgetError' },
        CHANGE_PHONE: { target: 'notSent', actions: 'forgetKey' },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => {
          assertEvent(event, 'VERIFY');
          return { key: context.key ?? '', code: event.code, phone: context.phone, channel: context.channel };
        },
        onDone: 'verified',
        onError: { target: 'sent', actions: 'rememberError' },
      },
    },
    verified: { type: 'final' },
  },
});
