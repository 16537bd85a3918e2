// A throwaway PostgreSQL cluster on a loopback port, for the test suite's second engine.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Finds initdb and pg_ctl on PATH or in Debian's versioned folders. */
export function findPostgresBinaries() {
  const candidates = [];
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) candidates.push(path.dirname(which.stdout.trim()));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) candidates.push(path.join(debian, version, 'bin'));
  }
  const dir = candidates.find((candidate) => existsSync(path.join(candidate, 'initdb')) && existsSync(path.join(candidate, 'pg_ctl')));
  return dir ? { initdb: path.join(dir, 'initdb'), pgCtl: path.join(dir, 'pg_ctl') } : undefined;
}

const runningAsRoot = process.getuid?.() === 0;

// PostgreSQL refuses to run as root: run its programs as the postgres user then.
function runAsDatabaseUser(command, args) {
  const [file, finalArgs] = runningAsRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, finalArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

export function startCluster({ port = Number(process.env.PG_TEST_PORT ?? 54329) } = {}) {
  const binaries = findPostgresBinaries();
  if (!binaries) return undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paceline-pg-'));
  chmodSync(dataDir, 0o777);
  if (runningAsRoot) execFileSync('chown', ['postgres:postgres', dataDir]);
  runAsDatabaseUser(binaries.initdb, ['-D', dataDir, '-U', 'paceline', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  runAsDatabaseUser(binaries.pgCtl, [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dataDir, 'server.log'),
    '-o',
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ]);
  return {
    url: `postgres://paceline@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runAsDatabaseUser(binaries.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
