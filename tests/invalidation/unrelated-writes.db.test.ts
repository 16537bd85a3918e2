import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineJob, enqueueJob, runDueJobs } from '~/services/platform/jobs.server';
import { setUpTestDatabase } from '../helpers/db';
import { solvedRobotCheck } from '../helpers/robot';
import { createTestUser } from '../helpers/users';
import { db as database } from '~/db/client.server';
import { activities, registrations } from '~/db/schema';
import { buildExportJob, exportViewOf } from '~/services/accounts/data-export.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { runRecompute } from '~/services/activities/recompute.server';
import { submitImport } from '~/services/activities/imports.server';
import { createEvent } from '~/services/events/events.server';
import { createPerson, createWriter, keptRender, post, stillKept, type People } from './pages';
import { give, ONE_PIXEL_PNG, rideFile } from './world';

// Decision 145: writes that no page shows, and one rider's writes, leave every other kept page
// kept. (The same pages are proved never stale by writes-to-pages.db.test.ts.)
setUpTestDatabase();

const probeJob = defineJob<{ n: number }>('test.invalidation-probe', async () => {});

const KEPT: Array<[string, 'visitor' | 'writer']> = [
  ['/', 'visitor'],
  ['/faqs', 'visitor'],
  ['/events', 'visitor'],
  ['/user/profile', 'writer'],
  ['/user/activities', 'writer'],
  ['/wallet', 'writer'],
  ['/my-teams', 'writer'],
  ['/events', 'writer'],
];

async function keptPages(people: People, more: Array<[string, 'visitor' | 'writer']> = []) {
  return Promise.all([...KEPT, ...more].map(([path, viewer]) => keptRender(path, viewer, people)));
}

describe('writes that must not make kept pages stale', () => {
  it("a newsletter subscription, another rider's login, profile save and ride upload leave the pages kept", async () => {
    const people: People = {
      writer: await createWriter(),
      'other rider': await createPerson({ firstname: 'Otto', lastname: 'Other', weightKg: 80 }),
      staff: await createPerson({ role: 'staff' }),
    };
    const loginRider = await createTestUser({ password: 'a fine password 1' });
    // The writer's own ride: its page shows the threshold the ride detected (ftp_history). The
    // response cache does not keep it today (it has not opted in); its reads are keyed all the same.
    const ride = await post('/api/activities', 'writer', people, { file: rideFile(20) }, { bearer: true });
    expect(ride.status).toBe(201);
    const pages = await keptPages(people, [[`/user/activities/${(ride.body as { id: string }).id}/analysis`, 'writer']]);

    const upload = await post('/api/activities', 'other rider', people, { file: rideFile(21) }, { bearer: true });
    expect(upload.status).toBe(201);
    const answers = [
      await post('/subscribe', 'visitor', people, { email: `reader-${Date.now()}@example.com` }),
      await post('/auth/login', 'visitor', people, { email: loginRider.email, password: 'a fine password 1', altcha: await solvedRobotCheck() }),
      await post('/user/profile', 'other rider', people, {
        intent: 'profile',
        firstname: 'Otto',
        lastname: 'Renamed',
        country: '246',
        dob: '1985-01-01',
        weight: '79',
        height: '180',
        ftp: '265',
      }),
    ];
    for (const answer of answers) expect(answer.status, JSON.stringify(answer).slice(0, 300)).toBeLessThan(400);
    // An FTP in force from before the other rider's ride restates it (threshold, IF, load) in one
    // UPDATE … FROM (VALUES …) of the recomputation job.
    const otherRide = (upload.body as { id: string }).id;
    await setFtp(people['other rider'].id, 301, new Date(Date.now() - 2 * 3_600_000));
    await runRecompute(people['other rider'].id);
    const [restated] = await database().select({ ftpW: activities.ftpW }).from(activities).where(eq(activities.id, otherRide));
    expect(restated.ftpW).toBe(301);

    // A job queued inside a transaction (the queue's rows are no page's) and one queued alone.
    await database().transaction(async (tx) => {
      await enqueueJob(probeJob, { n: 1 }, { tx });
    });
    await enqueueJob(probeJob, { n: 2 });

    expect(pages.filter((page) => !stillKept(page)).map((page) => `${page.viewer} ${page.path}`)).toEqual([]);
  }, 60_000);

  it("another rider's purchase, copy of their data, staff decisions on another rider's registration and import, and new accounts, events and teams leave the rider's pages kept", async () => {
    const people: People = {
      writer: await createWriter(),
      'other rider': await createPerson({ firstname: 'Otto', lastname: 'Other', weightKg: 80 }),
      staff: await createPerson({ role: 'staff' }),
    };
    const other = people['other rider'];
    await give(other.id, 'GEM', 500n);
    const eventId = await createEvent({
      name: 'Unrelated race',
      date: '2031-05-01',
      time: '18:00',
      capacity: 20,
      distanceKm: 30,
      eventType: 'all',
      categories: {},
    });
    const [registration] = await database()
      .insert(registrations)
      .values({
        eventId,
        userId: other.id,
        firstName: 'Otto',
        lastName: 'Other',
        email: other.email,
        gender: 0,
        dob: '1985-01-01',
        country: 246,
        category: 'A',
        wkg: 3,
        heightCm: 180,
        weightKg: 80,
        ftp: 240,
        status: 'pending',
      })
      .returning({ id: registrations.id });
    const { id: importId } = await submitImport(other.id, {
      platform: 'Strava',
      days: 0,
      hours: 10,
      minutes: 0,
      distance: 250,
      distanceUnit: 'kilometers',
      elevationM: 1200,
      profileLink: 'https://www.strava.com/athletes/1',
      files: [{ name: 'proof.png', bytes: ONE_PIXEL_PNG }],
    });
    // The rider's own pages. Not the wallet (it lists ledger transactions, which name no owner:
    // any ledger write stales it) nor the events list (it counts every rider's registrations).
    const mine: Array<[string, 'writer']> = [
      ['/user/profile', 'writer'],
      ['/user/profile?tab=data', 'writer'],
      ['/user/activities', 'writer'],
      ['/user/shop', 'writer'],
      ['/faqs', 'writer'],
    ];
    const pages = await Promise.all(mine.map(([path, viewer]) => keptRender(path, viewer, people)));

    const answers = [
      await post('/api/garage/purchase/gems', 'other rider', people, { package_id: 'coins_1000' }),
      await post('/staff/registrations', 'staff', people, { registrationId: String(registration.id), decision: 'approved' }),
      await post('/staff/imports', 'staff', people, { importId, decision: 'approved' }),
      await post('/my-teams', 'other rider', people, { intent: 'create', name: `Unrelated ${Date.now()}`, description: '' }),
      await post('/user/profile', 'other rider', people, { intent: 'export' }),
    ];
    for (const answer of answers) expect(answer.status, JSON.stringify(answer).slice(0, 300)).toBeLessThan(400);
    // The copy is built by its job: progress, storage key and readiness are written by the copy's id.
    await runDueJobs([buildExportJob.name]);
    expect((await exportViewOf(other.id))?.status).toBe('ready');
    // The database picks their keys; the keys they return name them.
    await createTestUser();
    expect(pages.filter((page) => !stillKept(page)).map((page) => `${page.viewer} ${page.path}`)).toEqual([]);
    // Another event is in the list, not on this event's page.
    const eventPage = await keptRender(`/event/detail/${eventId}`, 'visitor', people);
    await createEvent({ name: 'Another race', date: '2031-06-01', time: '18:00', capacity: 20, distanceKm: 30, eventType: 'all', categories: {} });
    expect(stillKept(eventPage)).toBe(true);
  }, 60_000);
});
