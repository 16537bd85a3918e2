// What N stateless instances must do (issue 22, decisions 130–132): a write on one is seen by the
// other, money moves once whichever instances race. Each proof addresses the instances by their
// own ports where it needs "on one … on the other", and the balancer otherwise.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { db } from '~/db/client.server';
import { activities, withdrawalRequests } from '~/db/schema';
import { WALLET_FEE_BASIS_POINTS } from '~/lib/constants';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { withdrawalFigures } from '~/lib/wallet/withdrawal-schema';
import { checkLedgerInvariants, entrySumsPerCurrency, getBalance, riderAccount } from '~/services/ledger/index.server';
import { getEnv } from '~/services/platform/env.server';
import { orderLedgerRecord } from '~/services/shop/orders.server';
import { approveWallet, VERIFIED_WALLET } from '../helpers/wallet';
import type { startStripeFake } from '../helpers/stripe-fake';
import { assert, countBy, prove, spread, until } from './prove';
import { call, form, rider, type Rider, type Site } from './site';

/** A FIT file of a synthetic ride, as a multipart upload body. */
export function rideUpload(seed: number, durationS = 1200) {
  const bytes = encodeRideFit(
    generateRide({ seed, start: new Date(Date.UTC(2026, 5, 1 + (seed % 27), 6)), durationS, ftpW: 250, weightKg: 70, shape: 'endurance' }),
  );
  const body = () => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), 'ride.fit');
    return data;
  };
  return { bytes, body };
}

/** The analysis job of an upload (its id is the ride's), as the queue keeps it. */
export async function analysisJobOf(uploadId: string): Promise<{ state: string } | undefined> {
  const rows = await db().execute(sql`select state from pgboss.job where name = 'activities.analyse-upload' and data->>'uploadId' = ${uploadId}`);
  return Array.from(rows as unknown as Array<{ state: string }>)[0];
}

/** The withdrawal form as the page posts it without JavaScript (the form repeats the verified wallet's details). */
const withdrawal = () => form({ amount: '0.001', email: VERIFIED_WALLET.binanceEmail, walletAddress: VERIFIED_WALLET.walletAddress, requestKey: randomUUID() });

async function verifiedRider(label: string, balanceSatoshi: bigint): Promise<Rider> {
  const signedIn = await rider(label);
  await approveWallet(signedIn.id, balanceSatoshi);
  return signedIn;
}

export async function statelessProofs(site: Site, stripe: Awaited<ReturnType<typeof startStripeFake>>): Promise<void> {
  await prove('migrations ran once, by the migrate step, although both instances started after it and migrate at start too', async () => {
    const journal = JSON.parse(readFileSync('app/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const rows = await db().execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number((Array.from(rows as unknown as Array<{ n: number }>)[0] ?? { n: 0 }).n);
    assert(applied === journal.entries.length, `${applied} migrations recorded for ${journal.entries.length} in the journal`);
    return `${applied} migrations applied, each once`;
  });

  await prove('an upload taken by one instance is analysed and its original FIT downloads byte-identical through the other', async () => {
    const owner = await rider('upload');
    const { bytes, body } = rideUpload(22, 1800);
    const uploaded = await call(site, '/api/activities', {
      method: 'POST',
      body: body(),
      to: 'paceline-1',
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: string };
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    assert(row?.normalizedPowerW && row.normalizedPowerW > 0 && row.fileKey, 'the ride has no analysis or no file');
    // The analysis ran as a job of the queue (decision 133), whichever instance ran it. The ride
    // is committed before the queue is told the job is done: on a busy machine the completion may
    // come a moment after the answer.
    await until('the analysis job completes', 10_000, async () => ((await analysisJobOf(id))?.state === 'completed' ? true : undefined)).catch(async () =>
      assert(false, `the upload's analysis job is ${(await analysisJobOf(id))?.state ?? 'missing'}`),
    );
    const whole = await call(site, `/user/activities/files/${id}/download`, { to: 'paceline-2', rider: owner });
    const downloaded = Buffer.from(await whole.arrayBuffer());
    assert(whole.status === 200 && downloaded.equals(Buffer.from(bytes)), `download ${whole.status}: ${downloaded.length} bytes for ${bytes.length}`);
    const part = await call(site, `/user/activities/files/${id}/download`, { to: 'paceline-2', rider: owner, headers: { Range: 'bytes=1000-1999' } });
    assert(part.status === 206 && Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(1000, 2000))), `range answered ${part.status}`);
    return `${bytes.length} bytes uploaded to paceline-1 (NP ${Math.round(row.normalizedPowerW)} W), read back whole and as a byte range from paceline-2, S3 key ${row.fileKey}`;
  });

  // The other instance's session memory follows the revocation when PostgreSQL's notification of
  // it arrives (docs/deploy.md): within milliseconds, not before the logout's answer can reach
  // the client, so the bound is the one of the kept pages below.
  await prove('a session revoked on one instance is refused by the other within 1 s', async () => {
    const signedIn = await rider('session');
    for (let round = 0; round < 2; round += 1) {
      const page = await call(site, '/user/profile', { to: 'paceline-2', rider: signedIn });
      assert(page.status === 200, `the profile answered ${page.status} before sign-out`);
      await page.arrayBuffer();
    }
    const out = await call(site, '/auth/logout', { ...form({}), to: 'paceline-1', rider: signedIn });
    assert(out.status === 302 || out.status === 303, `logout answered ${out.status}`);
    const revoked = performance.now();
    let served = 0;
    const location = await until('paceline-2 refuses the revoked session', 1_000, async () => {
      const after = await call(site, '/user/profile', { to: 'paceline-2', rider: signedIn });
      await after.arrayBuffer();
      const to = after.headers.get('Location') ?? '';
      if (after.status >= 300 && after.status < 400 && to.startsWith('/auth/login')) return to;
      if (after.status === 200) served += 1;
      return undefined;
    });
    return `signed out on paceline-1; paceline-2, which had answered the profile twice, sent the session to ${location} ${(performance.now() - revoked).toFixed(0)} ms after the logout's answer (${served} request${served === 1 ? '' : 's'} served before)`;
  });

  // 0.001 BTC and its fee, as the wallet computes them.
  const { total } = withdrawalFigures(100_000n, WALLET_FEE_BASIS_POINTS);
  const remainder = total - 1n;
  await prove("a write on one instance refreshes the other's kept page within 1 s", async () => {
    const walletRider = await verifiedRider('fresh', 3n * total);
    const pending = async () => {
      const page = await call(site, '/wallet', { to: 'paceline-2', rider: walletRider });
      return Number(/data-testid="pending-requests">(\d+)</.exec(await page.text())?.[1] ?? NaN);
    };
    assert((await pending()) === 0 && (await pending()) === 0, 'the wallet did not show 0 pending requests twice');
    const asked = await call(site, '/wallet/withdrawal-request', { ...withdrawal(), to: 'paceline-1', rider: walletRider });
    assert(asked.status === 302, `the withdrawal answered ${asked.status}`);
    const written = performance.now();
    await until('paceline-2 shows the new pending request', 1_000, async () => ((await pending()) === 1 ? true : undefined));
    return `paceline-2's /wallet showed the withdrawal made on paceline-1 after ${(performance.now() - written).toFixed(0)} ms`;
  });

  await prove("a Stripe payment confirmed by poll on one instance and by Stripe's signed webhook on the other credits once", async () => {
    const buyer = await rider('gems');
    const checkout = await call(site, '/api/garage/redirect-to-checkout', { ...form({ package_id: 'gems_250' }), to: 'paceline-1', rider: buyer });
    assert(checkout.ok, `checkout answered ${checkout.status}`);
    const { data } = (await checkout.json()) as { data: { session_url: string; order_id: string } };
    const sessionId = new URL(data.session_url).pathname.split('/').pop()!;
    assert(stripe.sessions.has(sessionId), `the checkout did not create its session at STRIPE_API_URL (${data.session_url})`);
    stripe.settle(sessionId, 'paid');
    const payload = stripe.event(sessionId, 'checkout.session.completed');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: getEnv().STRIPE_WEBHOOK_SECRET! });
    const [poll, hook] = await Promise.all([
      call(site, '/api/garage/payment/info', { ...form({ order_id: data.order_id }), to: 'paceline-1', rider: buyer }),
      call(site, '/api/garage/payment/webhook', {
        method: 'POST',
        to: 'paceline-2',
        body: payload,
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      }),
    ]);
    assert(poll.ok && hook.ok, `poll ${poll.status}, webhook ${hook.status}`);
    const record = await orderLedgerRecord(data.order_id);
    assert(record?.status === 'paid' && record.transactions === 1 && record.riderGems === '250', `order ${JSON.stringify(record)}`);
    return `session ${sessionId} at the Stripe-protocol server; one ledger transaction, 250 gems, after the poll (paceline-1) and the webhook (paceline-2) at once`;
  });

  await prove('a 200-way withdrawal race through the balancer leaves a balanced ledger and no negative balance', async () => {
    await site.balancer.waitUntilServing();
    const racer = await verifiedRider('race', 7n * total + remainder);
    const mark = site.balancer.mark();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => call(site, '/wallet/withdrawal-request', { ...withdrawal(), rider: racer }).catch((error: Error) => error)),
    );
    const failed = outcomes.filter((outcome): outcome is Error => outcome instanceof Error);
    if (failed.length)
      throw new Error(`${failed.length} requests failed: ${failed[0].message} ${String((failed[0].cause as Error | undefined)?.message ?? '')}`);
    const answers = outcomes as Response[];
    const accepted = answers.filter((answer) => answer.status === 302).length;
    // The refusals' pages are not read: the status says each answer; the ledger says the rest.
    await Promise.all(answers.map((answer) => answer.body?.cancel().catch(() => {}) ?? Promise.resolve()));
    const held = await db().$count(withdrawalRequests, eq(withdrawalRequests.userId, racer.id));
    const balance = await getBalance(riderAccount(racer.id), 'BTC');
    const problems = await checkLedgerInvariants();
    for (const [currency, sum] of await entrySumsPerCurrency()) if (sum !== 0n) problems.push(`${currency} entries sum to ${sum}`);
    assert(accepted === 7 && held === 7, `${accepted} accepted, ${held} held: the balance covers 7`);
    assert(balance.available === remainder && balance.pending === 7n * total, `available ${balance.available}, pending ${balance.pending}`);
    assert(problems.length === 0, problems.join('; '));
    const byInstance = spread(countBy(site.balancer.requests(mark), (request) => request.server));
    return `7 of 200 held (the balancer sent ${byInstance}), available ${balance.available} satoshi, ledger balanced`;
  });
}
