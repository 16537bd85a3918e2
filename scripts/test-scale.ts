// `npm run test:scale` (issues 22 and 34): the deployment docs/deploy.md describes, on loopback —
// PostgreSQL, an S3-compatible server, a Stripe-protocol server, an SMTP server, the migrate step,
// two instances of the production build in APP_MODE=production started from the image's ENV and
// the documented variables only (secrets generated for the run), and Debian's HAProxy running
// deploy/haproxy.cfg in front of them. It proves what an operator relies on, prints each proof
// with its figures and ends on 'N passed, N failed'.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { closeDatabase, openDatabase } from '~/db/client.server';
import { generateSecrets, INSTANCE_VARIABLES, scaleInstanceEnv } from '../deploy/instance-env.mjs';
import { startS3Server } from '../tests/helpers/s3-server.mjs';
import { startSmtpServer } from '../tests/helpers/smtp-server';
import { startStripeFake } from '../tests/helpers/stripe-fake';
import { haproxyVersion, SERVER_NAMES, startBalancer, type Balancer, type LogLine, type ServerName } from '../tests/scale/balancer';
import { flowActivityProof } from '../tests/scale/flow-activity';
import { buildImage, type BuiltImage } from '../tests/scale/image';
import {
  clientsAndMailProofs,
  imageProof,
  orphanedJobsRetriedProof,
  orphanedUploadProof,
  productionProofs,
  rollingRestartProof,
} from '../tests/scale/operator-proofs';
import { results } from '../tests/scale/prove';
import { instanceEnvironment, ready, startServer, type Instance, type Site } from '../tests/scale/site';
import { statelessProofs } from '../tests/scale/stateless-proofs';
import { startCluster } from './pg-cluster.mjs';

const BASE_PORT = Number(process.env.SCALE_PORT ?? 3130);
const PG_PORT = Number(process.env.SCALE_PG_PORT ?? 54333);
const SITE = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS: Record<ServerName, number> = { 'paceline-1': BASE_PORT + 1, 'paceline-2': BASE_PORT + 2 };
/** Where the server the image's build steps produced is started. */
const IMAGE_PORT = BASE_PORT + 3;
const started = performance.now();
const LOGS = 'tests/.tmp/scale';

/** Runs `node scripts/migrate.mjs` (compose's migrate service) with exactly `env`. */
function migrate(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; seconds: number }> {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/migrate.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output, seconds: (performance.now() - begun) / 1000 }));
  });
}

/** The balancer compose runs must be the line this test runs: `haproxy:<major.minor>`. */
function composeBalancerLine(): string | undefined {
  return /image: haproxy:(\d+\.\d+)/.exec(readFileSync('deploy/compose.yaml', 'utf8'))?.[1];
}

/** The balancer's and each process's output, as an operator would have them: tests/.tmp/scale/. */
function writeLogs(balancer: Balancer | undefined, processes: Instance[]): void {
  rmSync(LOGS, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  const text = (lines: LogLine[]) => lines.map((line) => `${(line.at / 1000).toFixed(3)} ${line.text}`).join('\n');
  if (balancer) writeFileSync(`${LOGS}/haproxy.log`, text(balancer.lines));
  processes.forEach((instance, index) => writeFileSync(`${LOGS}/${index + 1}-${instance.name}.log`, text(instance.output)));
}

async function main(): Promise<void> {
  if (!existsSync('build/server/index.js')) {
    console.log('No production build: building it first');
    if (spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const version = haproxyVersion();
  const cluster = startCluster({ port: PG_PORT });
  if (!cluster) {
    console.log('PostgreSQL server binaries not found (.ci/run installs them)\n0 passed, 1 failed');
    process.exit(1);
  }
  const s3 = await startS3Server({ bucket: 'paceline-scale' });
  const smtp = await startSmtpServer();
  const secrets = generateSecrets();
  const stripe = await startStripeFake(secrets.STRIPE_SECRET_KEY);
  const settings = { siteUrl: SITE, databaseUrl: cluster.url, s3: s3.env, secrets, stripeApiUrl: `http://127.0.0.1:${stripe.port}`, smtpUrl: smtp.url };
  // This process prepares riders with the services, signing their sessions as the instances do.
  Object.assign(process.env, scaleInstanceEnv({ ...settings, port: BASE_PORT }));

  const instances = {} as Record<ServerName, Instance>;
  /** Every process started, in order, for the logs written at the end. */
  const processes: Instance[] = [];
  const start = (name: ServerName) => {
    instances[name] = startServer(name, INSTANCE_PORTS[name], instanceEnvironment(settings, INSTANCE_PORTS[name]));
    processes.push(instances[name]);
    return instances[name];
  };
  let balancer: Balancer | undefined;
  let building: Promise<BuiltImage> | undefined;
  let exitCode = 1;
  try {
    const line = composeBalancerLine();
    if (!version.startsWith(`${line}.`)) throw new Error(`deploy/compose.yaml runs haproxy:${line}, this machine's HAProxy is ${version}`);
    const migrated = await migrate(instanceEnvironment(settings, BASE_PORT));
    if (migrated.code !== 0) throw new Error(`node scripts/migrate.mjs exited ${migrated.code}:\n${migrated.output}`);
    const { PAYMENT_PROVIDER: _left, ...withoutProvider } = instanceEnvironment(settings, BASE_PORT);
    const refused = await migrate(withoutProvider);
    const refusal = /PAYMENT_PROVIDER: .*/.exec(refused.output)?.[0];
    if (refused.code === 0 || !refusal) throw new Error(`without PAYMENT_PROVIDER, production did not refuse:\n${refused.output}`);

    for (const name of SERVER_NAMES) start(name);
    await Promise.all(SERVER_NAMES.map((name) => ready(instances[name])));
    balancer = await startBalancer({ port: BASE_PORT, instancePorts: [INSTANCE_PORTS['paceline-1'], INSTANCE_PORTS['paceline-2']] });
    const site: Site = {
      url: SITE,
      balancer,
      instances,
      async restart(name) {
        const before = instances[name].process;
        if (before.exitCode === null && before.signalCode === null) throw new Error(`${name} is still running`);
        const mark = balancer!.mark();
        await ready(start(name));
        await balancer!.waitForState(name, 'UP', mark, 30_000);
        return instances[name];
      },
    };
    console.log(
      `HAProxy ${version} (deploy/haproxy.cfg) at ${SITE} in front of paceline-1 (${INSTANCE_PORTS['paceline-1']}) and paceline-2 (${INSTANCE_PORTS['paceline-2']}), PostgreSQL on ${PG_PORT}, S3 at ${s3.endpoint}, SMTP at ${smtp.url}, Stripe's protocol at ${settings.stripeApiUrl} — ready in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    await openDatabase({ engine: 'postgres', url: cluster.url });

    await productionProofs(site, { migrateSeconds: migrated.seconds, refusal, variables: INSTANCE_VARIABLES });
    // Early: the analyses it leaves behind expire while the other proofs run (the last proof follows them).
    const orphaned = await orphanedUploadProof(site, s3);
    await statelessProofs(site, stripe);
    await flowActivityProof(site);
    await clientsAndMailProofs(site, smtp);
    // The image is built beside the rolling restart: neither needs the whole machine.
    building = buildImage({ context: process.cwd() });
    building.catch(() => {});
    await rollingRestartProof(site);
    await imageProof(building, settings, IMAGE_PORT);
    await orphanedJobsRetriedProof(orphaned);
    exitCode = results.every((result) => result.ok) ? 0 : 1;
  } catch (error) {
    console.log(`✗ the set-up failed: ${error instanceof Error ? error.stack : String(error)}`);
    results.push({ name: 'set-up', ok: false, detail: String(error) });
  } finally {
    await closeDatabase().catch(() => {});
    writeLogs(balancer, processes);
    for (const instance of Object.values(instances)) if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    await balancer?.stop();
    await building?.then((image) => image.remove()).catch(() => {});
    await s3.stop().catch(() => {});
    await smtp.close().catch(() => {});
    await stripe.close().catch(() => {});
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
