// The deployment `npm run test:scale` runs on loopback, as docs/deploy.md describes it: two
// production instances started from the image's ENV and deploy/instance-env.mjs's list and
// nothing else, behind HAProxy with deploy/haproxy.cfg. The test talks to the site through the
// balancer, and to one instance by its own port where a proof needs "on one … on the other".
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { createSession } from '~/services/accounts/session.server';
import { scaleInstanceEnv } from '../../deploy/instance-env.mjs';
import type { Balancer, LogLine, ServerName } from './balancer';
import { parseDockerfile, stageCommand, stageEnv } from './image';
import { until } from './prove';

const imageStage = parseDockerfile(readFileSync('Dockerfile', 'utf8')).at(-1)!;
/** What the image sets before compose's environment: the Dockerfile's last stage's ENV. */
const IMAGE_ENV = stageEnv(imageStage);
/** What the image runs: its CMD (`node server.mjs`), with this machine's Node. */
const [program, ...IMAGE_ARGUMENTS] = stageCommand(imageStage);
if (program !== 'node') throw new Error(`The image's CMD starts ${program}, not node`);

export interface Instance {
  name: ServerName;
  port: number;
  process: ChildProcess;
  output: LogLine[];
  exited: Promise<number | null>;
}

/** What the test gives every instance (deploy/instance-env.mjs's `scaleInstanceEnv` but the port). */
export interface InstanceSettings {
  siteUrl: string;
  databaseUrl: string;
  s3: Record<string, string>;
  secrets: Record<string, string>;
  stripeApiUrl: string;
  smtpUrl: string;
}

/** An instance's whole environment: PATH, the image's ENV, the documented variables. */
export function instanceEnvironment(settings: InstanceSettings, port: number): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...IMAGE_ENV, ...scaleInstanceEnv({ ...settings, port }) };
}

/** Starts the image's CMD in `cwd` (the checkout, or the image's folder) with exactly `env`. */
export function startServer(name: ServerName, port: number, env: NodeJS.ProcessEnv, cwd = '.'): Instance {
  const child = spawn(process.execPath, IMAGE_ARGUMENTS, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: LogLine[] = [];
  const keep = (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n')) if (text) output.push({ at: performance.now(), text });
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, process: child, output, exited };
}

export const said = (instance: Instance) => instance.output.map((line) => line.text).join('\n');

/** Waits until the instance's own /readyz answers 200. */
export async function ready(instance: Instance, ms = 180_000): Promise<void> {
  await until(`${instance.name} (port ${instance.port}) ready`, ms, async () => {
    if (instance.process.exitCode !== null) throw new Error(`${instance.name} exited ${instance.process.exitCode}:\n${said(instance).slice(-2000)}`);
    const answer = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
    await answer.arrayBuffer();
    return answer.ok ? true : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${said(instance).slice(-2000)}`);
  });
}

export interface Rider {
  id: string;
  email: string;
  cookie: string;
  token: string;
}

/** An active adult rider, signed in as the instances sign (the test shares their SESSION_SECRET). */
export async function rider(label: string): Promise<Rider> {
  const email = `${label}-${randomUUID().slice(0, 8)}@scale.test`;
  const [row] = await db()
    .insert(users)
    .values({ email, passwordHash: 'not-a-password-hash', firstname: 'Scale', lastname: label, status: 'active' })
    .returning({ id: users.id });
  const { headers } = await createSession(row.id, { persistent: true });
  const cookie = headers.map((header) => header.split(';')[0]).join('; ');
  const token = /paceline_token=([^;]+)/.exec(cookie)![1];
  return { id: row.id, email, cookie, token };
}

export interface Site {
  /** The site's origin: the balancer. */
  url: string;
  balancer: Balancer;
  /** The instance running now under each name (a restart replaces it). */
  instances: Record<ServerName, Instance>;
  /** Starts the named instance again on its port (it must have exited) and waits until the balancer sends to it. */
  restart(name: ServerName): Promise<Instance>;
}

/**
 * A request to the site (`to: 'balancer'`) or straight to one instance; never follows redirects.
 * Writes carry the site's Origin, as a browser on the site sends them.
 */
export function call(site: Site, path: string, init: RequestInit & { to?: ServerName | 'balancer'; rider?: Rider } = {}) {
  const headers = new Headers(init.headers);
  if (init.rider) headers.set('Cookie', init.rider.cookie);
  if (init.method && init.method !== 'GET') headers.set('Origin', site.url);
  const base = !init.to || init.to === 'balancer' ? site.url : `http://127.0.0.1:${site.instances[init.to].port}`;
  return fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
}

export const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

/**
 * A form POST to the balancer from a client address of its own (127.0.0.0/8 is all loopback), as
 * different clients reach a real balancer; `headers` may add what a client forges.
 */
export function postFrom(site: Site, localAddress: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString();
  const url = new URL(path, site.url);
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: site.url, ...headers },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, location: answer.headers.location }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
