import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_INTERVAL_MS } from '~/lib/constants';

export interface CheckoutSession {
  sessionUrl: string | null;
}

export interface PaymentInfoAnswer {
  state: 'paid' | 'pending' | 'failed';
  reward?: number;
}

/**
 * Gems by card (spec 2 §4 "Gem top-up", §5 payments): choosing a bundle asks for a payment
 * session and leaves for its URL (no URL: the browser alert); the return with
 * payment_result=success and an orderId polls the status up to 3 times 10 s apart, the dialog
 * saying 'This is taking longer than usual…' from halfway; paid shows the gems, anything else
 * (error, an unknown result, success without an order, tries exhausted) the failure dialog.
 * `pollIntervalMs` is configuration (tests may shorten it); the spec's 10 s is the default.
 */
export const gemTopUpMachine = setup({
  types: {
    context: {} as { orderId: string | null; attempts: number; slow: boolean; reward: number | null; pollIntervalMs: number },
    input: {} as { pollIntervalMs?: number },
    events: {} as { type: 'CHOOSE'; packageId: string } | { type: 'RETURNED'; paymentResult: string; orderId: string | null } | { type: 'OK' },
  },
  actors: {
    createSession: fromPromise<CheckoutSession, { packageId: string }>(async () => {
      throw new Error('createSession is provided by the route');
    }),
    paymentInfo: fromPromise<PaymentInfoAnswer, { orderId: string }>(async () => {
      throw new Error('paymentInfo is provided by the route');
    }),
  },
  guards: {
    // Only payment_result=success with an order id is a return to poll (spec 2 §5).
    isReturnFromCheckout: ({ event }) => {
      assertEvent(event, 'RETURNED');
      return event.paymentResult === 'success' && Boolean(event.orderId);
    },
    sessionHasUrl: (_, session: CheckoutSession) => Boolean(session.sessionUrl),
    isPaid: (_, answer: PaymentInfoAnswer) => answer.state === 'paid',
    isFailed: (_, answer: PaymentInfoAnswer) => answer.state === 'failed',
    triesLeft: ({ context }) => context.attempts < PAYMENT_POLL_ATTEMPTS,
  },
  actions: {
    /** The page supplies the trips: to the provider's checkout, and (Ok) to /user/activities. */
    goToCheckout: (_, _session: CheckoutSession) => {},
    leave: () => {},
    alertNoSession: () => {},
    rememberOrder: assign(({ event }) => {
      assertEvent(event, 'RETURNED');
      return { orderId: event.orderId };
    }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    markSlowFromHalfway: assign({ slow: ({ context }) => context.attempts >= PAYMENT_POLL_ATTEMPTS / 2 }),
    rememberReward: assign((_, answer: PaymentInfoAnswer) => ({ reward: answer.reward ?? null })),
  },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
}).createMachine({
  id: 'gemTopUp',
  context: ({ input }) => ({
    orderId: null,
    attempts: 0,
    slow: false,
    reward: null,
    pollIntervalMs: input.pollIntervalMs ?? PAYMENT_POLL_INTERVAL_MS,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: 'requestingSession',
        // The page was opened by the provider's return (payment_result in the URL).
        RETURNED: [
          { guard: 'isReturnFromCheckout', target: 'checkingPayment', actions: 'rememberOrder' },
          // error, an unknown value, or success without an order id
          { target: 'failure' },
        ],
      },
    },
    requestingSession: {
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ event }) => {
          assertEvent(event, 'CHOOSE');
          return { packageId: event.packageId };
        },
        onDone: [
          {
            guard: { type: 'sessionHasUrl', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: { type: 'goToCheckout', params: ({ event }) => event.output },
          },
          { target: 'choosing', actions: 'alertNoSession' },
        ],
        onError: { target: 'choosing', actions: 'alertNoSession' },
      },
    },
    /** The browser is leaving for the provider's page. */
    redirecting: { type: 'final' },
    checkingPayment: {
      initial: 'asking',
      states: {
        asking: {
          entry: ['countAttempt', 'markSlowFromHalfway'],
          invoke: {
            id: 'paymentInfo',
            src: 'paymentInfo',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#gemTopUp.success',
                actions: { type: 'rememberReward', params: ({ event }) => event.output },
              },
              { guard: { type: 'isFailed', params: ({ event }) => event.output }, target: '#gemTopUp.failure' },
              { guard: 'triesLeft', target: 'waiting' },
              { target: '#gemTopUp.failure' },
            ],
            onError: [{ guard: 'triesLeft', target: 'waiting' }, { target: '#gemTopUp.failure' }],
          },
        },
        waiting: { after: { pollInterval: 'asking' } },
      },
    },
    success: { on: { OK: { target: 'closed', actions: 'leave' } } },
    failure: { on: { OK: { target: 'closed', actions: 'leave' } } },
    /** Ok and close go to /user/activities (spec 2 §2). */
    closed: { type: 'final' },
  },
});
