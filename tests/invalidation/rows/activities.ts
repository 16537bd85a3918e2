import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { latestDetectionNotice, setFtp } from '~/services/activities/ftp-history.server';
import { reviewImport, submitImport } from '~/services/activities/imports.server';
import { post } from '../pages';
import { ONE_PIXEL_PNG, page, pngFile, rideFile, type World, type WriteRow } from '../world';

/** Rows of the writes → pages table: rides, imports and measurements. */

const importSubmission = {
  platform: 'Strava',
  days: 0,
  hours: 10,
  minutes: 0,
  distance: 250,
  distanceUnit: 'kilometers',
  elevationM: 1200,
  profileLink: 'https://www.strava.com/athletes/1',
} as const;
const importFields = {
  platform: 'Strava',
  days: '0',
  hours: '10',
  minutes: '0',
  distance: '250',
  distanceUnit: 'kilometers',
  elevation: '1200',
  profileLink: 'https://www.strava.com/athletes/1',
};

/**
 * A rider with a stale FTP on the profile (150 W since 2020) and an hour's race above it: the ride
 * detects a threshold, which the overview and the ride page tell (decision 141).
 */
async function withDetection({ people }: World): Promise<Record<string, string>> {
  await setFtp(people.writer.id, 150, new Date('2020-01-01T00:00:00Z'));
  const ride = generateRide({ seed: 11, start: new Date(Date.now() - 2 * 86_400_000), durationS: 65 * 60, ftpW: 260, weightKg: 70, shape: 'race' });
  const { id: activityId } = await ingestActivity(people.writer.id, encodeRideFit(ride));
  const notice = await latestDetectionNotice(people.writer.id);
  if (!notice) throw new Error('The ride detected no threshold');
  return { activityId, detectionId: String(notice.id) };
}

/** The profile form as the writer (tests/invalidation/pages.ts) filled it in. */
const writerProfile = { intent: 'profile', firstname: 'Wanda', lastname: 'Writer', country: '246', dob: '1990-05-01', weight: '70', height: '175' };

const ridePage = page((_world, { activityId }) => `/user/activities/${activityId}/analysis`, 'writer');

const submitted = (userId: string) => submitImport(userId, { ...importSubmission, files: [{ name: 'proof.png', bytes: ONE_PIXEL_PNG }] });

export const ACTIVITY_ROWS: WriteRow[] = [
  {
    name: "an uploaded ride shows on the rider's activities page and list",
    route: 'api.activities',
    write: ({ people }) => post('/api/activities', 'writer', people, { file: rideFile(11) }, { bearer: true }),
    shows: [page('/user/activities', 'writer'), page('/user/activities?tab=activities', 'writer'), page('/user/activities/list?page=1', 'writer')],
  },
  {
    name: "verified measurements by staff show on the rider's activities header",
    route: 'staff.measurements',
    write: async ({ people }) => {
      const [writer] = await db().select({ email: users.email }).from(users).where(eq(users.id, people.writer.id));
      return post('/staff/measurements', 'staff', people, {
        email: writer.email,
        weightKg: '66',
        heightCm: '174',
        measuredOn: new Date().toISOString().slice(0, 10),
      });
    },
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: "a staff review of an import shows on the rider's activities page",
    route: 'staff.imports',
    prepare: async ({ people }) => ({ importId: (await submitted(people.writer.id)).id }),
    write: ({ people }, { importId }) => post('/staff/imports', 'staff', people, { importId, decision: 'approved' }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: "an import submitted with its proof shows in the activities page's banner",
    route: 'user.activities.import',
    write: ({ people }) => post('/user/activities/import', 'writer', people, { ...importFields, files: pngFile('proof.png') }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: "an approved import's banner marked seen goes from the activities page",
    route: 'user.activities',
    prepare: async ({ people }) => {
      const { id } = await submitted(people.writer.id);
      await reviewImport(people.staff.id, id, 'approved');
      return {};
    },
    write: ({ people }) => post('/user/activities', 'writer', people, { intent: 'seen' }),
    shows: [page('/user/activities', 'writer')],
  },
  {
    name: "a detected FTP undone from the overview's notice: the notice, the header's FTP, the ride's figures and its page change",
    route: 'user.activities',
    prepare: withDetection,
    write: ({ people }, { detectionId }) => post('/user/activities', 'writer', people, { intent: 'undo-detection', detectionId }),
    shows: [page('/user/activities', 'writer'), page('/user/activities?tab=activities', 'writer'), ridePage, page('/user/profile', 'writer')],
  },
  {
    name: "a detected FTP kept from the overview's notice: the notice goes",
    route: 'user.activities',
    prepare: withDetection,
    write: ({ people }, { detectionId }) => post('/user/activities', 'writer', people, { intent: 'detection-seen', detectionId }),
    shows: [page('/user/activities', 'writer')],
    watches: [ridePage],
  },
  {
    name: "a detected FTP undone from the ride page: its notice and figures, the overview and the profile's FTP history change",
    route: 'user.activities_.$id.analysis',
    prepare: withDetection,
    write: ({ people }, { activityId, detectionId }) =>
      post(`/user/activities/${activityId}/analysis`, 'writer', people, { intent: 'undo-detection', detectionId }),
    shows: [ridePage, page('/user/activities', 'writer'), page('/user/profile', 'writer')],
  },
  {
    name: "an FTP set in the profile's field (nothing else changed): the profile and the activities header's FTP change",
    route: 'user.profile',
    prepare: async ({ people }) => {
      const { id: activityId } = await ingestActivity(
        people.writer.id,
        encodeRideFit(generateRide({ seed: 12, start: new Date(Date.now() - 86_400_000), durationS: 30 * 60, ftpW: 250, weightKg: 70, shape: 'endurance' })),
      );
      return { activityId };
    },
    // Set now, it is in force for rides from now on: the ride of yesterday keeps its figures.
    write: ({ people }) => post('/user/profile', 'writer', people, { ...writerProfile, ftp: '290' }),
    shows: [page('/user/profile', 'writer'), page('/user/activities', 'writer')],
    watches: [ridePage, page('/user/activities?tab=activities', 'writer')],
  },
];
