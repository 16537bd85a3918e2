import { eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { db, type Transaction } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { getEnv } from '../platform/env.server';
import { defineJob, enqueueJob } from '../platform/jobs.server';

/**
 * The mail adapter (DESIGN.md §5): SMTP when SMTP_URL is set, otherwise only the outbox
 * table (shown at /dev/outbox in development). Every message is kept in the outbox either
 * way, so support can see what a rider was sent.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Machine-readable extras for tests and support (a code, a link), never shown to riders. */
  meta?: Record<string, unknown>;
  /** The account the message is sent for: its outbox copy is deleted with the account. */
  accountId?: string;
}

let transporter: nodemailer.Transporter | undefined;
let transporterUrl: string | undefined;

function smtpTransport(url: string): nodemailer.Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url);
    transporterUrl = url;
  }
  return transporter;
}

/**
 * Keeps the message in the outbox and, with SMTP configured, queues its delivery (decision 130):
 * a mail server that is down or slow is retried with backoff, on any instance, instead of failing
 * the request that wrote the mail or being lost with the process.
 */
export async function sendMail(message: MailMessage, options: { tx?: Transaction } = {}): Promise<void> {
  const env = getEnv();
  const transport = env.SMTP_URL ? 'smtp' : 'outbox';
  // Inside `tx` (a job that must write its mail with its rows, or not at all), the delivery is queued with it.
  const [kept] = await (options.tx ?? db())
    .insert(outbox)
    .values({
      channel: 'email',
      recipient: message.to.toLowerCase(),
      subject: message.subject,
      body: message.text,
      html: message.html,
      transport,
      meta: message.meta,
      accountId: message.accountId,
    })
    .returning({ id: outbox.id });
  // The job names the kept message only: job rows outlive it, and must hold no address.
  if (env.SMTP_URL) await enqueueJob(mailDeliveryJob, { outboxId: kept.id }, { tx: options.tx });
}

/**
 * Hands one kept message to SMTP. At least once: a run that delivered but died before it was
 * marked may deliver again; a message already marked delivered is not sent twice.
 */
export const mailDeliveryJob = defineJob<{ outboxId: number }>(
  'mail.deliver',
  async ({ outboxId }) => {
    const env = getEnv();
    const [message] = await db().select().from(outbox).where(eq(outbox.id, outboxId));
    if (!message || !env.SMTP_URL || message.meta?.deliveredAt) return;
    await smtpTransport(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      html: message.html ?? undefined,
    });
    await db()
      .update(outbox)
      .set({ meta: sql`coalesce(${outbox.meta}, '{}'::jsonb) || ${JSON.stringify({ deliveredAt: new Date().toISOString() })}::jsonb` })
      .where(eq(outbox.id, outboxId));
  },
  { retryLimit: 8, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 },
);

const DAY_MS = 86_400_000;

/**
 * Retention of the outbox (mail and phone codes alike): messages older than OUTBOX_RETENTION_DAYS
 * go, delivered or not; by then every link and code in them has long expired. Returns how many went.
 */
export async function pruneOutbox(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - getEnv().OUTBOX_RETENTION_DAYS * DAY_MS);
  const removed = await db().delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id });
  return removed.length;
}
