import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface CoinsAnswer {
  status: boolean;
  reward?: number;
}

/**
 * The payment modal's Coins tab (spec 2 §4 "Coin purchase with gems"): a bundle costing more
 * gems than the rider has switches the modal to Power Gems; otherwise the purchase is called,
 * a true status shows success with the reward, anything else failure. Ok leaves the modal.
 */
export const coinPurchaseMachine = setup({
  types: {
    context: {} as { gems: number; reward: number | null },
    input: {} as { gems: number },
    events: {} as { type: 'CHOOSE'; packageId: string; price: number } | { type: 'OK' },
  },
  actors: {
    purchaseCoins: fromPromise<CoinsAnswer, { packageId: string }>(async () => {
      throw new Error('purchaseCoins is provided by the route');
    }),
  },
  guards: {
    tooFewGems: ({ context, event }) => {
      assertEvent(event, 'CHOOSE');
      return context.gems < event.price;
    },
    purchaseSucceeded: (_, answer: CoinsAnswer) => answer.status === true,
  },
  actions: {
    /** The page supplies it: Ok goes to /user/activities. */
    leave: () => {},
    rememberReward: assign((_, answer: CoinsAnswer) => ({ reward: answer.reward ?? null })),
  },
}).createMachine({
  id: 'coinPurchase',
  context: ({ input }) => ({ gems: input.gems, reward: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: [{ guard: 'tooFewGems', target: 'needGems' }, { target: 'purchasing' }],
      },
    },
    /** The modal shows the Power Gems tab instead. */
    needGems: { type: 'final' },
    purchasing: {
      invoke: {
        id: 'purchaseCoins',
        src: 'purchaseCoins',
        input: ({ event }) => {
          assertEvent(event, 'CHOOSE');
          return { packageId: event.packageId };
        },
        onDone: [
          {
            guard: { type: 'purchaseSucceeded', params: ({ event }) => event.output },
            target: 'success',
            actions: { type: 'rememberReward', params: ({ event }) => event.output },
          },
          { target: 'failure' },
        ],
        onError: 'failure',
      },
    },
    success: { on: { OK: { target: 'done', actions: 'leave' } } },
    failure: { on: { OK: { target: 'done', actions: 'leave' } } },
    /** Ok goes to /user/activities (spec 2 §2). */
    done: { type: 'final' },
  },
});
