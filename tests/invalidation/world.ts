import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { outbox, teams } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { createEvent } from '~/services/events/events.server';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { createPerson, createWriter, type Answer, type People, type Viewer } from './pages';

/**
 * The world a row of the writes → pages table runs in (tests/invalidation/writes-to-pages.ts):
 * the people, an event and a team. Everything but the writer is made once per test file and
 * shared by the rows (a row may change it: a staff edit renames the event); each row gets a
 * writer of its own, so a row that signs its rider out or deletes the account harms no other.
 */
export interface World {
  people: People;
  eventId: number;
  /** A team the other rider owns, for joining. */
  teamId: number;
}

export interface PageRef {
  /** The page's path in the row's world, with what the row prepared (a ride's page names the ride). */
  path: (world: World, prepared: Record<string, string>) => string;
  viewer: Viewer;
}

export const page = (path: string | ((world: World, prepared: Record<string, string>) => string), viewer: Viewer): PageRef => ({
  path: typeof path === 'string' ? () => path : path,
  viewer,
});

export interface WriteRow {
  name: string;
  /** The route (its id under app/routes) whose action performs the write. */
  route: string;
  /** Rows the write needs beforehand (a registration to decide, a paid checkout to announce). */
  prepare?: (world: World) => Promise<Record<string, string>>;
  /** The write, through the route as a browser, a game client or the outside party sends it. */
  write: (world: World, prepared: Record<string, string>) => Promise<Answer>;
  /** The kept pages that show what it wrote: each must change on the next request. */
  shows: PageRef[];
  /** Pages near the write that need not show it, rendered beside the bystanders: none may be kept stale. */
  watches?: PageRef[];
  /** When no kept page shows the write (`shows` is empty): why. */
  shownNowhere?: string;
}

export async function createSharedWorld(): Promise<() => Promise<World>> {
  const otherRider = await createPerson({ firstname: 'Otto', lastname: 'Other', weightKg: 80 });
  const staff = await createPerson({ firstname: 'Stella', lastname: 'Staff', role: 'staff' });
  const eventId = await createEvent({
    name: 'Safety net race',
    date: '2031-04-01',
    time: '18:00',
    capacity: 20,
    distanceKm: 30,
    eventType: 'all',
    categories: {},
  });
  const [team] = await db()
    .insert(teams)
    .values({ name: `Zz net team ${Date.now()}`, description: 'Owned by the other rider', ownerId: otherRider.id })
    .returning({ id: teams.id });
  return async () => ({ people: { writer: await createWriter(), 'other rider': otherRider, staff }, eventId, teamId: team.id });
}

/** Fails the row when an answer that says 200 says the write did not happen. */
export function expectDone(answer: Answer, done: (body: never) => boolean): Answer {
  if (!done(answer.body as never)) throw new Error(`The write was refused: ${JSON.stringify(answer).slice(0, 400)}`);
  return answer;
}

/** The smallest PNG: proofs and passports must be images. */
export const ONE_PIXEL_PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
export const pngFile = (name: string) => new File([ONE_PIXEL_PNG], name, { type: 'image/png' });

export function rideFile(seed: number): Blob {
  const ride = generateRide({ seed, start: new Date(Date.now() - 3_600_000), durationS: 20 * 60, ftpW: 250, weightKg: 70, shape: 'endurance' });
  return new Blob([Buffer.from(encodeRideFit(ride))], { type: 'application/octet-stream' });
}

/** The code the last message to this address or phone carried (the outbox keeps every one). */
export async function lastCodeSentTo(recipient: string): Promise<string> {
  const [message] = await db()
    .select({ meta: outbox.meta })
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = message?.meta?.code;
  if (typeof code !== 'string') throw new Error(`No code was sent to ${recipient}`);
  return code;
}

let grants = 0;
/** Money a rider got before the row (a prize, a top-up), moved as the ledger moves it. */
export async function give(userId: string, currency: 'BTC' | 'COIN' | 'GEM', amount: bigint): Promise<void> {
  const from = currency === 'BTC' ? SYSTEM_ACCOUNTS.prizePool : currency === 'COIN' ? SYSTEM_ACCOUNTS.coinIssuer : SYSTEM_ACCOUNTS.gemIssuer;
  grants += 1;
  await postTransfer({
    idempotencyKey: `net-grant-${userId}-${grants}`,
    legs: [{ from, to: riderAccount(userId), currency, amount }],
    memo: 'Safety net grant',
  });
}
