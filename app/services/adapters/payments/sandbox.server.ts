import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { sandboxCheckoutSessions } from '~/db/schema';
import { signWebhook, SIGNATURE_HEADER, verifyWebhookSignature, WEBHOOK_REFUSALS, webhookJson } from './signature.server';
import { RefundRefusedError, WebhookRejectedError, type PaymentAdapter, type PaymentStatus } from './types';

/**
 * The embedded card processor (DESIGN §5): it speaks the same protocol as the real provider —
 * a hosted page (/sandbox/checkout/<id>), a signed webhook, a status read, idempotency keys —
 * so the whole payment path runs without an outside service. Test cards decide the outcome; a
 * paid session can be refunded in full, once.
 */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

const sessionStatus: Record<'open' | 'paid' | 'declined', PaymentStatus> = { open: 'pending', paid: 'paid', declined: 'failed' };

interface SandboxWebhookEvent {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.declined';
  created: number;
  data: { object: { id: string; client_reference_id: string; status: 'paid' | 'declined' } };
}

/** What a received event must hold: signed `[]`, `null` or `{}` is refused, not a crash. */
const ReceivedEvent = z.object({
  type: z.enum(['checkout.session.completed', 'checkout.session.declined']),
  data: z.object({ object: z.object({ id: z.string().min(1), status: z.enum(['paid', 'declined']) }) }),
});

export function sandboxAdapter(webhookSecret: string): PaymentAdapter {
  return {
    name: 'sandbox',
    async createCheckoutSession(input) {
      const id = `cs_sandbox_${randomBytes(12).toString('hex')}`;
      // The idempotency key's unique index makes a retried request return the first session.
      await db()
        .insert(sandboxCheckoutSessions)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          amountMinor: input.amountMinor,
          currency: input.currency,
          description: input.description,
          clientReferenceId: input.orderId,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
        })
        .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
      const [session] = await db().select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.idempotencyKey, input.idempotencyKey));
      return { paymentId: session.id, url: `/sandbox/checkout/${session.id}` };
    },
    async getPaymentStatus(paymentId) {
      const [session] = await db()
        .select({ status: sandboxCheckoutSessions.status })
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.id, paymentId));
      return session ? sessionStatus[session.status] : 'failed';
    },
    async parseWebhook(rawBody, headers) {
      verifyWebhookSignature(webhookSecret, rawBody, headers.get(SIGNATURE_HEADER));
      const event = ReceivedEvent.safeParse(webhookJson(rawBody));
      if (!event.success) throw new WebhookRejectedError(WEBHOOK_REFUSALS.notEvent);
      const { id, status } = event.data.data.object;
      return { paymentId: id, status: status === 'paid' ? 'paid' : 'failed' };
    },
    async refund({ paymentId, amountMinor }) {
      const session = await getSandboxSession(paymentId);
      if (session?.status !== 'paid') throw new RefundRefusedError('The payment was not made: there is nothing to refund.');
      if (amountMinor !== session.amountMinor) throw new RefundRefusedError('Only the whole amount paid can be refunded.');
      // One refund per session, whoever asks first: a repeated or concurrent call answers the same refund.
      await db()
        .update(sandboxCheckoutSessions)
        .set({ refundId: `re_sandbox_${randomBytes(12).toString('hex')}`, refundedAt: new Date() })
        .where(and(eq(sandboxCheckoutSessions.id, paymentId), eq(sandboxCheckoutSessions.status, 'paid'), isNull(sandboxCheckoutSessions.refundId)));
      const refunded = await getSandboxSession(paymentId);
      return { refundId: refunded!.refundId!, status: 'succeeded' };
    },
  };
}

export function getSandboxSession(id: string) {
  return db()
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, id))
    .then((rows) => rows[0] ?? null);
}

/** The hosted page's pay button: an open session becomes paid or declined, once. */
export async function settleSandboxSession(id: string, cardNumber: string): Promise<{ status: 'paid' | 'declined'; redirectTo: string } | null> {
  const outcome = cardNumber.replace(/\s/g, '') === SANDBOX_CARDS.success ? 'paid' : 'declined';
  const [session] = await db()
    .update(sandboxCheckoutSessions)
    .set({ status: outcome })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  if (!session) return null;
  return { status: outcome, redirectTo: outcome === 'paid' ? session.successUrl : session.cancelUrl };
}

/** The webhook the sandbox sends for a settled session: raw body and signed headers. */
export async function sandboxWebhookFor(id: string, webhookSecret: string, timestampS?: number): Promise<{ body: string; headers: Headers } | null> {
  const session = await getSandboxSession(id);
  if (!session || session.status === 'open') return null;
  const event: SandboxWebhookEvent = {
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: session.status === 'paid' ? 'checkout.session.completed' : 'checkout.session.declined',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: session.id, client_reference_id: session.clientReferenceId, status: session.status } },
  };
  const body = JSON.stringify(event);
  return { body, headers: new Headers({ 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signWebhook(webhookSecret, body, timestampS) }) };
}
