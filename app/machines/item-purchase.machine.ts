import { assign, fromPromise, setup } from 'xstate';
import { PURCHASE_DIALOG_DELAY_MS } from '~/lib/constants';
import { SHOP_MESSAGES } from '~/lib/shop/messages';

/** The answers of the check and purchase calls (spec 2 §7), as the browser reads them. */
export interface CheckAnswer {
  error: string | null;
}
export interface PurchaseAnswer {
  status: boolean;
  message: string | null;
}

/**
 * Quick View's item purchase (spec 2 §4 "Item purchase"): the check first (an error hides Buy
 * and is shown), Buy calls the purchase; success closes the modal and, 700 ms later, shows
 * 'Purchase Successful!' whose confirmation reloads the page; failure shows the server's
 * message or 'Purchase failed.'. The route provides `checkPurchase` and `purchase`.
 */
export const itemPurchaseMachine = setup({
  types: {
    context: {} as { message: string | null },
    events: {} as { type: 'BUY' } | { type: 'CLOSE' } | { type: 'CONFIRM' },
  },
  actors: {
    checkPurchase: fromPromise<CheckAnswer>(async () => {
      throw new Error('checkPurchase is provided by the route');
    }),
    purchase: fromPromise<PurchaseAnswer>(async () => {
      throw new Error('purchase is provided by the route');
    }),
  },
  guards: {
    checkFoundError: (_, answer: CheckAnswer) => Boolean(answer.error),
    purchaseSucceeded: (_, answer: PurchaseAnswer) => answer.status === true,
  },
  actions: {
    showCheckError: assign((_, answer: CheckAnswer) => ({ message: answer.error })),
    showPurchaseFailure: assign((_, answer: PurchaseAnswer) => ({ message: answer.message || SHOP_MESSAGES.purchaseFailed })),
    showException: assign({ message: SHOP_MESSAGES.exception }),
    clearMessage: assign({ message: null }),
  },
  delays: { successDialog: PURCHASE_DIALOG_DELAY_MS },
}).createMachine({
  id: 'itemPurchase',
  context: { message: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkPurchase',
        src: 'checkPurchase',
        onDone: [
          {
            guard: { type: 'checkFoundError', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'showCheckError', params: ({ event }) => event.output },
          },
          { target: 'ready' },
        ],
        onError: { target: 'blocked', actions: 'showException' },
      },
      on: { CLOSE: 'closed' },
    },
    /** The check said no: Buy is hidden, the message shown. */
    blocked: { on: { CLOSE: 'closed' } },
    ready: { on: { BUY: 'purchasing', CLOSE: 'closed' } },
    purchasing: {
      entry: 'clearMessage',
      invoke: {
        id: 'purchase',
        src: 'purchase',
        onDone: [
          { guard: { type: 'purchaseSucceeded', params: ({ event }) => event.output }, target: 'purchased' },
          { target: 'failed', actions: { type: 'showPurchaseFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'showException' },
      },
    },
    failed: { on: { BUY: 'purchasing', CLOSE: 'closed' } },
    /** The modal has closed; the success dialog follows after the spec's delay. */
    purchased: { after: { successDialog: 'successDialog' } },
    successDialog: { on: { CONFIRM: 'reloading' } },
    reloading: { type: 'final' },
    closed: { type: 'final' },
  },
});
