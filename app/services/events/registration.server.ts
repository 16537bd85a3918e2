import type { SubmissionResult } from '@conform-to/react';
import { and, count, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { events, registrations, users } from '~/db/schema';
import { categoryForWkg, genderMessage, ROOM_FULL_MESSAGE } from '~/lib/events/categories';
import { todayInEventZone } from '~/lib/events/dates';
import { normalisePhone } from '~/lib/events/phone';
import { PHONE_NOT_VERIFIED_MESSAGE, readRegistration, type RegistrationValues, type RuleContext } from '~/lib/events/registration-schema';
import type { StepRequirements } from '~/lib/events/wizard-steps';
import { findEvent, genderAllows, type EventRow } from './events.server';
import { storeUpload, type StoredFile } from './registration-files.server';
import { consumeVerifiedPhone } from './phone-verification.server';
import { joinOrCreateTeamByName } from './teams.server';
import { STATUS_MESSAGES } from '~/lib/events/messages';

/**
 * Registration for an event (spec 3 §2 wizard, §5 rules). The server is the authority: it
 * parses the whole submission with the wizard's own schemas, refuses a skipped step,
 * re-checks eligibility, fixes the category and books a place under a row lock on the event.
 */
export const CLOSED_MESSAGE = STATUS_MESSAGES.closed;
export const ALREADY_REGISTERED_MESSAGE = 'You are already registered for this event.';

function requirementsOf(event: EventRow): StepRequirements {
  return { identification: event.identification, device: event.device, team: event.team, otp: event.otp };
}

function rulesFor(event: EventRow, hasExistingIdFiles: boolean): RuleContext {
  return { today: todayInEventZone(), dobRequired: event.dobRequired, hasExistingIdFiles, minCap: event.minCap, maxCap: event.maxCap };
}

/** The identity files of the rider's latest registration that has them (to reuse). */
async function findExistingIdFiles(userId: string) {
  const [row] = await db()
    .select({ registrationId: registrations.id, idType: registrations.idType, front: registrations.idFrontKey, back: registrations.idBackKey })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), isNotNull(registrations.idFrontKey)))
    .orderBy(desc(registrations.createdAt))
    .limit(1);
  return row;
}

export async function registrationStatus(eventId: number, userId: string) {
  const [row] = await db()
    .select({ status: registrations.status })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
  return row?.status ?? 'none';
}

/** What the wizard page needs: the event's steps, the rider's known details, reusable files. */
export async function getWizardData(eventId: number, userId: string) {
  const event = await findEvent(eventId);
  if (!event) return null;
  const [[user], files, status] = await Promise.all([
    db().select().from(users).where(eq(users.id, userId)),
    findExistingIdFiles(userId),
    registrationStatus(eventId, userId),
  ]);
  return {
    event,
    requirements: requirementsOf(event),
    rules: rulesFor(event, Boolean(files)),
    rider: {
      firstName: user.firstname,
      lastName: user.lastname,
      email: user.email,
      gender: String(user.gender),
      dob: user.dob ?? '',
      height: user.heightCm ? String(Math.round(user.heightCm)) : '',
      weight: user.weightKg ? String(Math.round(user.weightKg)) : '',
    },
    existingFiles: files ? { registrationId: files.registrationId, idType: files.idType, hasBack: Boolean(files.back) } : null,
    isRegistered: status === 'pending' || status === 'approved',
    status,
  };
}

class RegistrationRefused extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type SubmitOutcome = { ok: true; registrationId: number; category: string } | { ok: false; reply: SubmissionResult<string[]> };

export async function submitRegistration(input: { eventId: number; userId: string; formData: FormData }): Promise<SubmitOutcome> {
  const event = await findEvent(input.eventId);
  if (!event) return refusal('This event does not exist.');
  const existingFiles = await findExistingIdFiles(input.userId);
  const rules = rulesFor(event, Boolean(existingFiles));
  const requirements = requirementsOf(event);
  // The rules (the cap included) are read once, by the step schemas the browser used too.
  const read = readRegistration(input.formData, requirements, rules);
  if (!read.ok) return { ok: false, reply: read.reply };
  const { values, wkg } = read;
  const stored: StoredFile[] = [];
  try {
    const [rider] = await db().select().from(users).where(eq(users.id, input.userId));
    checkEligibility(event, values, rider.country);
    const phone = event.otp ? normalisePhone(values.phone ?? '') : null;
    const files = await storeFiles(values, requirements, existingFiles, stored);
    const category = categoryForWkg(wkg, event.categories, Number(values.gender));
    const registrationId = await book(event, input.userId, { values, wkg, category, phone, files });
    return { ok: true, registrationId, category };
  } catch (error) {
    await Promise.all(stored.map((file) => file.remove()));
    if (error instanceof RegistrationRefused) return refusal(error.message, error.fieldErrors);
    throw error;
  }
}

/** A refusal as a Conform reply: the message for the form, plus any field's own. */
function refusal(message: string, fieldErrors: Record<string, string[]> = {}): SubmitOutcome {
  return { ok: false, reply: { status: 'error', error: { '': [message], ...fieldErrors } } };
}

function checkEligibility(event: EventRow, values: RegistrationValues, country: number) {
  if (!event.accept) throw new RegistrationRefused(CLOSED_MESSAGE);
  if (!genderAllows(event.gender, Number(values.gender))) throw new RegistrationRefused(genderMessage(event.gender) ?? CLOSED_MESSAGE);
  if (event.countries.length > 0 && !event.countries.includes(country)) {
    throw new RegistrationRefused('This event is not open to riders from your country.');
  }
}

async function storeFiles(
  values: RegistrationValues,
  requirements: StepRequirements,
  existing: Awaited<ReturnType<typeof findExistingIdFiles>>,
  stored: StoredFile[],
) {
  const keep = async (file: File | undefined, field: string, allowPdf: boolean) => {
    if (!file) return null;
    const result = await storeUpload(file, allowPdf);
    if ('error' in result) throw new RegistrationRefused(result.error, { [field]: [result.error] });
    stored.push(result);
    return result.key;
  };
  const dobCertificateKey = await keep(values.dobCertificate, 'dobCertificate', true);
  if (!requirements.identification) return { dobCertificateKey, idFrontKey: null, idBackKey: null };
  if (values.idSource === 'existing' && existing) {
    return { dobCertificateKey, idFrontKey: existing.front, idBackKey: values.idType === 'passport' ? null : existing.back };
  }
  const idFrontKey = await keep(values.nationalIdFront, 'nationalIdFront', false);
  const idBackKey = values.idType === 'passport' ? null : await keep(values.nationalIdBack, 'nationalIdBack', false);
  return { dobCertificateKey, idFrontKey, idBackKey };
}

interface Booking {
  values: RegistrationValues;
  wkg: number;
  category: string;
  phone: string | null;
  files: { dobCertificateKey: string | null; idFrontKey: string | null; idBackKey: string | null };
}

/**
 * Books a place: the event row is locked FOR UPDATE so concurrent registrations for the same
 * event queue here, and the count of held places is read after the lock (decision 030).
 */
async function book(event: EventRow, userId: string, booking: Booking): Promise<number> {
  return db().transaction(async (tx) => {
    const [locked] = await tx.select({ capacity: events.capacity }).from(events).where(eq(events.id, event.id)).for('update');
    const [existing] = await tx
      .select({ id: registrations.id, status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), eq(registrations.userId, userId)));
    if (existing && existing.status !== 'declined') throw new RegistrationRefused(ALREADY_REGISTERED_MESSAGE);
    const [{ booked }] = await tx
      .select({ booked: count() })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), ne(registrations.status, 'declined')));
    if (Number(booked) >= locked.capacity) throw new RegistrationRefused(ROOM_FULL_MESSAGE);
    const { values } = booking;
    if (event.otp) {
      const verified = booking.phone && (await consumeVerifiedPhone(tx, { userId, key: values.phoneKey ?? '', phone: booking.phone }));
      if (!verified) throw new RegistrationRefused(PHONE_NOT_VERIFIED_MESSAGE, { phone: [PHONE_NOT_VERIFIED_MESSAGE] });
    }
    const teamId = event.team && values.team === 'y' && values.teamName ? await joinOrCreateTeamByName(userId, values.teamName, tx) : null;
    const row = {
      status: 'pending' as const,
      category: booking.category,
      wkg: booking.wkg,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      gender: Number(values.gender),
      dob: values.dob ?? null,
      dobCertificateKey: booking.files.dobCertificateKey,
      heightCm: Number(values.height),
      weightKg: Number(values.weight),
      ftp: Number(values.ftp),
      avgWatt: values.avg_watt ? Number(values.avg_watt) : null,
      idType: event.identification ? (values.idType ?? null) : null,
      idExpiry: event.identification ? (values.expiryDate ?? null) : null,
      idFrontKey: booking.files.idFrontKey,
      idBackKey: booking.files.idBackKey,
      platform: event.device ? (values.platform ?? null) : null,
      deviceModel: event.device ? (values.smartTrainerDeviceModelName ?? null) : null,
      deviceSerial: event.device ? (values.smartTrainerDeviceSerialNumber ?? null) : null,
      teamMode: event.team ? (values.team ?? 'i') : null,
      teamId,
      phone: booking.phone,
      phoneChannel: event.otp ? (values.type ?? 'sms') : null,
      decidedAt: null,
    };
    if (existing) {
      // Re Join after a decline: the same row goes back to pending with the new details.
      await tx
        .update(registrations)
        .set({ ...row, createdAt: new Date() })
        .where(eq(registrations.id, existing.id));
      return existing.id;
    }
    const [inserted] = await tx
      .insert(registrations)
      .values({ ...row, eventId: event.id, userId })
      .returning({ id: registrations.id });
    return inserted.id;
  });
}
