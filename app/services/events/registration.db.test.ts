import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { outbox, registrations, teamMembers, teams, users } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createEvent, getEventDetail, listEvents, type EventInput } from './events.server';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification.server';
import { ALREADY_REGISTERED_MESSAGE, CLOSED_MESSAGE, submitRegistration } from './registration.server';
import { readIdFile } from './registration-files.server';
import { decideRegistration } from '../staff/staff-registrations.server';

setUpTestDatabase();

async function makeRiders(count: number, gender = 0) {
  return db()
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        email: `r-${randomBytes(5).toString('hex')}@example.com`,
        passwordHash: 'not-used',
        firstname: 'Test',
        lastname: 'Rider',
        gender,
        status: 'active' as const,
      })),
    )
    .returning({ id: users.id, email: users.email });
}

const eventBase: EventInput = {
  name: 'Test race',
  date: '2030-01-10',
  time: '18:00',
  capacity: 10,
  distanceKm: 30,
  categories: { 'Category 1': { time: '18:00', distanceKm: 30, elevationM: 200 }, 'Category 2': { time: '18:05', distanceKm: 20, elevationM: 100 } },
};

function registrationForm(fields: Record<string, string | File> = {}) {
  const form = new FormData();
  const values: Record<string, string | File> = {
    disclaimer: 'on',
    firstName: 'Test',
    lastName: 'Rider',
    email: 'test@example.com',
    gender: '0',
    dob: '1990-06-01',
    height: '180',
    weight: '72',
    ftp: '250',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  return form;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('registration (spec 3 §2 wizard, §5 rules)', () => {
  it('books exactly the free places when 50 riders register at once', async () => {
    const eventId = await createEvent({ ...eventBase, name: 'Crowded race', capacity: 12 });
    const [early1, early2] = await makeRiders(2);
    for (const rider of [early1, early2]) {
      expect((await submitRegistration({ eventId, userId: rider.id, formData: registrationForm() })).ok).toBe(true);
    }
    const riders = await makeRiders(50);
    const outcomes = await Promise.all(riders.map((rider) => submitRegistration({ eventId, userId: rider.id, formData: registrationForm() })));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(40);
    for (const outcome of refused) {
      expect(!outcome.ok && outcome.reply.error?.['']).toEqual(['The room is already fill for this event.']);
    }
    const held = await db()
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), ne(registrations.status, 'declined')));
    expect(held).toHaveLength(12);
    expect((await getEventDetail(eventId))?.participants).toEqual({ booked: 12, capacity: 12 });
  });

  it('fixes the category from W/kg, refuses a second registration and the wrong category', async () => {
    const eventId = await createEvent({ ...eventBase, name: 'Capped race', minCap: 1, maxCap: 3.9 });
    const [rider, strong] = await makeRiders(2);
    const outcome = await submitRegistration({ eventId, userId: rider.id, formData: registrationForm({ ftp: '250' }) });
    expect(outcome).toMatchObject({ ok: true, category: 'Category 2' });
    const [row] = await db().select().from(registrations).where(eq(registrations.eventId, eventId));
    expect(row).toMatchObject({ status: 'pending', category: 'Category 2', wkg: 3.47 });
    const again = await submitRegistration({ eventId, userId: rider.id, formData: registrationForm() });
    expect(!again.ok && again.reply.error?.['']).toEqual([ALREADY_REGISTERED_MESSAGE]);
    const tooStrong = await submitRegistration({ eventId, userId: strong.id, formData: registrationForm({ ftp: '400' }) });
    expect(!tooStrong.ok && tooStrong.reply.error?.ftp).toEqual([
      'Oops! Looks like you are registering for the wrong category. Kindly re-register for the right race category as per your W/kg.',
    ]);
  });

  it('refuses a skipped step, a closed event and the wrong gender', async () => {
    const deviceEvent = await createEvent({ ...eventBase, name: 'Device race', device: true });
    const [rider] = await makeRiders(1);
    const skipped = await submitRegistration({ eventId: deviceEvent, userId: rider.id, formData: registrationForm() });
    expect(!skipped.ok && skipped.reply.error?.['']).toEqual(['Please complete the DEVICE DETAILS step.']);
    const closed = await createEvent({ ...eventBase, name: 'Closed race', accept: false });
    const closedOutcome = await submitRegistration({ eventId: closed, userId: rider.id, formData: registrationForm() });
    expect(!closedOutcome.ok && closedOutcome.reply.error?.['']).toEqual([CLOSED_MESSAGE]);
    const women = await createEvent({ ...eventBase, name: 'Women race', gender: 1 });
    const man = await submitRegistration({ eventId: women, userId: rider.id, formData: registrationForm({ gender: '0' }) });
    expect(!man.ok && man.reply.error?.['']).toEqual(['This is a Females only event.']);
  });

  it('checks identity files by content and keeps them', async () => {
    const eventId = await createEvent({ ...eventBase, name: 'ID race', identification: true });
    const [rider] = await makeRiders(1);
    const fake = new File(['not an image'], 'front.png');
    const refused = await submitRegistration({
      eventId,
      userId: rider.id,
      formData: registrationForm({ idType: 'passport', expiryDate: '2099-01-01', nationalIdFront: fake }),
    });
    expect(!refused.ok && refused.reply.error?.nationalIdFront).toEqual(['Please select a valid image (JPEG, JPG or PNG).']);
    const accepted = await submitRegistration({
      eventId,
      userId: rider.id,
      formData: registrationForm({ idType: 'passport', expiryDate: '2099-01-01', nationalIdFront: new File([PNG], 'front.png') }),
    });
    expect(accepted.ok).toBe(true);
    const [row] = await db().select().from(registrations).where(eq(registrations.eventId, eventId));
    expect(row.idFrontKey).toMatch(/^registrations\/[a-f0-9]{32}\.png$/);
    expect(row.idBackKey).toBeNull();

    // A later event can reuse the saved files; only their owner (or staff) can read them.
    const second = await createEvent({ ...eventBase, name: 'ID race 2', identification: true });
    const reused = await submitRegistration({
      eventId: second,
      userId: rider.id,
      formData: registrationForm({ idType: 'passport', expiryDate: '2099-01-01', idSource: 'existing' }),
    });
    expect(reused.ok).toBe(true);
    const [secondRow] = await db().select().from(registrations).where(eq(registrations.eventId, second));
    expect(secondRow.idFrontKey).toBe(row.idFrontKey);
    const [stranger] = await makeRiders(1);
    expect(await readIdFile({ registrationId: row.id, side: 'front', viewerId: stranger.id, isStaff: false })).toBeNull();
    const own = await readIdFile({ registrationId: row.id, side: 'front', viewerId: rider.id, isStaff: false });
    expect(own?.contentType).toBe('image/png');
    expect(await readIdFile({ registrationId: row.id, side: 'front', viewerId: stranger.id, isStaff: true })).not.toBeNull();
    const [newcomer] = await makeRiders(1);
    const noFiles = await submitRegistration({
      eventId: second,
      userId: newcomer.id,
      formData: registrationForm({ idType: 'passport', expiryDate: '2099-01-01', idSource: 'existing' }),
    });
    expect(!noFiles.ok && noFiles.reply.error?.idSource).toBeDefined();
  });

  it('needs a verified phone once, and turns a named team into a real team', async () => {
    const eventId = await createEvent({ ...eventBase, name: 'OTP race', otp: true, team: true });
    const [rider, other] = await makeRiders(2);
    const sent = await sendPhoneCode({ userId: rider.id, phone: '0501234567', channel: 'whatsapp' });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    const [message] = await db().select().from(outbox).where(eq(outbox.recipient, '+971501234567'));
    expect(message).toMatchObject({ channel: 'whatsapp', transport: 'outbox' });
    const code = String((message.meta as { code: string }).code);
    expect(code).toMatch(/^\d{6}$/);
    expect((await verifyPhoneCode({ userId: rider.id, key: sent.value.key, code: code === '000000' ? '111111' : '000000' })).ok).toBe(false);
    expect((await verifyPhoneCode({ userId: other.id, key: sent.value.key, code })).ok).toBe(false);
    expect((await verifyPhoneCode({ userId: rider.id, key: sent.value.key, code })).ok).toBe(true);
    expect((await verifyPhoneCode({ userId: rider.id, key: sent.value.key, code })).ok).toBe(false);
    const phoneFields = { phone: '+971501234567', type: 'whatsapp', phoneKey: sent.value.key, agree: 'on', team: 'y', teamName: 'Desert Foxes' };
    const outcome = await submitRegistration({ eventId, userId: rider.id, formData: registrationForm(phoneFields) });
    expect(outcome.ok).toBe(true);
    const [team] = await db().select().from(teams).where(eq(teams.name, 'Desert Foxes'));
    expect(team.ownerId).toBe(rider.id);
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(1);
    const reuse = await submitRegistration({ eventId, userId: other.id, formData: registrationForm(phoneFields) });
    expect(!reuse.ok && reuse.reply.error?.phone).toEqual(['Please verify your phone number']);
  });

  it('shows statuses on the list and lets a declined rider join again', async () => {
    const eventId = await createEvent({ ...eventBase, name: 'Status race' });
    const [rider] = await makeRiders(1);
    const viewer = { id: rider.id, gender: 0 };
    const statusOf = async () => (await listEvents(viewer)).find((event) => event.id === eventId)?.ustatus;
    // The list counts places as the detail page does: pending and approved hold one, declined not.
    const placesOnList = async () => (await listEvents(viewer)).find((event) => event.id === eventId)?.participants.booked;
    expect(await statusOf()).toBe('none');
    expect(await placesOnList()).toBe(0);
    const outcome = await submitRegistration({ eventId, userId: rider.id, formData: registrationForm() });
    expect(await statusOf()).toBe('pending');
    expect(await placesOnList()).toBe(1);
    if (!outcome.ok) throw new Error('registration failed');
    await decideRegistration(outcome.registrationId, 'declined');
    expect(await statusOf()).toBe('declined');
    expect(await placesOnList()).toBe(0);
    expect((await getEventDetail(eventId))?.participants.booked).toBe(0);
    const rejoin = await submitRegistration({ eventId, userId: rider.id, formData: registrationForm({ ftp: '300' }) });
    expect(rejoin).toMatchObject({ ok: true, registrationId: outcome.registrationId });
    expect(await statusOf()).toBe('pending');
    await decideRegistration(outcome.registrationId, 'approved');
    expect(await statusOf()).toBe('approved');
  });
});
