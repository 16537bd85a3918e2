import { desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { events, registrations } from '~/db/schema';
import { sendMail } from '../adapters/mail.server';

/** Staff review of registrations (approve / decline); the rider is told by e-mail. */
export async function listRegistrationsForStaff(status?: 'pending' | 'approved' | 'declined') {
  const query = db()
    .select({
      id: registrations.id,
      status: registrations.status,
      category: registrations.category,
      wkg: registrations.wkg,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      createdAt: registrations.createdAt,
      eventId: events.id,
      eventName: events.name,
      hasIdFront: registrations.idFrontKey,
      hasIdBack: registrations.idBackKey,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .orderBy(desc(registrations.createdAt))
    .limit(200);
  const rows = status ? await query.where(eq(registrations.status, status)) : await query;
  return rows.map(({ hasIdFront, hasIdBack, ...row }) => ({ ...row, hasIdFront: Boolean(hasIdFront), hasIdBack: Boolean(hasIdBack) }));
}

export async function decideRegistration(id: number, status: 'approved' | 'declined'): Promise<boolean> {
  const [row] = await db()
    .update(registrations)
    .set({ status, decidedAt: new Date() })
    .where(eq(registrations.id, id))
    // The rider it returns names whose rows changed (decision 145): only their kept pages go stale.
    .returning({ email: registrations.email, eventId: registrations.eventId, firstName: registrations.firstName, userId: registrations.userId });
  if (!row) return false;
  const [event] = await db().select({ name: events.name }).from(events).where(eq(events.id, row.eventId));
  const text =
    status === 'approved'
      ? `Congratulations ${row.firstName}! Your registration for ${event.name} is approved.`
      : `Sorry ${row.firstName}, your registration for ${event.name} was declined. You can join again from the events page.`;
  await sendMail({ to: row.email, subject: `Your registration for ${event.name}`, text, meta: { registrationId: id, status }, accountId: row.userId });
  return true;
}
