import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from './fixtures';

/**
 * A production server (`node server.mjs`) of a spec's own, beside the suite's: for what needs a
 * restart or another configuration. `startServer` waits until `/healthz` answers on `baseURL`.
 */
export async function startServer(env: NodeJS.ProcessEnv, baseURL: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  server.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  server.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  for (const started = Date.now(); Date.now() - started < 120_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (server.exitCode !== null) throw new Error(`server.mjs exited with ${server.exitCode}: ${said}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
  }
  server.kill('SIGKILL');
  throw new Error(`server.mjs did not answer on ${baseURL} within 120 s; it said: ${said}`);
}

/** SIGTERM, as a process manager stops it: the server closes its database and exits 0. */
export async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
}
