import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { reviewImport, submitImport } from '~/services/activities/imports.server';
import { post } from '../pages';
import { ONE_PIXEL_PNG, page, pngFile, rideFile, type WriteRow } from '../world';

/** Rows of the writes → pages table: rides, imports and measurements. */

const importSubmission = { platform: 'Strava', days: 0, hours: 10, minutes: 0, distance: 250, distanceUnit: 'kilometers', elevationM: 1200, profileLink: 'https://www.strava.com/athletes/1' } as const;
const importFields = { platform: 'Strava', days: '0', hours: '10', minutes: '0', distance: '250', distanceUnit: 'kilometers', elevation: '1200', profileLink: 'https://www.strava.com/athletes/1' };

const submitted = (userId: string) => submitImport(userId, { ...importSubmission, files: [{ name: 'proof.png', bytes: ONE_PIXEL_PNG }] });

export const ACTIVITY_ROWS: WriteRow[] = [
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
      const [writer] = await db().select({ email: users.email }).from(users).where(eq(users.id, people.writer.id));
      return post('/staff/measurements', 'staff', people, { email: writer.email, weightKg: '66', heightCm: '174', measuredOn: new Date().toISOString().slice(0, 10) });
    },
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'a staff review of an import shows on the rider\'s activities page',
    route: 'staff.imports',
    prepare: async ({ people }) => ({ importId: (await submitted(people.writer.id)).id }),
    write: ({ people }, { importId }) => post('/staff/imports', 'staff', people, { importId, decision: 'approved' }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'an import submitted with its proof shows in the activities page\'s banner',
    route: 'user.activities.import',
    write: ({ people }) => post('/user/activities/import', 'writer', people, { ...importFields, files: pngFile('proof.png') }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: 'an approved import\'s banner marked seen goes from the activities page',
    route: 'user.activities',
    prepare: async ({ people }) => {
      const { id } = await submitted(people.writer.id);
      await reviewImport(people.staff.id, id, 'approved');
      return {};
    },
    write: ({ people }) => post('/user/activities', 'writer', people, { intent: 'seen' }),
    shows: [page('/user/activities', 'writer')],
  },
];
