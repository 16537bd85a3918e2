import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { defineJob, enqueueJob } from '~/services/platform/jobs.server';
import { useTestDatabase } from '../helpers/db';
import { solvedRobotCheck } from '../helpers/robot';
import { createTestUser } from '../helpers/users';
import { createPerson, createWriter, post, renderPage, stillKept, type People } from './pages';
import { rideFile } from './world';

// Decision 145: writes that no page shows, and one rider's writes, leave every other kept page
// kept. (The same pages are proved never stale by writes-to-pages.db.test.ts.)
useTestDatabase();

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

async function keptPages(people: People) {
  return Promise.all(KEPT.map(([path, viewer]) => renderPage(path, viewer, people)));
}

describe('writes that must not make kept pages stale', () => {
  it('a newsletter subscription, another rider\'s login, profile save and ride upload leave the pages kept', async () => {
    const people: People = { writer: await createWriter(), 'other rider': await createPerson({ firstname: 'Otto', lastname: 'Other', weightKg: 80 }), staff: await createPerson({ role: 'staff' }) };
    const loginRider = await createTestUser({ password: 'a fine password 1' });
    const pages = await keptPages(people);

    const answers = [
      await post('/subscribe', 'visitor', people, { email: `reader-${Date.now()}@example.com` }),
      await post('/auth/login', 'visitor', people, { email: loginRider.email, password: 'a fine password 1', altcha: await solvedRobotCheck() }),
      await post('/user/profile', 'other rider', people, { intent: 'profile', firstname: 'Otto', lastname: 'Renamed', country: '246', dob: '1985-01-01', weight: '79', height: '180' }),
    ];
    for (const answer of answers) expect(answer.status, JSON.stringify(answer).slice(0, 300)).toBeLessThan(400);
    const upload = await post('/api/activities', 'other rider', people, { file: rideFile(21) }, { bearer: true });
    expect(upload.status).toBe(201);

    // A job queued inside a transaction (the queue's rows are no page's) and one queued alone.
    await db().transaction(async (tx) => {
      await enqueueJob(probeJob, { n: 1 }, { tx });
    });
    await enqueueJob(probeJob, { n: 2 });

    expect(pages.filter((page) => !stillKept(page)).map((page) => `${page.viewer} ${page.path}`)).toEqual([]);
  }, 60_000);
});
