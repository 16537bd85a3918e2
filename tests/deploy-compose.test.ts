import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '~/lib/connections/networks';
import { CONFIGURATION_VARIABLES, getEnv } from '~/services/platform/env.server';
import { deadInstanceRetrySeconds, jobKind, jobKindNames } from '~/services/platform/jobs.server';
import '~/services/platform/job-registry.server';
import { INSTANCE_VARIABLES, generateSecrets, scaleInstanceEnv } from '../deploy/instance-env.mjs';

/**
 * The compose file cannot be run here (no container engine on this machine), and docs/deploy.md
 * is what an operator follows: this keeps both consistent with what `npm run test:scale` runs
 * (the list in deploy/instance-env.mjs, deploy/haproxy.cfg, the Dockerfile's CMD).
 */
const compose = readFileSync('deploy/compose.yaml', 'utf8');
const docs = readFileSync('docs/deploy.md', 'utf8');
const balancerConfig = readFileSync('deploy/haproxy.cfg', 'utf8');

/** `NAME: value` lines of one mapping of the compose file: the block after `header` (the first after `after`), at `indent` spaces. */
function composeMapping(header: RegExp, indent: number, after = /^/): Record<string, string> {
  const lines = compose.split('\n');
  const from = lines.findIndex((line) => after.test(line));
  const start = lines.findIndex((line, index) => index > from && header.test(line));
  const entries: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    const match = new RegExp(`^ {${indent}}([A-Z0-9_]+): (.*)$`).exec(line);
    if (!match) break;
    entries[match[1]] = match[2].replace(/^'(.*)'$/, '$1');
  }
  return entries;
}

const instanceEnvironment = composeMapping(/environment: &instance-env/, 4);
const balancerEnvironment = composeMapping(/^ {4}environment:$/, 6, /^ {2}balancer:$/);

/** The backticked names in the first column of the docs' table under `heading`. */
function namesInTable(heading: string): string[] {
  const section = docs.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/deploy.md has no section "${heading}"`);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]));
}

/** `inter 2s fall 2` of deploy/haproxy.cfg: the longest a failing /readyz takes to take an instance out. */
function secondsToMarkDown(): number {
  const inter = Number(/\binter (\d+)s\b/.exec(balancerConfig)?.[1]);
  const fall = Number(/\bfall (\d+)\b/.exec(balancerConfig)?.[1]);
  return inter * fall;
}

const testEnv = () =>
  scaleInstanceEnv({
    port: 1,
    siteUrl: 'http://127.0.0.1:1',
    databaseUrl: 'postgres://x',
    s3: {
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    },
    secrets: generateSecrets(),
    stripeApiUrl: 'http://127.0.0.1:2',
    smtpUrl: 'smtp://127.0.0.1:3',
  });

describe('deploy/compose.yaml, docs/deploy.md and npm run test:scale', () => {
  it('give every instance the same variables', () => {
    expect(Object.keys(instanceEnvironment).sort()).toEqual([...INSTANCE_VARIABLES].sort());
    expect(Object.keys(testEnv()).sort()).toEqual([...INSTANCE_VARIABLES].sort());
    expect(namesInTable('What every instance sets').sort()).toEqual([...INSTANCE_VARIABLES].sort());
  });

  it('name only variables the configuration knows, and the docs name every one it knows', () => {
    for (const name of INSTANCE_VARIABLES) expect(CONFIGURATION_VARIABLES, name).toContain(name);
    const networkVariable = new RegExp(`^(${NETWORKS.map((network) => network.toUpperCase()).join('|')})_`);
    for (const name of CONFIGURATION_VARIABLES.filter((variable) => !networkVariable.test(variable) || variable.startsWith('STRAVA_'))) {
      expect(docs, name).toMatch(new RegExp(`\`${name}\``));
    }
    expect(docs).toContain('the same six for every network');
  });

  it('run deploy/haproxy.cfg with the addresses compose gives it, checking /readyz faster than an instance stops serving', () => {
    expect(compose).toMatch(/image: haproxy:2\.6\b/);
    expect(compose).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    const settings = balancerConfig
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const read = [...settings.matchAll(/"\$\{([A-Z0-9_]+)\}"/g)].map((match) => match[1]);
    expect(Object.keys(balancerEnvironment).sort()).toEqual([...new Set(read)].sort());
    expect(balancerConfig).toMatch(/option httpchk GET \/readyz/);
    const markDown = secondsToMarkDown();
    expect(markDown).toBeGreaterThan(0);
    // The drain's notice outlasts the checks that take the instance out, in compose, by default and in the test.
    for (const notice of [Number(instanceEnvironment.DRAIN_NOTICE_SECONDS), getEnv().DRAIN_NOTICE_SECONDS, Number(testEnv().DRAIN_NOTICE_SECONDS)]) {
      expect(notice).toBeGreaterThan(markDown);
    }
    // The orchestrator waits for the whole drain before it kills.
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(grace).toBeGreaterThan(Number(instanceEnvironment.DRAIN_NOTICE_SECONDS) + Number(instanceEnvironment.DRAIN_SECONDS));
  });

  it("state each job kind's expiry, retries and dead-instance bound as the code and compose's settings give them", () => {
    const settings = {
      maintenanceSeconds: Number(instanceEnvironment.JOBS_MAINTENANCE_SECONDS),
      pollingSeconds: Number(instanceEnvironment.JOBS_POLL_SECONDS),
    };
    const rows = new Map(
      docs
        .split('\n')
        .filter((line) => /^\| `[a-z.*-]+` +\|/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[1].replaceAll('`', ''), cells.slice(3, 7)]),
    );
    const kinds = jobKindNames().filter((name) => !name.startsWith('test.'));
    for (const name of kinds) {
      const { options } = jobKind(name)!;
      const bound = deadInstanceRetrySeconds(options, settings);
      if (name.startsWith('schedule.')) {
        expect(options.retryLimit, name).toBe(0);
        expect(rows.get('schedule.*')?.[0], name).toBe(`${options.expireInSeconds} s`);
        continue;
      }
      expect(rows.get(name), name).toEqual([`${options.expireInSeconds} s`, String(options.retryLimit), `${options.retryDelaySeconds} s`, `${bound} s`]);
    }
    for (const documented of rows.keys()) expect(documented === 'schedule.*' || kinds.includes(documented), documented).toBe(true);
  });

  it('run the same server: the image starts server.mjs, as the test does, and the migrate service the build', () => {
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(/CMD \["node", "server.mjs"\]/);
    expect(compose).toMatch(/command: \[["']node["'], ["']scripts\/migrate.mjs["']\]/);
  });
});
