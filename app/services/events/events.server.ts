import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { db, type Database, type Transaction } from '~/db/client.server';
import { cachedRiderPage } from '~/db/rider-reads.server';
import { sharedRead } from '~/db/shared-reads.server';
import { events, registrations } from '~/db/schema';
import type { EventCategories, EventLinks, PrizeMoney } from '~/lib/domain/events';

/**
 * Events: the list, the detail page, the featured strip of the home page and the staff
 * editor. Booked places are counted from registrations (pending and approved), never stored.
 */
export type EventRow = typeof events.$inferSelect;
export type RegistrationStatus = 'pending' | 'approved' | 'declined' | 'none';

export interface EventSummary {
  id: number;
  name: string;
  date: string;
  time: string;
  gender: number;
  eventType: 'featured' | 'all' | 'open';
  dailyRide: boolean;
  accept: boolean;
  image: string | null;
  description: string;
  categories: EventCategories;
  links: EventLinks;
  distanceKm: number;
  participants: { booked: number; capacity: number };
  /** The signed-in rider's registration status (spec 3 §4 ustatus). */
  ustatus: RegistrationStatus;
  eligible: boolean;
}

export interface EventDetail extends EventSummary {
  elevationM: number;
  maxGrade: number | null;
  laps: number;
  routeType: string | null;
  map: string | null;
  detailsHtml: string;
  prizeMoney: PrizeMoney | null;
  categoryKey: number;
  registration: string | null;
  days: number;
}

/**
 * The last sanitised details by their source: sanitize-html parses the whole text, the largest
 * cost of an event's page (docs/performance.md), and its result depends on the text alone.
 */
const SANITIZED_MAX = 200;
const sanitized = new Map<string, string>();

/** What staff may put in an event's details: formatting, links and images, nothing active. */
function sanitizeDetails(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  if (sanitized.size >= SANITIZED_MAX) sanitized.clear();
  const clean = sanitizeWithRules(html);
  sanitized.set(html, clean);
  return clean;
}

function sanitizeWithRules(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** Pending and approved registrations hold a place; declined ones do not. */
async function bookedCounts(eventIds: number[], database: Database | Transaction = db()): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await database
    .select({ eventId: registrations.eventId, booked: count() })
    .from(registrations)
    .where(and(inArray(registrations.eventId, eventIds), ne(registrations.status, 'declined')))
    .groupBy(registrations.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.booked)]));
}

async function statusesFor(userId: string | undefined, eventIds: number[]): Promise<Map<number, RegistrationStatus>> {
  if (!userId || eventIds.length === 0) return new Map();
  // Kept per rider until a registration is written: beside the shared events, the list's one read.
  const rows = await cachedRiderPage(`event-statuses:${eventIds.join(',')}`, userId, () =>
    db()
      .select({ eventId: registrations.eventId, status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.userId, userId), inArray(registrations.eventId, eventIds))),
  );
  return new Map(rows.map((row) => [row.eventId, row.status]));
}

/** The gender rule (spec 3 §6 "Gender limits event eligibility"): 2 is open to all. */
export function genderAllows(eventGender: number, riderGender: number | undefined): boolean {
  return eventGender === 2 || riderGender === undefined || eventGender === riderGender;
}

/** The columns a summary shows: the list never reads the details, prize money or days. */
const SUMMARY_COLUMNS = {
  id: events.id,
  name: events.name,
  date: events.date,
  time: events.time,
  gender: events.gender,
  eventType: events.eventType,
  dailyRide: events.dailyRide,
  accept: events.accept,
  image: events.image,
  description: events.description,
  categories: events.categories,
  links: events.links,
  distanceKm: events.distanceKm,
  capacity: events.capacity,
};
type SummaryRow = Pick<EventRow, keyof typeof SUMMARY_COLUMNS>;

function toSummary(row: SummaryRow, booked: number, ustatus: RegistrationStatus, riderGender?: number): EventSummary {
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    time: row.time,
    gender: row.gender,
    eventType: row.eventType,
    dailyRide: row.dailyRide,
    accept: row.accept,
    image: row.image,
    description: row.description,
    categories: row.categories,
    links: row.links,
    distanceKm: row.distanceKm,
    participants: { booked, capacity: row.capacity },
    ustatus,
    eligible: genderAllows(row.gender, riderGender),
  };
}

export interface Viewer {
  id: string;
  gender: number;
}

/** Every event, soonest first, with places and the viewer's status. */
export async function listEvents(viewer?: Viewer | null): Promise<EventSummary[]> {
  // The same rows for every visitor until an event or a registration is written (decision 153).
  const rows = await sharedRead('events:list', () =>
    db()
      .select({ ...SUMMARY_COLUMNS, booked: bookedPlaces() })
      .from(events)
      .orderBy(asc(events.date), asc(events.time), asc(events.id)),
  );
  const statuses = await statusesFor(
    viewer?.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, row.booked, statuses.get(row.id) ?? 'none', viewer?.gender));
}

/**
 * An event's booked places in the same query as the event (as bookedCounts counts them).
 * Written out: inside a select list Drizzle renders columns without their table, and an
 * unqualified "id" in the subquery would name the registration's own id.
 */
function bookedPlaces() {
  return sql<number>`(select count(*) from "registrations" as "held" where "held"."event_id" = "events"."id" and "held"."status" <> 'declined')`.mapWith(
    Number,
  );
}

export async function findEvent(id: number): Promise<EventRow | undefined> {
  const [row] = await db().select().from(events).where(eq(events.id, id));
  return row;
}

export async function getEventDetail(id: number, viewer?: Viewer | null): Promise<EventDetail | null> {
  const [[found], statuses] = await Promise.all([
    sharedRead(`events:detail:${id}`, () => db().select({ row: events, booked: bookedPlaces() }).from(events).where(eq(events.id, id))),
    statusesFor(viewer?.id, [id]),
  ]);
  if (!found) return null;
  const { row, booked } = found;
  return {
    ...toSummary(row, booked, statuses.get(id) ?? 'none', viewer?.gender),
    elevationM: row.elevationM,
    maxGrade: row.maxGrade,
    laps: row.laps,
    routeType: row.routeType,
    map: row.map,
    detailsHtml: sanitizeDetails(row.detailsHtml),
    prizeMoney: row.prizeMoney,
    categoryKey: row.categoryKey,
    registration: row.registration,
    days: row.days,
  };
}

/** An entry of the home page's featured strip (the content engineer's FeaturedEvents component). */
export type FeaturedEvent = { id: number; name: string; date: string; image?: string | null };

/**
 * The home page's featured strip: it was the only query of `/` (decision 101). Remembered while
 * nothing it read is written (decision 153): any write to `events` — through this module, another
 * service, another server process or a script — makes it stale (decision 145).
 */
export function listFeaturedEvents(): Promise<readonly FeaturedEvent[]> {
  return sharedRead('events:featured', () =>
    db()
      .select({ id: events.id, name: events.name, date: events.date, image: events.image })
      .from(events)
      .where(eq(events.eventType, 'featured'))
      .orderBy(asc(events.date), asc(events.id)),
  );
}

export type EventInput = Omit<typeof events.$inferInsert, 'id' | 'createdAt'>;

export async function createEvent(input: EventInput): Promise<number> {
  const [row] = await db()
    .insert(events)
    .values({ ...input, detailsHtml: sanitizeDetails(input.detailsHtml ?? '') })
    .returning({ id: events.id });
  return row.id;
}

export async function updateEvent(id: number, input: Partial<EventInput>): Promise<void> {
  const values = input.detailsHtml === undefined ? input : { ...input, detailsHtml: sanitizeDetails(input.detailsHtml) };
  await db().update(events).set(values).where(eq(events.id, id));
}

export async function listEventsForStaff() {
  const rows = await db().select().from(events).orderBy(asc(events.date), asc(events.id));
  const booked = await bookedCounts(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, booked: booked.get(row.id) ?? 0 }));
}
