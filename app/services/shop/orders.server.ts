import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, paymentOrders } from '~/db/schema';
import { PAYMENT_RECONCILE_AFTER_MS } from '~/lib/constants';
import { payments, WebhookRejectedError, type PaymentAdapter, type PaymentEvent } from '../adapters/payments/index.server';
import { WEBHOOK_REFUSALS } from '../adapters/payments/signature.server';
import { holdsNul } from '~/lib/nul';
import { siteUrl } from '../platform/site-origin.server';
import { getBalance, ownerAccount, postTransfer, SYSTEM_ACCOUNTS } from '../ledger/index.server';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { findBundle, loadBundles } from './shop.server';
import { isUuid } from '~/lib/domain/ids';

/**
 * Gems bought by card (spec 2 §4 "Gem top-up", docs/shop-and-payments.md). The one invariant:
 * an order's gems are credited exactly once, by `fulfilPayment`, whichever of the return's
 * poll, the provider's webhook or the reconciler learns of the payment first.
 */

/** "18.99" AED → 1899 fils. */
function aedToFils(price: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export type CheckoutAnswer = { ok: true; sessionUrl: string; orderId: string } | { ok: false; message: string };

/** Spec 2 §7 redirect-to-checkout: an order, then the provider's hosted page for it. */
export async function startGemCheckout(userId: string, packageId: string, adapter: PaymentAdapter = payments()): Promise<CheckoutAnswer> {
  const bundle = findBundle((await loadBundles()).gemsBundles, packageId);
  const amountMinor = bundle && aedToFils(bundle.price);
  if (!bundle || !amountMinor) return { ok: false, message: SHOP_MESSAGES.noPackage };
  const [order] = await db()
    .insert(paymentOrders)
    .values({ userId, packageId: bundle.identifier, gems: BigInt(bundle.reward), amountMinor, currency: 'AED', provider: adapter.name })
    .returning({ id: paymentOrders.id });
  // Return links and the sandbox's hosted page are on the site's origin, never a request's Host (decision 120).
  const back = (result: 'success' | 'error') => siteUrl(`/user/activities?${new URLSearchParams({ payment_result: result, orderId: order.id })}#in-game-shop`);
  const session = await adapter.createCheckoutSession({
    orderId: order.id,
    amountMinor,
    currency: 'AED',
    description: `${bundle.reward} Power Gems`,
    successUrl: back('success'),
    cancelUrl: back('error'),
    idempotencyKey: `gem-order:${order.id}`,
  });
  await db()
    .update(paymentOrders)
    .set({ paymentId: session.paymentId })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.userId, userId)));
  const sessionUrl = session.url.startsWith('/') ? siteUrl(session.url) : session.url;
  return { ok: true, sessionUrl, orderId: order.id };
}

/**
 * The only code that settles an order. `pending → paid` (or `pending → failed`) happens in SQL
 * under the row's lock, and the gem credit is in the same transaction: whoever moves the row
 * credits, everyone else finds it settled. True only for the call that credited.
 */
export async function fulfilPayment(provider: string, event: PaymentEvent): Promise<boolean> {
  if (event.status === 'pending') return false;
  return db().transaction(async (tx) => {
    const [order] = await tx
      .update(paymentOrders)
      .set(event.status === 'paid' ? { status: 'paid', paidAt: sql`now()` } : { status: 'failed' })
      .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.paymentId, event.paymentId), eq(paymentOrders.status, 'pending')))
      .returning();
    if (!order || order.status !== 'paid') return false;
    const { transactionId } = await postTransfer(
      {
        idempotencyKey: `gem-order:${order.id}`,
        // An order paid after its rider deleted the account credits the tombstone's account, where
        // nothing can spend it: staff refund it (docs/accounts.md "Deleting an account").
        legs: [{ from: SYSTEM_ACCOUNTS.gemIssuer, to: ownerAccount(order), currency: 'GEM', amount: order.gems }],
        memo: `Power Gems ${order.packageId} by card`,
        metadata: { orderId: order.id, provider, paymentId: event.paymentId, amountMinor: order.amountMinor.toString(), currency: order.currency },
      },
      tx,
    );
    // The rider's key in the WHERE keeps the write to their rows (decision 145); an order whose
    // rider deleted the account names no one.
    const ofRider = order.userId === null ? undefined : eq(paymentOrders.userId, order.userId);
    await tx
      .update(paymentOrders)
      .set({ ledgerTransactionId: transactionId })
      .where(and(eq(paymentOrders.id, order.id), ofRider));
    return true;
  });
}

export type PaymentInfo = { status: 'paid'; reward: number } | { status: 'pending' } | { status: 'failed' };

/**
 * Spec 2 §7 payment/info, asked by the return page's poll: an order that is not this rider's is
 * failed (it looks exactly like an unknown one); a pending order asks the provider and settles.
 */
export async function getPaymentInfo(userId: string, orderId: string, adapter: PaymentAdapter = payments()): Promise<PaymentInfo> {
  let order = await findOrder(userId, orderId);
  if (!order) return { status: 'failed' };
  if (order.status === 'pending' && order.paymentId && order.provider === adapter.name) {
    await fulfilPayment(adapter.name, { paymentId: order.paymentId, status: await adapter.getPaymentStatus(order.paymentId) });
    // Re-read: this call, the webhook or the reconciler may have settled it.
    order = (await findOrder(userId, orderId)) ?? order;
  }
  return order.status === 'paid' ? { status: 'paid', reward: Number(order.gems) } : { status: order.status };
}

async function findOrder(userId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await db()
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId)));
  return order ?? null;
}

/** The provider's webhook: verified, then fulfilled. A bad signature or old timestamp throws (400). */
export async function handlePaymentWebhook(rawBody: string, headers: Headers, adapter: PaymentAdapter = payments()): Promise<{ credited: boolean }> {
  const event = await adapter.parseWebhook(rawBody, headers);
  if (!event) return { credited: false };
  // Signed is not sound: a NUL in the payment id (any provider's) reached the database as text it refuses (issue 35 item 4).
  if (holdsNul(event)) throw new WebhookRejectedError(WEBHOOK_REFUSALS.nul);
  return { credited: await fulfilPayment(adapter.name, event) };
}

/**
 * Orders left pending (the rider closed the browser, the webhook never came): ask the
 * provider about each one older than a minute and settle what it says.
 */
export async function reconcilePendingOrders(adapter: PaymentAdapter = payments(), olderThanMs = PAYMENT_RECONCILE_AFTER_MS): Promise<number> {
  const stale = await db()
    .select({ paymentId: paymentOrders.paymentId })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'pending'),
        eq(paymentOrders.provider, adapter.name),
        isNotNull(paymentOrders.paymentId),
        lt(paymentOrders.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    );
  let credited = 0;
  for (const { paymentId } of stale) {
    if (!paymentId) continue;
    const status = await adapter.getPaymentStatus(paymentId);
    if (await fulfilPayment(adapter.name, { paymentId, status })) credited++;
  }
  return credited;
}

/**
 * What an operator checks of one order: its status and every ledger transaction and entry that
 * credited it (exactly one transaction of two entries once paid). Used by the restart test.
 */
export async function orderLedgerRecord(orderId: string) {
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order) return null;
  const credits = await db()
    .select({
      transactionId: ledgerTransactions.id,
      account: ledgerAccounts.code,
      currency: ledgerEntries.currency,
      amount: sql<string>`${ledgerEntries.amount}::text`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(sql`${ledgerTransactions.metadata} ->> 'orderId' = ${orderId}`);
  return {
    status: order.status,
    ledgerTransactionId: order.ledgerTransactionId,
    transactions: new Set(credits.map((credit) => credit.transactionId)).size,
    entries: credits.map(({ account, currency, amount }) => ({ account, currency, amount })),
    riderGems: (await getBalance(ownerAccount(order), 'GEM')).posted.toString(),
  };
}

/**
 * Account deletion (decision 125): the rider's orders stay for the books under the tombstone.
 * They carry no personal data besides the rider, so nothing else changes; a pending one can still
 * be settled by the webhook or the reconciler (its gems then go to the tombstone's account).
 */
export async function pseudonymiseOrders(tx: Transaction, userId: string, tombstoneId: string): Promise<void> {
  await tx.update(paymentOrders).set({ userId: null, deletedAccountId: tombstoneId }).where(eq(paymentOrders.userId, userId));
}
