import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { dataExports, networkConnections, outbox } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { action as linksAction } from '~/routes/auth.links/route';
import { loader as ownDownload } from '~/routes/user.data-export.$id/route';
import { loader as parentDownload } from '~/routes/data-export.$token/route';
import { loader as statusLoader } from '~/routes/user.data-export.status/route';
import { action as profileAction } from '~/routes/user.profile/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { readZip } from '../../../tests/helpers/zip';
import { ingestActivity } from '../activities/activities.server';
import { storage } from '../adapters/storage.server';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '../ledger/index.server';
import { runDueJobs } from '../platform/jobs.server';
import { runCleanups } from '../platform/cleanup-jobs.server';
import { EXPORT_MESSAGES, exportViewOf, requestDataExport } from './data-export.server';

setUpTestDatabase();

// Every progress value the build writes, caught by a trigger (the build itself is not slowed or changed).
beforeAll(async () => {
  await db().execute(sql`create table export_progress_log (export_id uuid, progress integer, status text)`);
  await db().execute(sql`create function log_export_progress() returns trigger language plpgsql as $$
    begin insert into export_progress_log values (new.id, new.progress, new.status); return new; end $$`);
  await db().execute(sql`create trigger export_progress_log after update on data_exports for each row execute function log_export_progress()`);
});
afterAll(async () => {
  await db().execute(sql`drop trigger export_progress_log on data_exports`);
});

const rideFit = (day: number) =>
  encodeRideFit(generateRide({ seed: day, start: new Date(Date.UTC(2026, 2, day, 7)), durationS: 240, ftpW: 250, weightKg: 70, shape: 'endurance' }));

async function postProfile(userId: string, fields: Record<string, string>) {
  const { request } = await signedInRequest(userId, 'http://localhost/user/profile?tab=data', { method: 'POST', body: new URLSearchParams(fields) });
  return (await profileAction({ request, params: {}, context: {} })) as Response;
}

async function newestMail(recipient: string, kind: string) {
  const [mail] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), sql`${outbox.meta} ->> 'kind' = ${kind}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail;
}

describe('a copy of all of my data (issue 26 item 4)', () => {
  it('builds one zip in a job with its progress recorded, e-mails the link, and downloads only for its owner', async () => {
    const rider = await createTestUser({ weightKg: 70, firstname: 'Export' });
    const rides = [rideFit(3), rideFit(4)];
    for (const fit of rides) await ingestActivity(rider.id, fit);
    await postTransfer({
      idempotencyKey: `prize:${rider.id}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(rider.id), currency: 'BTC', amount: 25_000n }],
      memo: 'Prize: Sunday Race Club',
    });
    await db()
      .insert(networkConnections)
      .values({ userId: rider.id, network: 'strava', accessTokenEnc: 'secret-access-token', refreshTokenEnc: 'secret-refresh-token', athleteId: 'athlete-7' });

    const asked = await postProfile(rider.id, { intent: 'export' });
    expect(asked.headers.get('Location')).toBe('/user/profile?tab=data');
    const view = await exportViewOf(rider.id);
    expect(view).toMatchObject({ status: 'queued', progress: 0 });
    // Asking again while it is prepared changes nothing.
    expect(await requestDataExport(rider.id)).toEqual({ ok: false, message: EXPORT_MESSAGES.alreadyBuilding });

    expect(await runDueJobs(['account.build-export'])).toBe(1);
    const ready = await exportViewOf(rider.id);
    expect(ready).toMatchObject({ id: view!.id, status: 'ready', progress: 100 });
    expect(new Date(ready!.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const logged = (await db().execute(sql`select progress, status from export_progress_log where export_id = ${view!.id}`)) as unknown as {
      rows?: Array<{ progress: number }>;
    } & Array<{ progress: number }>;
    const progress = (logged.rows ?? logged).map((row) => row.progress);
    expect(progress.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const mail = await newestMail(rider.email, 'export-ready');
    expect(mail.subject).toBe('Your Paceline data is ready to download');
    expect(new URL(String(mail.meta?.link)).pathname).toBe(`/user/data-export/${view!.id}`);

    const { request } = await signedInRequest(rider.id, `http://localhost/user/data-export/${view!.id}`);
    const response = await ownDownload({ request, params: { id: view!.id }, context: {} });
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    const archive = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('Content-Length')).toBe(String(archive.byteLength));
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect((await exportViewOf(rider.id))?.sizeBytes).toBe(archive.byteLength);
    // A resumed download gets the rest of the archive only (streamed from storage, never read whole).
    const { request: resumed } = await signedInRequest(rider.id, `http://localhost/user/data-export/${view!.id}`, { headers: { Range: `bytes=100-` } });
    const rest = await ownDownload({ request: resumed, params: { id: view!.id }, context: {} });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('Content-Range')).toBe(`bytes 100-${archive.byteLength - 1}/${archive.byteLength}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(Buffer.from(archive.subarray(100)))).toBe(true);
    const files = await readZip(archive);
    const names = [...files.keys()];
    for (const name of [
      'README.txt',
      'profile.json',
      'rides/rides.json',
      'rides/rides.csv',
      'history/weight.csv',
      'history/ftp.csv',
      'wallet/transactions.csv',
      'wallet/withdrawals.csv',
      'shop/items.csv',
      'shop/card-payments.csv',
      'events/registrations.json',
      'events/results.csv',
      'teams/created.csv',
      'teams/memberships.csv',
      'connections/fitness-networks.json',
      'imports.json',
    ]) {
      expect(names, name).toContain(name);
    }
    const profile = JSON.parse(files.get('profile.json')!.toString());
    expect(profile).toMatchObject({ id: rider.id, email: rider.email, firstname: 'Export' });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(JSON.parse(files.get('rides/rides.json')!.toString())).toHaveLength(2);
    expect(files.get('rides/rides.csv')!.toString().trim().split('\r\n')).toHaveLength(3);
    const originals = names.filter((name) => name.startsWith('rides/files/'));
    expect(originals).toHaveLength(2);
    expect(originals.map((name) => files.get(name)!.equals(Buffer.from(rides[originals.indexOf(name)])))).toEqual([true, true]);
    expect(files.get('wallet/transactions.csv')!.toString()).toContain('Prize: Sunday Race Club');
    const connections = files.get('connections/fitness-networks.json')!.toString();
    expect(connections).toContain('athlete-7');
    expect(connections).not.toContain('secret-');

    // Someone else, a made-up id, and the rider after the copy expired get nothing.
    const stranger = await createTestUser();
    const { request: theirs } = await signedInRequest(stranger.id, `http://localhost/user/data-export/${view!.id}`);
    expect((await thrownResponse(ownDownload({ request: theirs, params: { id: view!.id }, context: {} }))).headers.get('Location')).toBe(
      '/user/profile?tab=data',
    );
    const { request: madeUp } = await signedInRequest(rider.id, 'http://localhost/user/data-export/x');
    expect((await thrownResponse(ownDownload({ request: madeUp, params: { id: randomUUID() }, context: {} }))).status).toBe(302);

    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, view!.id));
    expect(await storage().get(row.storageKey!)).not.toBeNull();
    await runCleanups(new Date(Date.now() + 8 * 86_400_000));
    expect(await db().$count(dataExports, eq(dataExports.id, view!.id))).toBe(0);
    await runDueJobs(['storage.remove-objects']);
    expect(await storage().get(row.storageKey!)).toBeNull();
    expect(await exportViewOf(rider.id)).toBeNull();
  });

  it("the status the tab polls: the rider's own copy only", async () => {
    const rider = await createTestUser();
    await requestDataExport(rider.id);
    const { request } = await signedInRequest(rider.id, 'http://localhost/user/data-export/status');
    const answer = await statusLoader({ request, params: {}, context: {} });
    expect(await answer.json()).toMatchObject({ status: 'queued', progress: 0 });
    const other = await createTestUser();
    const { request: theirs } = await signedInRequest(other.id, 'http://localhost/user/data-export/status');
    expect(await (await statusLoader({ request: theirs, params: {}, context: {} })).json()).toBeNull();
    await runDueJobs(['account.build-export']);
  });

  it("a child's copy waits for the parent's link, is built, and goes to the parent through a link of its own", async () => {
    const kid = await createTestUser({ isKid: true, parentEmail: 'export-parent@example.com', firstname: 'Mila' });
    await ingestActivity(kid.id, rideFit(5));
    expect(await requestDataExport(kid.id)).toEqual({ ok: true, message: EXPORT_MESSAGES.requestedForChild, queued: null });
    expect(await exportViewOf(kid.id)).toMatchObject({ status: 'waiting-for-parent' });
    expect(await runDueJobs(['account.build-export'])).toBe(0);

    const confirm = await newestMail('export-parent@example.com', 'export-data');
    expect(confirm.subject).toBe("Confirm a copy of Mila's Paceline data");
    const token = new URL(String(confirm.meta?.link)).pathname.split('/').pop()!;
    const post = (intent: string) =>
      linksAction({
        request: new Request('http://localhost/auth/links', { method: 'POST', body: new URLSearchParams({ kind: 'export-data', intent, token }) }),
        params: {},
        context: {},
      });
    expect(await (await post('verify')).json()).toEqual({ ok: true, message: EXPORT_MESSAGES.parentConfirmed });
    expect(await (await post('verify')).json()).toMatchObject({ ok: false, message: EXPORT_MESSAGES.invalidLink });
    expect(await runDueJobs(['account.build-export'])).toBe(1);

    const ready = await newestMail('export-parent@example.com', 'export-ready');
    expect(ready.subject).toBe("A copy of Mila's Paceline data is ready");
    const downloadToken = new URL(String(ready.meta?.link)).pathname.split('/').pop()!;
    const response = await parentDownload({ request: new Request(String(ready.meta?.link)), params: { token: downloadToken }, context: {} });
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ id: kid.id, isKid: true });
    expect([...files.keys()].filter((name) => name.startsWith('rides/files/'))).toHaveLength(1);
    expect(
      (await thrownResponse(parentDownload({ request: new Request('http://localhost/data-export/x'), params: { token: 'A'.repeat(43) }, context: {} }))).status,
    ).toBe(404);

    // The child's own session does not get the copy: it went to the parent.
    const view = await exportViewOf(kid.id);
    const { request } = await signedInRequest(kid.id, `http://localhost/user/data-export/${view!.id}`);
    expect((await thrownResponse(ownDownload({ request, params: { id: view!.id }, context: {} }))).status).toBe(302);
  });

  it('replaces a ready copy when the rider asks again, removing the old file', async () => {
    const rider = await createTestUser();
    await requestDataExport(rider.id);
    await runDueJobs(['account.build-export']);
    const [first] = await db().select().from(dataExports).where(eq(dataExports.userId, rider.id));
    expect(await requestDataExport(rider.id)).toMatchObject({ ok: true, message: EXPORT_MESSAGES.requested });
    await runDueJobs(['storage.remove-objects', 'account.build-export']);
    expect(await storage().get(first.storageKey!)).toBeNull();
    const rows = await db().select().from(dataExports).where(eq(dataExports.userId, rider.id));
    expect(rows.map((row) => row.status)).toEqual(['ready']);
    expect(rows[0].id).not.toBe(first.id);
  });
});
