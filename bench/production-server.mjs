// The production server as the single-server benches start it (bench/healthz-under-upload.mjs,
// bench/flow-reports.mjs): built first unless `--no-build`, server.mjs with APP_MODE=test and the
// demo data on a throwaway PGlite folder, ready once /healthz answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function buildUnlessAsked() {
  if (process.argv.includes('--no-build')) return;
  console.log('Building (npx remix vite:build)…');
  if (spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, stdio: 'ignore' }).status !== 0) throw new Error('The build failed');
}

/**
 * Starts server.mjs on `port` (node options in `nodeArgs`, more variables in `env`); `folder` is
 * the throwaway folder its database and uploads live in (and anything else the bench keeps).
 */
export function startServer({ port, name, env = {}, nodeArgs = () => [] }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), `paceline-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...nodeArgs(folder), 'server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      APP_MODE: 'test',
      // A bench stops its server at once: no balancer needs notice of the drain.
      DRAIN_NOTICE_SECONDS: '0',
      SEED_DEMO: 'true',
      PGLITE_DIR: path.join(folder, 'pglite'),
      STORAGE_DIR: path.join(folder, 'uploads'),
      SITE_URL: base,
      ...env,
    },
  });

  /** Polls `check` every 250 ms until it holds; fails if the server exits or `timeoutMs` passes. */
  async function until(check, what, timeoutMs = 240_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${what} did not happen in time`);
  }

  return {
    base,
    folder,
    pid: server.pid,
    until,
    /** Resolves once the server answers /healthz (migrations and demo data take a while). */
    ready: () => until(async () => (await fetch(`${base}/healthz`)).ok, 'The server start'),
    /** SIGTERM, its exit, and the folder removed unless `keepFolder` (a profile still to read). */
    async stop({ keepFolder = false } = {}) {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
      if (!keepFolder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
