import { CATEGORY } from '~/lib/shop/catalogue';
import { encryptPayload } from '~/lib/shop/payload';
import { sandboxWebhookSecret } from '~/services/adapters/payments/index.server';
import { SANDBOX_CARDS, sandboxWebhookFor, settleSandboxSession } from '~/services/adapters/payments/sandbox.server';
import { getEnv } from '~/services/platform/env.server';
import { startGemCheckout } from '~/services/shop/orders.server';
import { post, requestFrom, serve, withSiteNetwork } from '../pages';
import { expectDone, give, page, type World, type WriteRow } from '../world';

/**
 * Rows of the writes → pages table: the in-game shop and gem top-ups by card. The payment
 * provider is the sandbox (decision 080): its hosted page, its signed webhook and its status
 * answer, as it sends them.
 */

const shop = page('/user/shop', 'writer');
const GEMS_BUNDLE = 'gems_250';

/** A checkout the rider started (the order and the provider's session), optionally paid on the provider's page. */
async function checkout({ people }: World, { paid }: { paid: boolean }): Promise<Record<string, string>> {
  const started = await startGemCheckout(people.writer.id, GEMS_BUNDLE);
  if (!started.ok) throw new Error(started.message);
  const sessionId = started.sessionUrl.split('/').pop()!;
  if (paid) await settleSandboxSession(sessionId, SANDBOX_CARDS.success);
  return { orderId: started.orderId, sessionId };
}

export const SHOP_ROWS: WriteRow[] = [
  {
    name: "the provider's signed webhook for a paid checkout credits the gems: the shop shows them",
    route: 'api.garage.payment.webhook',
    prepare: async (world) => {
      const { sessionId } = await checkout(world, { paid: true });
      const webhook = (await sandboxWebhookFor(sessionId, sandboxWebhookSecret()))!;
      return { body: webhook.body, headers: JSON.stringify(Object.fromEntries(webhook.headers)) };
    },
    write: async ({ people }, { body, headers }) =>
      expectDone(
        await serve(requestFrom('visitor', people, '/api/garage/payment/webhook', { body, headers: JSON.parse(headers) })),
        (answer: { credited: boolean }) => answer.credited,
      ),
    shows: [shop],
  },
  {
    name: "the return page's poll learns from the provider that the checkout was paid and credits the gems",
    route: 'api.garage.payment.info',
    prepare: (world) => checkout(world, { paid: true }),
    write: async ({ people }, { orderId }) =>
      expectDone(await post('/api/garage/payment/info', 'writer', people, { order_id: orderId }), (answer: { state: string }) => answer.state === 'paid'),
    shows: [shop],
  },
  {
    name: "paying on the provider's hosted page: the provider's webhook to the site credits the gems",
    route: 'sandbox.checkout.$sessionId',
    prepare: (world) => checkout(world, { paid: false }),
    write: ({ people }, { sessionId }) =>
      withSiteNetwork(() => post(`/sandbox/checkout/${sessionId}`, 'visitor', people, { intent: 'pay', card: SANDBOX_CARDS.success })),
    shows: [shop],
  },
  {
    name: "a checkout started for a gems bundle (an order and the provider's session)",
    route: 'api.garage.redirect-to-checkout',
    write: async ({ people }) =>
      expectDone(await post('/api/garage/redirect-to-checkout', 'writer', people, { package_id: GEMS_BUNDLE }), (answer: { status: boolean }) => answer.status),
    shows: [],
    watches: [shop],
    shownNowhere: "a pending order and the provider's session: no kept page shows orders, the gems come with the payment",
  },
  {
    name: 'a coins bundle bought with gems moves both balances in the shop',
    route: 'api.garage.purchase.gems',
    prepare: async ({ people }) => {
      await give(people.writer.id, 'GEM', 500n);
      return {};
    },
    write: async ({ people }) =>
      expectDone(await post('/api/garage/purchase/gems', 'writer', people, { package_id: 'coins_1000' }), (answer: { status: boolean }) => answer.status),
    shows: [shop],
  },
  {
    name: 'an item bought with coins shows as owned and the coins go',
    route: 'api.garage.purchase.item',
    prepare: async ({ people }) => {
      await give(people.writer.id, 'COIN', 5_000n);
      return { payload: await encryptPayload({ item_id: 1001, Type: CATEGORY.frames }, getEnv().PAYLOAD_KEY) };
    },
    write: async ({ people }, { payload }) =>
      expectDone(await post('/api/garage/purchase/item', 'writer', people, { payload }), (answer: { status: boolean }) => answer.status),
    shows: [shop],
  },
];
