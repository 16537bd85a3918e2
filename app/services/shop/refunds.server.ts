import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { deletedAccounts, paymentOrders, users } from '~/db/schema';
import { isUuid } from '~/lib/domain/ids';
import { formatAed } from '~/lib/money';
import { payments, RefundRefusedError, type PaymentAdapter } from '../adapters/payments/index.server';
import { reverseTransfer } from '../ledger/index.server';

/**
 * Card payments completed after their rider deleted the account (issue 35 item 9, decision
 * 178): the gems went to the deleted account's tombstone, where nothing can spend them. Staff see
 * them at /staff/payments and refund them through the payment adapter. Exactly once: the
 * provider's refund carries the order's idempotency key (a retried or concurrent refund is the
 * same refund), and the order is marked refunded, with the gems taken back from the tombstone,
 * in one transaction by a conditional update that only one caller wins.
 */
export const REFUND_MESSAGES = {
  refunded: (amount: string) => `Refunded ${amount} to the card.`,
  alreadyRefunded: 'This payment was refunded already: nothing changed.',
  notOrphaned: 'Only a card payment completed after its account was deleted is refunded here.',
  otherProvider: 'This payment went through another card processor than the one configured now: refund it in that processor’s dashboard.',
  refused: (reason: string) => `The card processor refused the refund: ${reason}`,
} as const;

export interface OrphanedPayment {
  orderId: string;
  /** The deleted account's tombstone, which the books name instead of the rider. */
  deletedAccountId: string;
  deletedAt: Date;
  paidAt: Date;
  packageId: string;
  gems: bigint;
  amountMinor: bigint;
  currency: string;
  provider: string;
  paymentId: string | null;
  refundedAt: Date | null;
  refundId: string | null;
  /** The staff member who refunded it (null once their own account is gone). */
  refundedBy: string | null;
}

/** A paid order of a deleted account, paid after the deletion (one paid before was given up with the balance). */
const orphaned = and(isNull(paymentOrders.userId), eq(paymentOrders.status, 'paid'), gt(paymentOrders.paidAt, deletedAccounts.deletedAt));

/** Every orphaned payment, newest first, refunded or not. */
export async function listOrphanedPayments(): Promise<OrphanedPayment[]> {
  return db()
    .select({
      orderId: paymentOrders.id,
      deletedAccountId: deletedAccounts.id,
      deletedAt: deletedAccounts.deletedAt,
      paidAt: sql<Date>`${paymentOrders.paidAt}`.mapWith(paymentOrders.paidAt),
      packageId: paymentOrders.packageId,
      gems: paymentOrders.gems,
      amountMinor: paymentOrders.amountMinor,
      currency: paymentOrders.currency,
      provider: paymentOrders.provider,
      paymentId: paymentOrders.paymentId,
      refundedAt: paymentOrders.refundedAt,
      refundId: paymentOrders.refundId,
      refundedBy: sql<string | null>`${users.firstname} || ' ' || ${users.lastname}`,
    })
    .from(paymentOrders)
    .innerJoin(deletedAccounts, eq(deletedAccounts.id, paymentOrders.deletedAccountId))
    .leftJoin(users, eq(users.id, paymentOrders.refundedBy))
    .where(orphaned)
    .orderBy(desc(paymentOrders.paidAt));
}

export type RefundOutcome = { ok: true; message: string; refundId: string } | { ok: false; message: string };

/** Staff's Refund on /staff/payments. */
export async function refundOrphanedPayment(orderId: string, staffId: string, adapter: PaymentAdapter = payments()): Promise<RefundOutcome> {
  if (!isUuid(orderId)) return { ok: false, message: REFUND_MESSAGES.notOrphaned };
  const [order] = await db()
    .select({ order: paymentOrders })
    .from(paymentOrders)
    .innerJoin(deletedAccounts, eq(deletedAccounts.id, paymentOrders.deletedAccountId))
    .where(and(eq(paymentOrders.id, orderId), orphaned));
  if (!order) return { ok: false, message: REFUND_MESSAGES.notOrphaned };
  const { id, paymentId, amountMinor, provider, ledgerTransactionId, packageId } = order.order;
  if (order.order.refundedAt) return { ok: false, message: REFUND_MESSAGES.alreadyRefunded };
  if (provider !== adapter.name || !paymentId || !ledgerTransactionId) return { ok: false, message: REFUND_MESSAGES.otherProvider };

  let refund;
  try {
    refund = await adapter.refund({ paymentId, amountMinor, currency: 'AED', idempotencyKey: `refund:${id}` });
  } catch (error) {
    if (error instanceof RefundRefusedError) return { ok: false, message: REFUND_MESSAGES.refused(error.message) };
    throw error;
  }
  const recorded = await db().transaction(async (tx) => {
    const [marked] = await tx
      .update(paymentOrders)
      .set({ refundedAt: sql`now()`, refundId: refund.refundId, refundedBy: staffId })
      .where(and(eq(paymentOrders.id, id), isNull(paymentOrders.refundedAt), eq(paymentOrders.status, 'paid'), isNull(paymentOrders.userId)))
      .returning({ id: paymentOrders.id });
    if (!marked) return false;
    // The gems credited to the tombstone go back to the issuer: the books show the refund.
    await reverseTransfer(
      ledgerTransactionId,
      { idempotencyKey: `gem-refund:${id}`, memo: `Refund of Power Gems ${packageId} by card`, metadata: { orderId: id, provider, refundId: refund.refundId } },
      tx,
    );
    return true;
  });
  return recorded
    ? { ok: true, message: REFUND_MESSAGES.refunded(formatAed(amountMinor)), refundId: refund.refundId }
    : { ok: false, message: REFUND_MESSAGES.alreadyRefunded };
}
