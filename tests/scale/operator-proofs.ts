// What an operator of the production site relies on (issue 34): it starts from the documented
// variables, clients behind the balancer are told apart, mail leaves over SMTP, work of a dead
// instance is taken over, a rolling restart loses nothing, and the image carries its patches.
// Everything here is done as an operator could: signals to processes, the balancer's log, the
// database read directly; no test-mode hook.
import { spawn } from 'node:child_process';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, outbox, paymentOrders, rateLimits, rideUploads } from '~/db/schema';
import { analyseUploadJob } from '~/services/activities/uploads.server';
import { deadInstanceRetrySeconds } from '~/services/platform/jobs.server';
import { getEnv } from '~/services/platform/env.server';
import { missingPatches } from '~/services/platform/framework-patches.server';
import { RATE_LIMITS } from '~/services/platform/rate-limit.server';
import type { startS3Server } from '../helpers/s3-server.mjs';
import type { startSmtpServer } from '../helpers/smtp-server';
import { SERVER_NAMES, type ServerName } from './balancer';
import type { BuiltImage } from './image';
import { reportTo, toastRuns } from './flow-activity';
import { startLoad, type LoadRequest } from './load';
import { assert, countBy, prove, seconds, spread, until } from './prove';
import { analysisJobOf, rideUpload } from './stateless-proofs';
import { call, form, instanceEnvironment, postFrom, ready, rider, said, startServer, type InstanceSettings, type Site } from './site';

/** The uploads whose analyses the killed instance was running, and when it was killed (ms since the epoch). */
export interface OrphanedJobs {
  uploadIds: string[];
  killedAt: number;
}

export async function productionProofs(site: Site, started: { migrateSeconds: number; refusal: string; variables: string[] }): Promise<void> {
  await prove(
    'production starts from the documented variables (deploy/instance-env.mjs = compose = docs/deploy.md), secrets generated for the run',
    async () => {
      const page = await call(site, '/');
      await page.arrayBuffer();
      assert(page.status === 200 && page.headers.get('Strict-Transport-Security'), `the home page answered ${page.status} without production's HSTS`);
      const outbox = await call(site, '/dev/outbox');
      await outbox.arrayBuffer();
      assert(outbox.status === 404, `/dev/outbox answered ${outbox.status} (production hides it)`);
      return `node scripts/migrate.mjs exited 0 in ${started.migrateSeconds.toFixed(1)} s; two instances ready with PATH, the image's ENV and ${started.variables.length} variables (${started.variables.join(', ')}); without PAYMENT_PROVIDER it refuses: "${started.refusal}"`;
    },
  );
}

export async function orphanedUploadProof(site: Site, s3: Awaited<ReturnType<typeof startS3Server>>): Promise<OrphanedJobs | undefined> {
  let orphaned: OrphanedJobs | undefined;
  await prove(
    "an upload queued on an instance that dies (SIGKILL) before starting it is analysed by the other at once, and the client's retry answers with that ride",
    async () => {
      const owner = await rider('orphan');
      const [taker, other] = [site.instances['paceline-1'], site.instances['paceline-2']];
      const running = getEnv().JOBS_CONCURRENCY;
      const through = new Set<string>();
      // The taker's analysis loops are kept busy at their read of the original: a further upload
      // then waits in the queue. The other instance is stopped meanwhile, so only the taker can take them.
      s3.holdReads((key: string) => key.startsWith('activities/') && !through.has(key));
      other.process.kill('SIGSTOP');
      const upload = (seed: number) =>
        call(site, '/api/activities', {
          method: 'POST',
          body: rideUpload(seed).body(),
          to: 'paceline-1',
          headers: { Authorization: `Bearer ${owner.token}` },
        }).then(
          (answer) => `answered ${answer.status}`,
          (error: Error) => `failed (${(error.cause as Error | undefined)?.message ?? error.message})`,
        );
      const busy = Array.from({ length: running }, (_, index) => upload(300 + index));
      await until(`paceline-1 runs ${running} analyses`, 60_000, async () => (s3.heldReads().length === running ? true : undefined));
      const lastSent = upload(399);
      const waiting = await until('the last upload is kept and queued', 60_000, async () => {
        const rows = await db().select().from(rideUploads).where(eq(rideUploads.userId, owner.id));
        return rows.length === running + 1 ? rows : undefined;
      });
      const queued = await until('its job is queued', 20_000, async () => {
        const states = await Promise.all(waiting.map(async (row) => ({ row, state: (await analysisJobOf(row.id))?.state })));
        return states.filter(({ state }) => state === 'active').length === running && states.some(({ state }) => state === 'created') ? states : undefined;
      });
      const last = queued.find(({ state }) => state === 'created')!.row;
      through.add(last.fileKey);
      const mark = site.balancer.mark();
      taker.process.kill('SIGKILL');
      const killedAt = Date.now();
      await taker.exited;
      other.process.kill('SIGCONT');
      const [ride] = await until('the other instance stores the ride', 60_000, async () => {
        const rows = await db().select().from(activities).where(eq(activities.id, last.id));
        return rows.length ? rows : undefined;
      });
      const tookOver = Date.now() - killedAt;
      assert(ride.normalizedPowerW && ride.normalizedPowerW > 0 && ride.fileKey === last.fileKey, 'the ride has no analysis or not the kept original');
      const clientSaw = await Promise.all([...busy, lastSent]);
      assert(
        clientSaw.every((outcome) => !outcome.startsWith('answered 2')),
        `the killed instance still answered: ${clientSaw.join('; ')}`,
      );
      // The client's retry, through the balancer once it sends to the living instance only.
      await site.balancer.waitForState('paceline-1', 'DOWN', mark, 20_000);
      await until('the balancer sends to paceline-2', 20_000, async () => (site.balancer.stateOf('paceline-2') === 'UP' ? true : undefined));
      const retried = await call(site, '/api/activities', {
        method: 'POST',
        body: rideUpload(399).body(),
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      const answer = (await retried.json()) as { id?: string; duplicate?: boolean };
      assert(retried.status === 200 && answer.id === last.id && answer.duplicate === true, `the retry answered ${retried.status} ${JSON.stringify(answer)}`);
      s3.releaseReads();
      await site.restart('paceline-1');
      orphaned = { uploadIds: queued.filter(({ state }) => state === 'active').map(({ row }) => row.id), killedAt };
      return `paceline-1 held ${running} analyses and a queued one when killed (its clients saw: ${clientSaw.join('; ')}); paceline-2 stored the queued one ${seconds(tookOver)} after the kill (NP ${Math.round(ride.normalizedPowerW)} W); the retry through the balancer answered 200 with ride ${last.id}; paceline-1 started again`;
    },
  );
  s3.releaseReads();
  for (const instance of Object.values(site.instances)) if (instance.process.signalCode === null) instance.process.kill('SIGCONT');
  return orphaned;
}

/** How late the queue's timers (maintenance, retry delay, poll) may fire on a loaded machine. */
const TIMER_SLACK_SECONDS = 15;

export async function orphanedJobsRetriedProof(orphaned: OrphanedJobs | undefined): Promise<void> {
  await prove('the analyses the killed instance was running are run again by another once they expire, within the bound docs/deploy.md gives', async () => {
    assert(orphaned, 'the killed-instance proof left nothing to follow');
    const env = getEnv();
    const bound = deadInstanceRetrySeconds(analyseUploadJob.options, {
      maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS,
      pollingSeconds: env.JOBS_POLL_SECONDS,
    })!;
    const waitMs = Math.max((bound + TIMER_SLACK_SECONDS + 20) * 1000 - (Date.now() - orphaned.killedAt), 1_000);
    // The queue's own record says when each ran again (its retry's start) and finished: this proof may look long after.
    const runs = await until(`the orphaned analyses are stored`, waitMs, async () => {
      const rows = await db().execute(
        sql`select extract(epoch from started_on) * 1000 as started, extract(epoch from completed_on) * 1000 as completed, retry_count as retries
            from pgboss.job where name = ${analyseUploadJob.name} and state = 'completed' and data->>'uploadId' in ${orphaned.uploadIds}`,
      );
      const found = Array.from(rows as unknown as Array<{ started: string; completed: string; retries: number }>);
      return found.length === orphaned.uploadIds.length ? found : undefined;
    });
    const stored = await db().$count(activities, inArray(activities.id, orphaned.uploadIds));
    assert(stored === orphaned.uploadIds.length, `${stored} of ${orphaned.uploadIds.length} rides stored`);
    const after = (at: string) => (Number(at) - orphaned.killedAt) / 1000;
    const restartedAfter = Math.max(...runs.map((run) => after(run.started)));
    assert(
      runs.every((run) => run.retries >= 1),
      `a job ran again without a retry: ${JSON.stringify(runs)}`,
    );
    // The bound counts timers that fire on time; on a loaded machine they run late by up to seconds.
    assert(restartedAfter <= bound + TIMER_SLACK_SECONDS, `run again ${restartedAfter.toFixed(0)} s after the kill, over the bound of ${bound} s`);
    const { expireInSeconds } = analyseUploadJob.options;
    return `${runs.length} analyses run again ${restartedAfter.toFixed(0)} s after the kill and stored ${Math.max(...runs.map((run) => after(run.completed))).toFixed(0)} s after it (expiry ${expireInSeconds} s; the bound with this run's JOBS_MAINTENANCE_SECONDS=${env.JOBS_MAINTENANCE_SECONDS} and JOBS_POLL_SECONDS=${env.JOBS_POLL_SECONDS}: ${bound} s)`;
  });
}

export async function clientsAndMailProofs(site: Site, smtp: Awaited<ReturnType<typeof startSmtpServer>>): Promise<void> {
  await prove('two clients behind the balancer get separate limits (25 clients, one password reset each; one client past its limit)', async () => {
    await site.balancer.waitUntilServing();
    const limit = RATE_LIMITS['forgot-password'].address.hits;
    const reset = (from: string, headers: Record<string, string> = {}) =>
      postFrom(site, from, '/auth/forgot-password', { email: `nobody-${Math.random().toString(36).slice(2)}@scale.test` }, headers).then(
        (answer) => answer.status,
      );
    const many = await Promise.all(Array.from({ length: 25 }, (_, index) => reset(`127.0.0.${10 + index}`)));
    assert(
      many.every((status) => status === 302),
      `of 25 clients, ${many.filter((status) => status === 302).length} were accepted: ${spread(countBy(many, String))}`,
    );
    const first: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt += 1) first.push(await reset('127.0.0.2'));
    const forged = await reset('127.0.0.2', { 'X-Forwarded-For': '203.0.113.9' });
    const second = await reset('127.0.0.3');
    assert(
      first.slice(0, limit).every((status) => status === 302) && first[limit] === 400,
      `client A's ${limit + 1} resets: ${spread(countBy(first, String))}`,
    );
    assert(forged === 400, `client A with a forged X-Forwarded-For answered ${forged}`);
    assert(second === 302, `client B, after A was limited, answered ${second}`);
    const rows = await db().select({ key: rateLimits.key, hits: rateLimits.hits }).from(rateLimits).where(like(rateLimits.key, 'forgot-password:address:%'));
    const hits = Object.fromEntries(rows.map((row) => [row.key.replace('forgot-password:address:', ''), row.hits]));
    assert(!hits['127.0.0.1'] && !hits['::ffff:127.0.0.1'], `the balancer's own address was counted: ${JSON.stringify(hits)}`);
    assert(hits['127.0.0.2'] === limit + 2 && hits['127.0.0.3'] === 1, `counted per address: ${JSON.stringify(hits)}`);
    return `25 of 25 clients accepted; client 127.0.0.2: ${limit} accepted, then 400 (also with a forged X-Forwarded-For); client 127.0.0.3 then accepted; counters per client address (${rows.length} rows), none for the balancer`;
  });

  await prove('a password reset is mailed over SMTP_URL with a link to SITE_URL', async () => {
    const owner = await rider('mail');
    const asked = await call(site, '/auth/forgot-password', form({ email: owner.email }));
    assert(asked.status === 302, `the reset answered ${asked.status}`);
    const sentAt = performance.now();
    const mail = await until('the SMTP server receives the mail', 60_000, async () => smtp.received.find((received) => received.to.includes(owner.email)));
    const took = performance.now() - sentAt;
    const link = new RegExp(`${site.url.replace(/[.:/]/g, '\\$&')}/\\S+`).exec(mail.raw.replace(/=\r?\n/g, ''))?.[0];
    assert(link, `the mail holds no link to ${site.url}:\n${mail.raw.slice(0, 600)}`);
    const [kept] = await until('the outbox marks it delivered', 30_000, async () => {
      const rows = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, owner.email), sql`${outbox.meta} ? 'deliveredAt'`));
      return rows.length ? rows : undefined;
    });
    assert(kept.transport === 'smtp', `the outbox row went by ${kept.transport}`);
    return `delivered ${seconds(took)} after the form's answer, from ${mail.from} to ${owner.email}, link ${link.slice(0, site.url.length + 24)}…; the outbox row is marked delivered`;
  });
}

/** Gem checkouts: a form POST that makes one order row each (no idempotency key to hide a second delivery). */
function loadRequests(site: Site, buyer: Awaited<ReturnType<typeof rider>>, orders: string[]) {
  const pages = ['/', '/faqs', '/events', '/user/profile'];
  const counts = new Map<number, number>();
  return (client: number): LoadRequest => {
    const n = (counts.get(client) ?? 0) + 1;
    counts.set(client, n);
    const headers = { Cookie: buyer.cookie };
    if (n % 2 === 1) {
      return {
        method: 'GET',
        path: pages[(client + n) % pages.length],
        init: { headers },
        async check(answer) {
          await answer.arrayBuffer();
          return answer.status === 200 ? undefined : `answered ${answer.status}`;
        },
      };
    }
    return {
      method: 'POST',
      path: '/api/garage/redirect-to-checkout',
      init: { headers: { ...headers, Origin: site.url }, body: new URLSearchParams({ package_id: 'gems_250' }) },
      async check(answer) {
        const text = await answer.text();
        const orderId = (JSON.parse(text || '{}') as { data?: { order_id?: string } }).data?.order_id;
        if (answer.status !== 200 || !orderId) return `answered ${answer.status} ${text.slice(0, 120)}`;
        orders.push(orderId);
        return undefined;
      },
    };
  };
}

export async function rollingRestartProof(site: Site): Promise<void> {
  await prove(
    'a restart of each instance in turn (SIGTERM, then a new process) under GET + form POST load through the balancer loses 0 requests and applies every POST once; each writes the flow activity it still held',
    async () => {
      const buyer = await rider('load');
      const orders: string[] = [];
      const mark = site.balancer.mark();
      const load = startLoad({ site: site.url, clients: 4, next: loadRequests(site, buyer, orders) });
      const timings: string[] = [];
      await until('the load is under way', 30_000, async () => (load.report.sent > 20 ? true : undefined));
      for (const name of SERVER_NAMES) timings.push(await restartInTurn(site, name));
      const settled = load.report.sent + 20;
      await until('the load goes on after the restarts', 60_000, async () => (load.report.sent > settled ? true : undefined));
      const report = await load.stop();
      const rows = await db().select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.userId, buyer.id));
      const logged = site.balancer.requests(mark);
      const perInstance = SERVER_NAMES.map((name) => {
        const theirs = logged.filter((request) => request.server === name);
        return `${name}: ${spread(countBy(theirs, (request) => `${request.method} ${request.status}`))}`;
      });
      const resent = logged.filter((request) => request.retries > 0).length;
      const figures = `${report.sent} requests in ${report.seconds.toFixed(0)} s from 4 clients (${spread(report.byMethod)}); answers: ${spread(report.statuses)}; ${perInstance.join('; ')}; resent by the balancer after a failed connection: ${resent}; ${timings.join('; ')}`;
      assert(report.failures.length === 0, `${report.failures.length} failed: ${report.failures.slice(0, 5).join(' | ')}\n${figures}`);
      const posts = report.byMethod.POST ?? 0;
      assert(
        orders.length === posts && new Set(orders).size === posts,
        `${posts} POSTs sent, ${orders.length} answered with an order (${new Set(orders).size} distinct)`,
      );
      const stored = new Set(rows.map((row) => row.id));
      assert(rows.length === posts && orders.every((id) => stored.has(id)), `${posts} POSTs answered, ${rows.length} orders stored\n${figures}`);
      return `0 failed; ${posts} POSTs, ${rows.length} order rows, each answered once. ${figures}`;
    },
  );
}

/**
 * One instance's turn: SIGTERM, the balancer marks it down, its listener closes, it exits 0 having
 * written the flow activity it held (a report it took just before), a new process takes its port
 * and the balancer sends to it again.
 */
async function restartInTurn(site: Site, name: ServerName): Promise<string> {
  await site.balancer.waitUntilServing();
  const instance = site.instances[name];
  const runsBefore = await toastRuns();
  await reportTo(site, name);
  const mark = site.balancer.mark();
  const signalled = performance.now();
  instance.process.kill('SIGTERM');
  const down = await site.balancer.waitForState(name, 'DOWN', mark, 30_000);
  const code = await instance.exited;
  assert(code === 0, `${name} exited ${code} after SIGTERM:\n${said(instance).slice(-1500)}`);
  const closed = instance.output.find((line) => line.text.includes('the listener is closed'));
  assert(
    closed && closed.at > down.at,
    `${name} closed its listener ${closed ? `${seconds(down.at - closed.at)} before` : 'without saying so,'} the balancer marked it down`,
  );
  const written = (await toastRuns()) - runsBefore;
  assert(written === 1, `the flow report ${name} took just before SIGTERM was written ${written} times`);
  const restarted = performance.now();
  await site.restart(name);
  return `${name}: SIGTERM → down at the balancer ${seconds(down.at - signalled)} → listener closed ${seconds(closed.at - signalled)} → exit 0 (its flow activity written); new process up at the balancer ${seconds(performance.now() - restarted)} later`;
}

export async function imageProof(building: Promise<BuiltImage>, settings: InstanceSettings, port: number): Promise<void> {
  await prove("the Dockerfile's build steps yield an install with its patches, which starts in production (and refuses to without them)", async () => {
    const image = await building;
    try {
      assert(missingPatches(image.folder).length === 0, `the image lacks ${missingPatches(image.folder).join(', ')}`);
      const env = instanceEnvironment(settings, port);
      const server = startServer('paceline-1', port, env, image.folder);
      await ready(server, 120_000);
      server.process.kill('SIGINT');
      assert((await server.exited) === 0, `the image's server did not exit cleanly:\n${said(server).slice(-1000)}`);
      // Without its patches (reversed as patch-package reverses them), production refuses to start, naming each.
      await runIn(image.folder, [process.execPath, `${process.cwd()}/node_modules/patch-package/index.js`, '--reverse']);
      const unpatched = startServer('paceline-1', port, env, image.folder);
      const code = await unpatched.exited;
      const reported = missingPatches(image.folder);
      assert(
        code !== 0 && said(unpatched).includes('framework patches are not applied'),
        `without its patches the server exited ${code}:\n${said(unpatched).slice(-800)}`,
      );
      const steps = image.steps
        .filter((step) => step.seconds >= 1)
        .map((step) => `${step.instruction.split(' ').slice(0, 3).join(' ')} ${step.seconds.toFixed(0)} s`);
      return `built in a temporary folder (${steps.join(', ')}); all patches applied; \`node server.mjs\` there was ready in production; with the ${reported.length} patches reversed it exited ${code}, naming them`;
    } finally {
      image.remove();
    }
  });
}

function runIn(cwd: string, [command, ...args]: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}
