import { assign, fromPromise, setup } from 'xstate';

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
    tooFewGems: ({ context, event }) => event.type === 'CHOOSE' && context.gems < event.price,
    purchaseSucceeded: ({ event }) => (event as unknown as { output?: CoinsAnswer }).output?.status === true,
  },
  actions: {
    rememberReward: assign({ reward: ({ event }) => (event as unknown as { output: CoinsAnswer }).output.reward ?? null }),
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
        input: ({ event }) => ({ packageId: event.type === 'CHOOSE' ? event.packageId : '' }),
        onDone: [{ guard: 'purchaseSucceeded', target: 'success', actions: 'rememberReward' }, { target: 'failure' }],
        onError: 'failure',
      },
    },
    success: { on: { OK: 'done' } },
    failure: { on: { OK: 'done' } },
    /** Ok goes to /user/activities (spec 2 §2). */
    done: { type: 'final' },
  },
});
