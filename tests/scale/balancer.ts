// HAProxy from Debian running deploy/haproxy.cfg as shipped, for `npm run test:scale`: only the
// addresses come from the test, through the variables the file reads (BALANCER_BIND, INSTANCE_1,
// INSTANCE_2). What it logs on its standard output (a line per request, a line per change of an
// instance's state) is what the test reads, as an operator reads it.
import { spawn, spawnSync } from 'node:child_process';
import { ensureDebianPackage } from '../../scripts/debian-packages.mjs';

export const HAPROXY = '/usr/sbin/haproxy';
export const BALANCER_CONFIG = 'deploy/haproxy.cfg';
/** The servers deploy/haproxy.cfg names, in order: INSTANCE_1, INSTANCE_2. */
export const SERVER_NAMES = ['paceline-1', 'paceline-2'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

/** HAProxy's version (`2.6.12`); installs Debian's haproxy first when it is missing. */
export function haproxyVersion(): string {
  ensureDebianPackage(HAPROXY, 'haproxy');
  const said = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout;
  const version = /HAProxy version (\d+\.\d+\.\d+)/.exec(said)?.[1];
  if (!version) throw new Error(`haproxy -v said: ${said}`);
  return version;
}

export interface LogLine {
  at: number;
  text: string;
}

/** One request as `option httplog` logs it. */
export interface LoggedRequest {
  server: string;
  status: number;
  method: string;
  path: string;
  /** Connection attempts resent (to another instance when it starts with a redispatch). */
  retries: number;
  /** HAProxy's four termination-state characters (`----` for a normal end). */
  termination: string;
}

const REQUEST_LINE = /^\S+ \[[^\]]+\] \S+ \S+\/(\S+) \S+ (-?\d+) \S+ \S+ \S+ (\S{4}) \d+\/\d+\/\d+\/\d+\/\+?(\d+) \S+ "(\S+) (\S+)/;

export function parseRequestLine(text: string): LoggedRequest | undefined {
  const match = REQUEST_LINE.exec(text);
  if (!match) return undefined;
  const [, server, status, termination, retries, method, path] = match;
  return { server, status: Number(status), termination, retries: Number(retries), method, path };
}

/** A line saying `server` changed to `state`; for UP also a check that found it up from the start (all `rise` checks passed). */
function stateLine(server: ServerName, state: 'UP' | 'DOWN'): RegExp {
  return new RegExp(`instances/${server} (is ${state}\\b${state === 'UP' ? '|succeeded.*status: (\\d+)/\\2 UP' : ''})`);
}

export async function startBalancer({ port, instancePorts }: { port: number; instancePorts: [number, number] }) {
  const lines: LogLine[] = [];
  // Only what the file reads (Remix's typings make NODE_ENV a required key of every environment).
  const env = {
    PATH: process.env.PATH,
    BALANCER_BIND: `127.0.0.1:${port}`,
    INSTANCE_1: `127.0.0.1:${instancePorts[0]}`,
    INSTANCE_2: `127.0.0.1:${instancePorts[1]}`,
  } as unknown as NodeJS.ProcessEnv;
  const child = spawn(HAPROXY, ['-db', '-f', BALANCER_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let partial = '';
  // The request log is on stdout; stderr repeats the state changes as warnings: stdout is enough.
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) if (line) lines.push({ at: performance.now(), text: line });
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  /** The first line from `since` on that matches, within `ms`. */
  async function waitForLine(pattern: RegExp, since: number, ms: number): Promise<LogLine> {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = lines.slice(since).find((line) => pattern.test(line.text));
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${stderr}`);
      if (performance.now() > deadline) throw new Error(`haproxy did not log ${pattern} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** What the balancer last said of `server`: sending to it (UP) or not (DOWN). */
  function stateOf(server: ServerName): 'UP' | 'DOWN' | undefined {
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      if (stateLine(server, 'DOWN').test(lines[index].text)) return 'DOWN';
      if (stateLine(server, 'UP').test(lines[index].text)) return 'UP';
    }
    return undefined;
  }

  const balancer = {
    url: `http://127.0.0.1:${port}`,
    lines,
    /** Where the log stands now: later waits and counts start here. */
    mark: () => lines.length,
    /** Waits until HAProxy logs that `server` is UP or DOWN (from `since` on). */
    waitForState: (server: ServerName, state: 'UP' | 'DOWN', since: number, ms: number) => waitForLine(stateLine(server, state), since, ms),
    stateOf,
    /** Waits until the balancer sends to every instance (a proof through it starts from there). */
    async waitUntilServing(ms = 30_000): Promise<void> {
      const deadline = performance.now() + ms;
      while (!SERVER_NAMES.every((server) => stateOf(server) === 'UP')) {
        if (performance.now() > deadline)
          throw new Error(`the balancer does not send to every instance: ${SERVER_NAMES.map((server) => `${server} ${stateOf(server)}`).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    /** The requests logged from `since` on. */
    requests: (since = 0) => lines.slice(since).flatMap((line) => parseRequestLine(line.text) ?? []),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  // Both instances are checked and found up before the balancer is used.
  await balancer.waitUntilServing();
  return balancer;
}

export type Balancer = Awaited<ReturnType<typeof startBalancer>>;
