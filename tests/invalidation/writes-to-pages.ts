import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { createEvent } from '~/services/events/events.server';
import { db } from '~/db/client.server';
import { registrations, teams } from '~/db/schema';
import { reviewImport, submitImport } from '~/services/activities/imports.server';
import { solvedRobotCheck } from '../helpers/robot';
import { post, type People, type Viewer } from './pages';

/**
 * The writes → pages table of decision 145: every route whose action writes, and the pages kept
 * by the response cache that show what it wrote. `writes-to-pages.db.test.ts` runs each row:
 * it renders every page below (the row's own and the bystanders), performs the write through the
 * route's action, renders again, and proves that each of the row's pages changed and is no longer
 * kept, and that no page at all is still kept while showing something else than a fresh render.
 *
 * An engineer adding an action that writes adds a row here (or, if only pages that are never
 * kept show its writes, an entry in NOT_SHOWN_ON_KEPT_PAGES with the reason); the test fails for
 * an action in neither.
 */

export interface World {
  people: People;
  eventId: number;
  /** A team the other rider owns, for joining. */
  teamId: number;
}

export interface PageRef {
  path: (world: World) => string;
  viewer: Viewer;
}

export interface WriteRow {
  name: string;
  /** The route (its id under app/routes) whose action performs the write. */
  route: string;
  /** Rows the write needs beforehand (a registration to decide, an import to review). */
  prepare?: (world: World) => Promise<Record<string, string>>;
  write: (world: World, prepared: Record<string, string>) => Promise<unknown>;
  /** The pages that show what it wrote: each must change on the next request. */
  shows: PageRef[];
}

const page = (path: string | ((world: World) => string), viewer: Viewer): PageRef => ({ path: typeof path === 'string' ? () => path : path, viewer });

/** Every row's pages are checked, and these beside them: none may be served stale. */
export const BYSTANDER_PAGES: PageRef[] = [
  page('/', 'visitor'),
  page('/faqs', 'visitor'),
  page('/events', 'visitor'),
  page((world) => `/event/detail/${world.eventId}`, 'visitor'),
  page('/teams', 'visitor'),
  page('/user/profile', 'writer'),
  page('/user/activities', 'writer'),
  page('/user/activities?tab=activities', 'writer'),
  page('/wallet', 'writer'),
  page('/my-teams', 'writer'),
  page('/events', 'writer'),
  page('/user/profile', 'other rider'),
  page('/user/activities', 'other rider'),
  page('/my-teams', 'other rider'),
];

/** The smallest PNG: an import's proof must be an image. */
const ONE_PIXEL_PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

const importSubmission = { platform: 'Strava', days: 0, hours: 10, minutes: 0, distance: 250, distanceUnit: 'kilometers', elevationM: 1200, profileLink: 'https://www.strava.com/athletes/1' } as const;
const importFields = { platform: 'Strava', days: '0', hours: '10', minutes: '0', distance: '250', distanceUnit: 'kilometers', elevation: '1200', profileLink: 'https://www.strava.com/athletes/1' };

const profileFields = { intent: 'profile', firstname: 'Wilma', lastname: 'Rewritten', country: '246', dob: '1990-05-01', weight: '68', height: '176' };

function rideFile(seed: number): Blob {
  const ride = generateRide({ seed, start: new Date(Date.now() - 3_600_000), durationS: 20 * 60, ftpW: 250, weightKg: 70, shape: 'endurance' });
  return new Blob([Buffer.from(encodeRideFit(ride))], { type: 'application/octet-stream' });
}

export const WRITE_ROWS: WriteRow[] = [
  {
    name: 'a profile save shows on the rider\'s profile and in the shell of every page they see',
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, profileFields),
    shows: [page('/user/profile', 'writer'), page('/faqs', 'writer'), page('/user/activities', 'writer')],
  },
  {
    name: 'a password change ends the rider\'s sessions: their pages sign them out',
    route: 'user.profile',
    write: ({ people }) => post('/user/profile', 'writer', people, { intent: 'password', currentPassword: 'correct horse', password: 'a much longer new secret 42', repeatPassword: 'a much longer new secret 42' }),
    shows: [page('/user/profile', 'writer'), page('/wallet', 'writer')],
  },
  {
    name: 'logging out ends the session: the rider\'s kept pages go',
    route: 'auth.logout',
    write: ({ people }) => post('/auth/logout', 'writer', people, {}),
    shows: [page('/user/profile', 'writer'), page('/faqs', 'writer')],
  },
  {
    name: 'a new team shows in the public list and in the founder\'s teams',
    route: 'my-teams',
    write: ({ people }) => post('/my-teams', 'writer', people, { intent: 'create', name: `Aaa net ${Date.now()}`, description: 'From the safety net' }),
    shows: [page('/teams', 'visitor'), page('/my-teams?tab=mine', 'writer')],
  },
  {
    name: 'joining a team shows in the joiner\'s teams and the team\'s member count',
    route: 'my-teams',
    write: ({ people, teamId }) => post('/my-teams', 'writer', people, { intent: 'join', teamId: String(teamId) }),
    shows: [page('/my-teams', 'writer'), page('/teams', 'visitor')],
  },
  {
    name: 'an uploaded ride shows on the rider\'s activities page and list',
    route: 'api.activities',
    write: ({ people }) => post('/api/activities', 'writer', people, { file: rideFile(11) }, { bearer: true }),
    shows: [page('/user/activities', 'writer'), page('/user/activities?tab=activities', 'writer'), page('/user/activities/list?page=1', 'writer')],
  },
  {
    name: 'verified measurements by staff show on the rider\'s activities header',
    route: 'staff.measurements',
    write: async ({ people }) => {
      const { users } = await import('~/db/schema');
      const { eq } = await import('drizzle-orm');
      const [writer] = await db().select({ email: users.email }).from(users).where(eq(users.id, people.writer.id));
      return post('/staff/measurements', 'staff', people, { email: writer.email, weightKg: '66', heightCm: '174', measuredOn: new Date().toISOString().slice(0, 10) });
    },
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'an event edited by staff shows in the list and on its page',
    route: 'staff.events_.$id',
    write: ({ people, eventId }) =>
      post(`/staff/events/${eventId}`, 'staff', people, {
        name: 'Renamed by the net',
        date: '2031-04-02',
        time: '18:00',
        capacity: '25',
        distanceKm: '40',
        eventType: 'all',
      }),
    shows: [page('/events', 'visitor'), page((world) => `/event/detail/${world.eventId}`, 'visitor')],
  },
  {
    name: 'a staff decision on a registration shows in the rider\'s events list',
    route: 'staff.registrations',
    prepare: async ({ people, eventId }) => {
      const [row] = await db()
        .insert(registrations)
        .values({ eventId, userId: people.writer.id, firstName: 'Wanda', lastName: 'Writer', email: 'wanda@example.com', gender: 2, dob: '1990-05-01', country: 246, category: 'A', wkg: 3.5, heightCm: 175, weightKg: 70, ftp: 245, status: 'pending' })
        .returning({ id: registrations.id });
      return { registrationId: String(row.id) };
    },
    write: ({ people }, { registrationId }) => post('/staff/registrations', 'staff', people, { registrationId, decision: 'approved' }),
    shows: [page('/events', 'writer')],
  },
  {
    name: 'a staff review of an import shows on the rider\'s activities page',
    route: 'staff.imports',
    prepare: async ({ people }) => {
      const { id } = await submitImport(people.writer.id, { ...importSubmission, files: [{ name: 'proof.png', bytes: ONE_PIXEL_PNG }] });
      return { importId: id };
    },
    write: ({ people }, { importId }) => post('/staff/imports', 'staff', people, { importId, decision: 'approved' }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'an import submitted with its proof shows in the activities page\'s banner',
    route: 'user.activities.import',
    write: ({ people }) => post('/user/activities/import', 'writer', people, { ...importFields, files: new File([ONE_PIXEL_PNG], 'proof.png', { type: 'image/png' }) }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'an approved import\'s banner marked seen goes from the activities page',
    route: 'user.activities',
    prepare: async ({ people }) => {
      const { id } = await submitImport(people.writer.id, { ...importSubmission, files: [{ name: 'proof.png', bytes: ONE_PIXEL_PNG }] });
      await reviewImport(people.staff.id, id, 'approved');
      return {};
    },
    write: ({ people }) => post('/user/activities', 'writer', people, { intent: 'seen' }),
    shows: [page('/user/activities', 'writer')],
  },
];

/** Actions whose writes no kept page shows, with the reason; checked by the same test for staleness. */
export const NOT_SHOWN_ON_KEPT_PAGES: Record<string, string> = {
  subscribe: 'newsletter addresses: no page shows them',
  'contact-us': 'contact messages: read by staff tools only',
  'auth.login': 'a new session row of its own rider: nothing kept reads it before it exists',
  'auth.forgot-password': 'codes and the outbox: no kept page shows them',
  'event.$id_.phone': 'phone codes of the registration wizard, which is never kept',
  'staff.partners': 'partner clients: shown on staff pages, never kept',
  'oauth.decision': 'grants and codes of a partner: shown on the connections tab, never kept',
  'oauth.token': 'tokens of a partner: no page shows them',
  'oauth.revoke': 'tokens of a partner: no page shows them',
  'e2e.payments': 'test-mode helper route, not served in production',
  'api.garage.check-user-purchase-item': 'answers whether an item is owned: reads only',
  'api.garage.payment.info': 'answers a payment\'s state: reads only',
};

/**
 * Actions that write what kept pages show and have no row yet. Each is a gap in the proof,
 * listed so that it is visible (docs/performance.md, decision 145): the mechanism covers them
 * (every statement is tagged), the table does not yet run them.
 */
export const ROWS_STILL_TO_WRITE: Record<string, string> = {
  'api.garage.payment.webhook': 'a signed provider webhook crediting gems: /wallet, /user/shop',
  'api.garage.purchase.gems': 'a checkout order: /user/shop',
  'api.garage.purchase.item': 'a purchase on the ledger: /wallet, /user/shop',
  'api.garage.redirect-to-checkout': 'a checkout order: /user/shop',
  'sandbox.checkout.$sessionId': 'the sandbox provider\'s checkout page paying an order: /wallet',
  'auth.forgot-password2': 'a new password ends every session: the rider\'s pages',
  'auth.links': 'an e-mail confirmed: the rider\'s account row',
  'auth.register': 'a new account (a users row whose key the database picks: written as the whole table)',
  'auth.verification': 'an account activated by its code',
  'delete-user.$code': 'an account deleted with its rows (cascades)',
  'event.$id': 'a registration through the wizard (multipart with files): /events, /event/detail',
  'parental-consent': 'a child account approved by its parent',
  'verify-kid': 'a child account activated',
  'verify-user': 'an account activated by its link',
  'staff.wallet': 'wallet verification and withdrawal decisions: /wallet',
  'user.connections': 'a fitness network connected or disconnected',
  'wallet.account-verification': 'a wallet verification request: /wallet',
  'wallet.request-otp.$channel': 'a wallet code sent',
  'wallet.withdrawal-request': 'a withdrawal request on the ledger: /wallet',
};

export async function createWorld(people: People): Promise<World> {
  const eventId = await createEvent({ name: 'Safety net race', date: '2031-04-01', time: '18:00', capacity: 20, distanceKm: 30, eventType: 'all', categories: {} });
  const [team] = await db().insert(teams).values({ name: `Zz net team ${Date.now()}`, description: 'Owned by the other rider', ownerId: people['other rider'].id }).returning({ id: teams.id });
  return { people, eventId, teamId: team.id };
}

export async function loginFields(email: string): Promise<Record<string, string>> {
  return { email, password: 'correct horse', altcha: await solvedRobotCheck() };
}
