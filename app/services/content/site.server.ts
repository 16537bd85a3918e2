import { desc } from 'drizzle-orm';
import { db } from '~/db/client.server';
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

/** Stores the message, then mails it to support with the sender as reply address. */
export async function submitContactMessage(input: ContactInput): Promise<{ id: number }> {
  const phone = input.phone?.trim() || null;
  const [row] = await db()
    .insert(contactMessages)
    .values({ name: input.name, phone, email: input.email, message: input.message })
    .returning({ id: contactMessages.id });
  const lines = [`From: ${input.name} <${input.email}>`, phone ? `Phone: ${phone}` : null, '', input.message].filter((line) => line !== null);
  await sendMail({
    to: getEnv().SUPPORT_EMAIL,
    subject: `Contact form: ${input.name}`,
    text: lines.join('\n'),
    meta: { contactMessageId: row.id, replyTo: input.email },
  });
  return { id: row.id };
}

/** The newest messages of the outbox (the /dev/outbox page). */
export async function listOutbox(limit = 100) {
  return db().select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
