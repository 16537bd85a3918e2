// `npm run test:scale` (issue 22 item 4): PostgreSQL, a real S3-compatible server, two
// instances of the production build and a round-robin proxy, all on loopback; then, through the
// proxy, what N stateless instances must do. Prints each proof and ends on 'N passed, N failed'.
// Deterministic: every wait polls for its condition with a deadline; no fixed sleeps.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { activities, outbox, rideUploads, users, withdrawalRequests } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { createSession } from '~/services/accounts/session.server';
import { checkLedgerInvariants, entrySumsPerCurrency, getBalance, riderAccount } from '~/services/ledger/index.server';
import { WALLET_FEE_BASIS_POINTS } from '~/lib/constants';
import { withdrawalFigures } from '~/lib/wallet/withdrawal-schema';
import { HOLD_JOB_RECIPIENT } from '~/services/platform/test-jobs.server';
import { TEST_HOLD_HEADER } from '~/services/platform/test-mode.server';
import { scaleInstanceEnv } from '../deploy/instance-env.mjs';
import { startS3Server } from '../tests/helpers/s3-server.mjs';
import { startProxy } from '../tests/scale/proxy.mjs';
import { approveWallet, VERIFIED_WALLET } from '../tests/helpers/wallet';
import { startCluster } from './pg-cluster.mjs';

const BASE_PORT = Number(process.env.SCALE_PORT ?? 3130);
const PG_PORT = Number(process.env.SCALE_PG_PORT ?? 54333);
const SITE = `http://127.0.0.1:${BASE_PORT}`;
const started = performance.now();

const results: Array<{ name: string; ok: boolean; detail: string }> = [];
const instancePorts = [BASE_PORT + 1, BASE_PORT + 2];
interface Instance {
  port: number;
  process: ChildProcess;
  output: string;
}
const instances: Instance[] = [];
/** Starts a killed instance again on its port and gives it back to the proxy (set by main, which owns the cluster and the store). */
let restart: (instance: Instance) => Promise<void> = async () => {
  throw new Error('no cluster yet');
};
async function prove(name: string, check: () => Promise<string>): Promise<void> {
  const t = performance.now();
  try {
    const detail = await check();
    results.push({ name, ok: true, detail });
    console.log(`✓ ${name} (${((performance.now() - t) / 1000).toFixed(1)} s): ${detail}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`✗ ${name}: ${detail}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// ——— Requests through the proxy ———
interface Rider {
  id: string;
  cookie: string;
  token: string;
}

async function rider(label: string): Promise<Rider> {
  const [row] = await db()
    .insert(users)
    .values({
      email: `${label}-${randomUUID().slice(0, 8)}@scale.test`,
      passwordHash: 'not-a-password-hash',
      firstname: 'Scale',
      lastname: label,
      status: 'active',
    })
    .returning({ id: users.id });
  const { headers } = await createSession(row.id, { persistent: true });
  const cookie = headers.map((header) => header.split(';')[0]).join('; ');
  const token = /paceline_token=([^;]+)/.exec(cookie)![1];
  return { id: row.id, cookie, token };
}

/** A request through the proxy, to instance `upstream` (0 or 1) or round-robin; never follows redirects. */
function call(path: string, init: RequestInit & { upstream?: 0 | 1; rider?: Rider } = {}) {
  const headers = new Headers(init.headers);
  if (init.rider) headers.set('Cookie', init.rider.cookie);
  if (init.upstream !== undefined) headers.set('x-scale-upstream', String(init.upstream));
  if (init.method && init.method !== 'GET') headers.set('Origin', SITE);
  return fetch(`${SITE}${path}`, { ...init, headers, redirect: 'manual' });
}

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
/** The withdrawal form as the page posts it without JavaScript (the form repeats the verified wallet's details). */
const withdrawal = () => form({ amount: '0.001', email: VERIFIED_WALLET.binanceEmail, walletAddress: VERIFIED_WALLET.walletAddress, requestKey: randomUUID() });

async function runProofs(): Promise<void> {
  await prove('migrations ran once although both instances started together', async () => {
    const journal = JSON.parse(readFileSync('app/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const rows = await db().execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number((Array.from(rows as Array<{ n: number }>)[0] ?? { n: 0 }).n);
    assert(applied === journal.entries.length, `${applied} migrations recorded for ${journal.entries.length} in the journal`);
    return `${applied} migrations applied, each once`;
  });

  await prove('an upload taken by one instance is analysed and its original FIT downloads byte-identical through the other', async () => {
    const owner = await rider('upload');
    const bytes = encodeRideFit(
      generateRide({ seed: 22, start: new Date('2026-06-01T06:00:00Z'), durationS: 1800, ftpW: 260, weightKg: 72, shape: 'endurance' }),
    );
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)]), 'ride.fit');
    const uploaded = await call('/api/activities', { method: 'POST', body, upstream: 0, headers: { Authorization: `Bearer ${owner.token}` } });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: string };
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    assert(row?.normalizedPowerW && row.normalizedPowerW > 0 && row.fileKey, 'the ride has no analysis or no file');
    // The analysis ran as a job of the queue (decision 133), whichever instance ran it.
    const job = await analysisJobOf(id);
    assert(job?.state === 'completed', `the upload's analysis job is ${job?.state ?? 'missing'}`);
    const whole = await call(`/user/activities/files/${id}/download`, { upstream: 1, rider: owner });
    assert(whole.headers.get('x-scale-instance') === '1', 'the download did not go to the other instance');
    const downloaded = new Uint8Array(await whole.arrayBuffer());
    assert(
      whole.status === 200 && Buffer.from(downloaded).equals(Buffer.from(bytes)),
      `download ${whole.status}: ${downloaded.length} bytes for ${bytes.length}`,
    );
    const part = await call(`/user/activities/files/${id}/download`, { upstream: 1, rider: owner, headers: { Range: 'bytes=1000-1999' } });
    assert(part.status === 206 && Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(1000, 2000))), `range answered ${part.status}`);
    return `${bytes.length} bytes uploaded via instance 0 (NP ${Math.round(row.normalizedPowerW)} W), read back whole and as a byte range via instance 1, from S3 key ${row.fileKey}`;
  });

  await prove('an upload whose instance is killed (SIGKILL) before its analysis is analysed by the other, and the retry answers with that ride', async () => {
    const owner = await rider('orphan-upload');
    const bytes = encodeRideFit(
      generateRide({ seed: 133, start: new Date('2026-06-02T06:00:00Z'), durationS: 1200, ftpW: 250, weightKg: 70, shape: 'endurance' }),
    );
    const upload = () => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)]), 'ride.fit');
      return body;
    };
    const taker = instances[0];
    // Test mode holds the job 5 s (X-Paceline-Test-Hold-Seconds): the instance that took the upload dies before anyone may start it.
    const sent = call('/api/activities', {
      method: 'POST',
      body: upload(),
      upstream: 0,
      headers: { Authorization: `Bearer ${owner.token}`, [TEST_HOLD_HEADER]: '5' },
    }).then(
      (answer) => `answered ${answer.status}`,
      (error: Error) => `failed (${error.message})`,
    );
    const pending = await until(
      'the upload is kept and queued',
      5_000,
      async () => (await db().select().from(rideUploads).where(eq(rideUploads.userId, owner.id)))[0],
    );
    assert(pending.status === 'pending', `the upload is ${pending.status} before its hold is over`);
    taker.process.kill('SIGKILL');
    const lost = await sent;
    assert(!lost.startsWith('answered 2'), `the killed instance still answered the upload: ${lost}`);
    const [ride] = await until('another instance stores the ride', 30_000, async () => {
      const rows = await db().select().from(activities).where(eq(activities.id, pending.id));
      return rows.length ? rows : undefined;
    });
    assert(ride.normalizedPowerW && ride.normalizedPowerW > 0 && ride.fileKey === pending.fileKey, 'the ride has no analysis or not the kept original');
    // The ride is committed before the queue is told the job is done: on a busy machine the
    // completion may come a moment after the ride is seen.
    let job: { state: string } | undefined;
    await until('the analysis job completes', 10_000, async () => {
      job = await analysisJobOf(pending.id);
      return job?.state === 'completed' ? job : undefined;
    }).catch(() => assert(false, `the analysis job is ${job?.state ?? 'missing'}`));
    const retried = await call('/api/activities', { method: 'POST', body: upload(), upstream: 1, headers: { Authorization: `Bearer ${owner.token}` } });
    const answer = (await retried.json()) as { id?: string; duplicate?: boolean };
    assert(retried.status === 200 && answer.id === pending.id && answer.duplicate === true, `the retry answered ${retried.status} ${JSON.stringify(answer)}`);
    await restart(taker);
    return `instance ${taker.port} killed while its upload waited (the client saw it ${lost}); instance ${instances[1].port} analysed the kept original (NP ${Math.round(ride.normalizedPowerW)} W); the client's retry answered 200 with ride ${pending.id}; instance ${taker.port} started again`;
  });

  await prove('a session revoked on one instance is refused by the other on the next request', async () => {
    const signedIn = await rider('session');
    for (let round = 0; round < 2; round += 1) {
      const page = await call('/user/profile', { upstream: 1, rider: signedIn });
      assert(page.status === 200, `the profile answered ${page.status} before sign-out`);
      await page.arrayBuffer();
    }
    const out = await call('/auth/logout', { ...form({}), upstream: 0, rider: signedIn });
    assert(out.status === 302 || out.status === 303, `logout answered ${out.status}`);
    const after = await call('/user/profile', { upstream: 1, rider: signedIn });
    const location = after.headers.get('Location') ?? '';
    assert(after.status >= 300 && after.status < 400 && location.startsWith('/auth/login'), `the other instance answered ${after.status} ${location}`);
    return `signed out via instance 0; instance 1, which had answered the profile twice, sent the next request to ${location}`;
  });

  // 0.001 BTC and its fee, as the wallet computes them.
  const { total } = withdrawalFigures(100_000n, WALLET_FEE_BASIS_POINTS);
  const remainder = total - 1n;
  await prove("a write on one instance refreshes the other's kept page within 1 s", async () => {
    const walletRider = await verifiedRider('fresh', 3n * total);
    const pending = async () => {
      const page = await call('/wallet', { upstream: 1, rider: walletRider });
      return Number(/data-testid="pending-requests">(\d+)</.exec(await page.text())?.[1] ?? NaN);
    };
    assert((await pending()) === 0 && (await pending()) === 0, 'the wallet did not show 0 pending requests twice');
    const asked = await call('/wallet/withdrawal-request', { ...withdrawal(), upstream: 0, rider: walletRider });
    assert(asked.status === 302, `the withdrawal answered ${asked.status}`);
    const written = performance.now();
    await until('instance 1 shows the new pending request', 1_000, async () => ((await pending()) === 1 ? true : undefined));
    return `instance 1's /wallet showed the withdrawal made on instance 0 after ${(performance.now() - written).toFixed(0)} ms`;
  });

  await prove('a payment confirmed by poll on one instance and by webhook on the other credits once', async () => {
    const buyer = await rider('gems');
    const checkout = await call('/api/garage/redirect-to-checkout', { ...form({ package_id: 'gems_250' }), upstream: 0, rider: buyer });
    assert(checkout.ok, `checkout answered ${checkout.status}`);
    const { data } = (await checkout.json()) as { data: { session_url: string; order_id: string } };
    const sessionId = new URL(data.session_url).pathname.split('/').pop()!;
    const paid = await call(`/sandbox/checkout/${sessionId}`, { ...form({ intent: 'pay', card: '4242424242424242' }), rider: buyer });
    assert(paid.status === 302, `the sandbox payment answered ${paid.status}`);
    const [poll, hook] = await Promise.all([
      call('/api/garage/payment/info', { ...form({ order_id: data.order_id }), upstream: 0, rider: buyer }),
      call('/api/garage/payment/webhook', { method: 'POST', upstream: 1, ...signedWebhook(sessionId, data.order_id) }),
    ]);
    assert(poll.ok && hook.ok, `poll ${poll.status}, webhook ${hook.status}`);
    const record = (await (await call(`/e2e/payments?orderId=${data.order_id}`)).json()) as { status: string; transactions: number; riderGems: string };
    assert(record.status === 'paid' && record.transactions === 1 && record.riderGems === '250', `order ${JSON.stringify(record)}`);
    return 'one ledger transaction, 250 gems, after the poll (instance 0) and the webhook (instance 1) at once';
  });

  await prove('a 200-way withdrawal race spread over both instances leaves a balanced ledger and no negative balance', async () => {
    const racer = await verifiedRider('race', 7n * total + remainder);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => call('/wallet/withdrawal-request', { ...withdrawal(), rider: racer }).catch((error: Error) => error)),
    );
    const failed = outcomes.filter((outcome): outcome is Error => outcome instanceof Error);
    if (failed.length)
      throw new Error(`${failed.length} requests failed: ${failed[0].message} ${String((failed[0].cause as Error | undefined)?.message ?? '')}`);
    const answers = outcomes as Response[];
    const byInstance = answers.reduce<Record<string, number>>(
      (counts, answer) => ({ ...counts, [answer.headers.get('x-scale-instance') ?? '?']: (counts[answer.headers.get('x-scale-instance') ?? '?'] ?? 0) + 1 }),
      {},
    );
    const accepted = answers.filter((answer) => answer.status === 302).length;
    // The refusals' pages are not read: the status says each answer; the ledger says the rest.
    // A page cut short under the load (the render's 5 s abort) has already said its status.
    await Promise.all(answers.map((answer) => answer.body?.cancel().catch(() => {}) ?? Promise.resolve()));
    const held = await db().$count(withdrawalRequests, eq(withdrawalRequests.userId, racer.id));
    const balance = await getBalance(riderAccount(racer.id), 'BTC');
    const problems = await checkLedgerInvariants();
    for (const [currency, sum] of await entrySumsPerCurrency()) if (sum !== 0n) problems.push(`${currency} entries sum to ${sum}`);
    assert(accepted === 7 && held === 7, `${accepted} accepted, ${held} held: the balance covers 7`);
    assert(balance.available === remainder && balance.pending === 7n * total, `available ${balance.available}, pending ${balance.pending}`);
    assert(problems.length === 0, problems.join('; '));
    return `7 of 200 held (instances: ${JSON.stringify(byInstance)}), available ${balance.available} satoshi, ledger balanced`;
  });

  await prove('a job whose instance is killed (SIGKILL) in the middle is finished by the other', async () => {
    const label = randomUUID();
    const queued = await call('/e2e/jobs', { ...form({ holdMs: '2500', label }), upstream: 0 });
    assert(queued.ok, `queueing answered ${queued.status}`);
    const notes = (subject: string) =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, HOLD_JOB_RECIPIENT), eq(outbox.body, label), eq(outbox.subject, subject)));
    const [start] = await until('the job starts', 10_000, async () => ((await notes('job started'))[0] ? notes('job started') : undefined));
    const runner = instances.find((instance) => String(instance.port) === String(start.meta?.instance));
    assert(runner, `no instance on port ${String(start.meta?.instance)}`);
    runner.process.kill('SIGKILL');
    const [finish] = await until('another instance finishes the job', 20_000, async () =>
      (await notes('job finished'))[0] ? notes('job finished') : undefined,
    );
    assert(String(finish.meta?.instance) !== String(runner.port), 'the killed instance finished it');
    assert((await notes('job finished')).length === 1, 'the job finished twice');
    const state = await db().execute(sql`select state from pgboss.job where id = ${String(start.meta?.jobId)}`);
    const [job] = Array.from(state as Array<{ state: string }>);
    assert(job?.state === 'completed', `the job is ${job?.state}`);
    const survivor = instances.find((instance) => instance !== runner)!;
    const served = await call('/healthz');
    assert(served.ok && served.headers.get('x-scale-instance') === String(instancePorts.indexOf(survivor.port)), 'the proxy did not move to the survivor');
    return `started on ${runner.port} (killed), finished on ${String(finish.meta?.instance)} at attempt ${String(finish.meta?.attempt)}; the site kept answering`;
  });

  await prove('SIGTERM drains the last instance and it exits cleanly', async () => {
    const survivor = instances.find((instance) => instance.process.exitCode === null && instance.process.signalCode === null);
    // An earlier proof may have left none running: a failure here, not an unhandled rejection that ends the run.
    assert(survivor, 'no instance is left running');
    const exited = new Promise<number | null>((resolve) => survivor.process.once('exit', resolve));
    survivor.process.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    assert(code === 0, `exit ${String(code)}: ${survivor.output.slice(-500)}`);
    return `instance ${survivor.port} closed its requests, jobs and database and exited 0`;
  });
}

/** The analysis job of an upload (its id is the ride's), as the queue keeps it. */
async function analysisJobOf(uploadId: string): Promise<{ state: string } | undefined> {
  const rows = await db().execute(sql`select state from pgboss.job where name = 'activities.analyse-upload' and data->>'uploadId' = ${uploadId}`);
  return Array.from(rows as Array<{ state: string }>)[0];
}

async function verifiedRider(label: string, balanceSatoshi: bigint): Promise<Rider> {
  const signedIn = await rider(label);
  await approveWallet(signedIn.id, balanceSatoshi);
  return signedIn;
}

/** The sandbox's webhook, signed as the sandbox signs it. */
function signedWebhook(sessionId: string, orderId: string) {
  const body = JSON.stringify({
    id: `evt_scale_${randomUUID()}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, client_reference_id: orderId, status: 'paid' } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', process.env.PAYMENT_WEBHOOK_SECRET ?? '')
    .update(`${t}.${body}`)
    .digest('hex');
  return { body, headers: { 'Content-Type': 'application/json', 'Paceline-Signature': `t=${t},v1=${v1}` } };
}

// ——— The cluster, the store, two instances, the proxy ———
async function main(): Promise<void> {
  if (!existsSync('build/server/index.js')) {
    console.log('No production build: building it first');
    if (spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const cluster = startCluster({ port: PG_PORT });
  if (!cluster) {
    console.log('PostgreSQL server binaries not found (.ci/run installs them)\n0 passed, 1 failed');
    process.exit(1);
  }
  const s3 = await startS3Server({ bucket: 'paceline-scale' });
  // This process prepares riders with the services, signing their sessions as the instances do.
  Object.assign(process.env, scaleInstanceEnv({ port: BASE_PORT, siteUrl: SITE, databaseUrl: cluster.url, s3: s3.env }));

  function startInstance(port: number) {
    const env = { ...process.env, ...scaleInstanceEnv({ port, siteUrl: SITE, databaseUrl: cluster!.url, s3: s3.env }) };
    const child = spawn(process.execPath, ['server.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const entry = { port, process: child, output: '' };
    child.stdout.on('data', (chunk: Buffer) => (entry.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (entry.output += chunk.toString()));
    return entry;
  }

  async function ready(instance: Instance): Promise<void> {
    await until(`instance ${instance.port} ready`, 180_000, async () => {
      if (instance.process.exitCode !== null) throw new Error(`instance ${instance.port} exited: ${instance.output}`);
      const answer = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
      return answer.ok ? true : undefined;
    }).catch((error) => {
      throw new Error(`${error.message}\n${instance.output}`);
    });
  }

  let exitCode = 1;
  const proxy = await startProxy({ port: BASE_PORT, upstreams: instancePorts });
  restart = async (instance) => {
    const again = startInstance(instance.port);
    instances[instances.indexOf(instance)] = again;
    await ready(again);
    proxy.restored(instancePorts.indexOf(instance.port));
  };
  try {
    // Both at once: they migrate one after the other under the advisory lock (decision 131).
    instances.push(...instancePorts.map(startInstance));
    for (const instance of instances) await ready(instance);
    console.log(
      `Two instances (${instancePorts.join(', ')}) behind ${SITE}, PostgreSQL on ${PG_PORT}, S3 at ${s3.endpoint} — ready in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    await openDatabase({ engine: 'postgres', url: cluster.url });
    await runProofs();
    exitCode = results.every((result) => result.ok) ? 0 : 1;
  } catch (error) {
    console.log(`✗ the set-up failed: ${error instanceof Error ? error.stack : String(error)}`);
    results.push({ name: 'set-up', ok: false, detail: String(error) });
  } finally {
    await closeDatabase().catch(() => {});
    for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    proxy.closeAll();
    await proxy.close();
    await s3.stop().catch(() => {});
    cluster.stop();
  }
  const passed = results.filter((result) => result.ok).length;
  // `npm test` adds these to its totals (scripts/test.mjs).
  if (process.env.SCALE_REPORT) writeFileSync(process.env.SCALE_REPORT, JSON.stringify({ passed, failed: results.length - passed, results }, null, 2));
  console.log(`\ntest:scale took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(exitCode);
}

await main();
