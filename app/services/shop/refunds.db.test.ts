import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { deletedAccounts, ledgerTransactions, paymentOrders, sandboxCheckoutSessions } from '~/db/schema';
import { loader as paymentsLoader, action as paymentsAction } from '~/routes/staff.payments/route';
import { eraseAccount } from '~/services/accounts/deletion.server';
import { readDeletedAccount } from '~/services/accounts/rider-data.server';
import { setPaymentsForTests } from '~/services/adapters/payments/index.server';
import { sandboxAdapter, sandboxWebhookFor, settleSandboxSession, SANDBOX_CARDS } from '~/services/adapters/payments/sandbox.server';
import { checkLedgerInvariants, closedAccount, getBalance, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { handlePaymentWebhook, startGemCheckout } from './orders.server';
import { listOrphanedPayments, REFUND_MESSAGES, refundOrphanedPayment } from './refunds.server';

setUpTestDatabase();

const SECRET = 'refunds-test-webhook-secret-0123456789abcdef';
const adapter = sandboxAdapter(SECRET);

/** The account goes the way a confirmed deletion takes it (the registry, the tombstone, one transaction). */
async function deleteAccount(userId: string): Promise<void> {
  await db().transaction(async (tx) => eraseAccount(tx, (await readDeletedAccount(tx, userId))!));
}

/** The provider's page and its signed webhook: the payment completes. */
async function pay(sessionId: string) {
  await settleSandboxSession(sessionId, SANDBOX_CARDS.success);
  const webhook = (await sandboxWebhookFor(sessionId, SECRET))!;
  return handlePaymentWebhook(webhook.body, webhook.headers, adapter);
}

/** A rider opens a card checkout, deletes the account, then completes the payment on the provider's page. */
async function orphanedPayment() {
  const rider = await createTestUser();
  const started = await startGemCheckout(rider.id, 'gems_250', adapter);
  if (!started.ok) throw new Error(started.message);
  const sessionId = started.sessionUrl.split('/').pop()!;
  await deleteAccount(rider.id);
  expect(await pay(sessionId)).toEqual({ credited: true });
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, started.orderId));
  return { orderId: started.orderId, sessionId, tombstone: order.deletedAccountId! };
}

const tombstoneGems = async (tombstone: string) => (await getBalance(closedAccount(tombstone), 'GEM')).posted;

describe('a card payment completed after its rider deleted the account (issue 35 item 9, decision 178)', () => {
  it('credits the tombstone; staff see it, refund it through the provider once, and the gems go back', async () => {
    const staff = await createTestUser({ role: 'staff', firstname: 'Pat', lastname: 'Staff' });
    const { orderId, sessionId, tombstone } = await orphanedPayment();
    expect(await tombstoneGems(tombstone)).toBe(250n);
    // A payment completed before its rider deleted the account was given up with the balance: not listed.
    const early = await createTestUser();
    const paidEarly = await startGemCheckout(early.id, 'gems_250', adapter);
    if (!paidEarly.ok) throw new Error(paidEarly.message);
    await pay(paidEarly.sessionUrl.split('/').pop()!);
    await deleteAccount(early.id);

    const [listed, ...others] = await listOrphanedPayments();
    expect(others.map((payment) => payment.orderId)).not.toContain(paidEarly.orderId);
    expect(listed).toMatchObject({ orderId, deletedAccountId: tombstone, gems: 250n, provider: 'sandbox', paymentId: sessionId, refundedAt: null });

    const issuerBefore = (await getBalance(SYSTEM_ACCOUNTS.gemIssuer, 'GEM')).posted;
    const refunded = await refundOrphanedPayment(orderId, staff.id, adapter);
    expect(refunded).toMatchObject({ ok: true, message: 'Refunded AED 39.99 to the card.' });
    const [session] = await db().select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
    expect(session.refundId).toBe((refunded as { refundId: string }).refundId);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', refundId: session.refundId, refundedBy: staff.id });
    expect(order.refundedAt).toBeInstanceOf(Date);
    expect(await tombstoneGems(tombstone)).toBe(0n);
    expect((await getBalance(SYSTEM_ACCOUNTS.gemIssuer, 'GEM')).posted).toBe(issuerBefore + 250n);
    expect(await checkLedgerInvariants()).toEqual([]);
    expect((await listOrphanedPayments()).find((payment) => payment.orderId === orderId)).toMatchObject({
      refundId: session.refundId,
      refundedBy: 'Pat Staff',
    });

    // Again: nothing changes, at the provider or in the books.
    expect(await refundOrphanedPayment(orderId, staff.id, adapter)).toEqual({ ok: false, message: REFUND_MESSAGES.alreadyRefunded });
    expect(await db().$count(ledgerTransactions, sql`${ledgerTransactions.metadata} ->> 'orderId' = ${orderId}`)).toBe(2);
    expect(await tombstoneGems(tombstone)).toBe(0n);
  });

  it('two staff members refunding at once: one refund at the provider, one in the books', async () => {
    const [first, second] = [await createTestUser({ role: 'staff' }), await createTestUser({ role: 'staff' })];
    const { orderId, sessionId, tombstone } = await orphanedPayment();
    const answers = await Promise.all([refundOrphanedPayment(orderId, first.id, adapter), refundOrphanedPayment(orderId, second.id, adapter)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, message: REFUND_MESSAGES.alreadyRefunded }]);
    const [session] = await db().select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order.refundId).toBe(session.refundId);
    expect(await db().$count(ledgerTransactions, sql`${ledgerTransactions.metadata} ->> 'orderId' = ${orderId}`)).toBe(2);
    expect(await tombstoneGems(tombstone)).toBe(0n);
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it("refuses what is not an orphaned payment: a live rider's, an unknown order, a made-up id; and an unpaid session at the provider", async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const live = await startGemCheckout(rider.id, 'gems_250', adapter);
    if (!live.ok) throw new Error(live.message);
    await pay(live.sessionUrl.split('/').pop()!);
    for (const id of [live.orderId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await refundOrphanedPayment(id, staff.id, adapter)).toEqual({ ok: false, message: REFUND_MESSAGES.notOrphaned });
    }
    expect(await db().$count(paymentOrders, sql`${paymentOrders.refundedAt} is not null and ${paymentOrders.id} = ${live.orderId}`)).toBe(0);
    const open = await startGemCheckout(rider.id, 'gems_250', adapter);
    if (!open.ok) throw new Error(open.message);
    await expect(adapter.refund({ paymentId: open.sessionUrl.split('/').pop()!, amountMinor: 3999n, currency: 'AED', idempotencyKey: 'k' })).rejects.toThrow(
      'The payment was not made: there is nothing to refund.',
    );
  });

  it('/staff/payments: staff only; the list, and Refund answered by a toast', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const { orderId, tombstone } = await orphanedPayment();
    setPaymentsForTests(adapter);
    try {
      const { request: theirs } = await signedInRequest(rider.id, 'http://localhost/staff/payments');
      expect((await thrownResponse(paymentsLoader({ request: theirs, params: {}, context: {} }))).status).toBe(403);
      const { request } = await signedInRequest(staff.id, 'http://localhost/staff/payments');
      const page = (await paymentsLoader({ request, params: {}, context: {} })) as { payments: Array<Record<string, unknown>> };
      expect(page.payments.find((payment) => payment.orderId === orderId)).toMatchObject({ amount: 'AED 39.99', gems: '250', deletedAccountId: tombstone });

      const post = async (userId: string, fields: Record<string, string>) =>
        (await signedInRequest(userId, 'http://localhost/staff/payments', { method: 'POST', body: new URLSearchParams(fields) })).request;
      const refused = await thrownResponse(paymentsAction({ request: await post(rider.id, { intent: 'refund', orderId }), params: {}, context: {} }));
      expect(refused.status).toBe(403);
      expect(await db().$count(paymentOrders, sql`${paymentOrders.id} = ${orderId} and ${paymentOrders.refundedAt} is not null`)).toBe(0);
      const bad = (await paymentsAction({ request: await post(staff.id, { intent: 'refund', orderId: 'x' }), params: {}, context: {} })) as {
        init: ResponseInit;
      };
      expect(bad.init.status).toBe(400);
      const done = (await paymentsAction({ request: await post(staff.id, { intent: 'refund', orderId }), params: {}, context: {} })) as Response;
      expect(done.status).toBe(302);
      expect(done.headers.get('Location')).toBe('/staff/payments');
      expect(await tombstoneGems(tombstone)).toBe(0n);
      expect(await db().$count(deletedAccounts, eq(deletedAccounts.id, tombstone))).toBe(1);
    } finally {
      setPaymentsForTests(undefined);
    }
  });
});
