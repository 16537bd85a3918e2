import { defineFlow, everyKind, type CatalogueEntry } from '~/lib/flows/types';
import { coinPurchaseMachine, type CoinsAnswer } from '../coin-purchase.machine';
import { gemTopUpMachine, type PaymentInfoAnswer } from '../gem-top-up.machine';
import { itemPurchaseMachine, type PurchaseAnswer } from '../item-purchase.machine';
import { SHOP_MESSAGES } from '~/lib/shop/messages';

/** A service that got no answer. */
const offline = <Id extends string>(id: Id) => [{ type: `xstate.error.actor.${id}` as const, error: new Error('offline') }];

/** The in-game shop's flows (issue 11). */
export const shopFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'item-purchase',
    title: 'Item purchase (Quick View)',
    description: 'Quick View checks first (an error hides Buy), Buy purchases; success closes the modal and 700 ms later shows Purchase Successful!, whose confirmation reloads; failure shows the server message or Purchase failed.',
    specRef: 'spec 2 §4 "Item purchase", §7 check-user-purchase-item and purchase/item, §8, §9 "Post-purchase dialog delay: 700 ms"',
    machine: itemPurchaseMachine,
    serverAnswers: {
      outputs: {
        checkPurchase: [{ error: null }, { error: SHOP_MESSAGES.alreadyOwned }],
        purchase: everyKind<PurchaseAnswer>()('status', [
          { status: true, message: SHOP_MESSAGES.purchaseSuccessful },
          { status: false, message: null },
        ]),
      },
    },
    eventSamples: {
      'xstate.done.actor.checkPurchase': [
        { type: 'xstate.done.actor.checkPurchase', output: { error: null } },
        { type: 'xstate.done.actor.checkPurchase', output: { error: SHOP_MESSAGES.alreadyOwned } },
      ],
      'xstate.error.actor.checkPurchase': offline('checkPurchase'),
      'xstate.done.actor.purchase': [
        { type: 'xstate.done.actor.purchase', output: { status: true, message: SHOP_MESSAGES.purchaseSuccessful } },
        { type: 'xstate.done.actor.purchase', output: { status: false, message: null } },
      ],
      'xstate.error.actor.purchase': offline('purchase'),
    },
    serializeContext: (context: { message: string | null }) => ({ message: context.message !== null }),
  }),
  defineFlow({
    id: 'coin-purchase',
    title: 'Coins bought with gems',
    description: 'Choosing a coins bundle that costs more gems than the rider has switches the modal to Power Gems; otherwise the purchase runs and ends in success with the reward or failure; Ok leaves.',
    specRef: 'spec 2 §2 payment modal, §4 "Coin purchase with gems", §7 purchase/gems',
    machine: coinPurchaseMachine,
    serverAnswers: { outputs: { purchaseCoins: everyKind<CoinsAnswer>()('status', [{ status: true, reward: 1000 }, { status: false }]) } },
    input: { gems: 100 },
    eventSamples: {
      CHOOSE: [{ type: 'CHOOSE', packageId: 'coins_1000', price: 50 }, { type: 'CHOOSE', packageId: 'coins_5000', price: 200 }],
      'xstate.done.actor.purchaseCoins': [
        { type: 'xstate.done.actor.purchaseCoins', output: { status: true, reward: 1000 } },
        { type: 'xstate.done.actor.purchaseCoins', output: { status: false } },
      ],
      'xstate.error.actor.purchaseCoins': offline('purchaseCoins'),
    },
    serializeContext: (context: { reward: number | null }) => ({ reward: context.reward !== null }),
  }),
  defineFlow({
    id: 'gem-top-up',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Gems bought by card',
    description: 'A gems bundle asks for a payment session and leaves for its page (no URL: the alert). The return with payment_result=success and an orderId polls up to 3 times 10 s apart, saying This is taking longer than usual… from halfway; paid shows the gems, anything else fails.',
    specRef: 'spec 2 §2 payment modal, §4 "Gem top-up", §5 "Payments", §7 redirect-to-checkout and payment/info, §9 "Payment polling: 3 attempts, 10000 ms apart"',
    machine: gemTopUpMachine,
    serverAnswers: {
      outputs: {
        createSession: [{ sessionUrl: 'https://pay.example/cs_1' }, { sessionUrl: null }],
        paymentInfo: everyKind<PaymentInfoAnswer>()('state', [{ state: 'paid', reward: 250 }, { state: 'failed' }, { state: 'pending' }]),
      },
    },
    input: {},
    eventSamples: {
      CHOOSE: [{ type: 'CHOOSE', packageId: 'gems_100' }],
      RETURNED: [
        { type: 'RETURNED', paymentResult: 'success', orderId: 'order-1' },
        { type: 'RETURNED', paymentResult: 'error', orderId: 'order-1' },
      ],
      'xstate.done.actor.createSession': [
        { type: 'xstate.done.actor.createSession', output: { sessionUrl: 'https://pay.example/cs_1' } },
        { type: 'xstate.done.actor.createSession', output: { sessionUrl: null } },
      ],
      'xstate.error.actor.createSession': offline('createSession'),
      'xstate.done.actor.paymentInfo': [
        { type: 'xstate.done.actor.paymentInfo', output: { state: 'paid', reward: 250 } },
        { type: 'xstate.done.actor.paymentInfo', output: { state: 'failed' } },
        { type: 'xstate.done.actor.paymentInfo', output: { state: 'pending' } },
      ],
      'xstate.error.actor.paymentInfo': offline('paymentInfo'),
    },
    serializeContext: (context: { attempts: number; slow: boolean; reward: number | null }) => ({ attempts: context.attempts, slow: context.slow, reward: context.reward !== null }),
  }),
];
