import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { contactMessages, outbox, subscribers } from '~/db/schema';
import type { ContactInput } from '~/lib/site-forms';
import { sendMail } from '../adapters/mail.server';
import { getEnv } from '../platform/env.server';

/** The public site's writes: newsletter subscribers and contact messages (spec 3 §2, §7). */

/** Subscribing an address that is already subscribed is a success, not an error. */
export async function subscribe(email: string): Promise<{ created: boolean }> {
  const inserted = await db()
    .insert(subscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing()
    .returning({ email: subscribers.email });
  return { created: inserted.length > 0 };
}

/**
 * Stores the message, then mails it to support with the sender as reply address. A signed-in
 * sender's message and its mail name their account, so both go with it (issue 35 item 8).
 */
export async function submitContactMessage(input: ContactInput, senderId: string | null = null): Promise<{ id: number }> {
  const phone = input.phone?.trim() || null;
  const [row] = await db()
    .insert(contactMessages)
    .values({ userId: senderId, name: input.name, phone, email: input.email, message: input.message })
    .returning({ id: contactMessages.id });
  const lines = [`From: ${input.name} <${input.email}>`, phone ? `Phone: ${phone}` : null, '', input.message].filter((line) => line !== null);
  await sendMail({
    to: getEnv().SUPPORT_EMAIL,
    subject: `Contact form: ${input.name}`,
    text: lines.join('\n'),
    meta: { contactMessageId: row.id, replyTo: input.email },
    accountId: senderId ?? undefined,
  });
  return { id: row.id };
}

/** A rider's messages to support: sent signed in, or from the account's address without signing in. */
export function contactMessagesOf(account: { id: string; email: string }) {
  return or(eq(contactMessages.userId, account.id), sql`lower(${contactMessages.email}) = ${account.email.toLowerCase()}`);
}

/**
 * Account deletion: the rider's messages to support and their copies in the outbox (each names
 * its message in `meta.contactMessageId`), and the newsletter subscription of their address.
 */
export async function forgetSiteDataOf(tx: Transaction, account: { id: string; email: string }): Promise<void> {
  const removed = await tx.delete(contactMessages).where(contactMessagesOf(account)).returning({ id: contactMessages.id });
  if (removed.length > 0) {
    await tx.delete(outbox).where(
      inArray(
        sql`${outbox.meta} ->> 'contactMessageId'`,
        removed.map((message) => String(message.id)),
      ),
    );
  }
  await tx.delete(subscribers).where(eq(subscribers.email, account.email.toLowerCase()));
}

/** The newest messages of the outbox (the /dev/outbox page). */
export async function listOutbox(limit = 100) {
  return db().select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
