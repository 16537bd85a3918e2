// What `npm test` and `npm run test:scale` need from Debian, installed with apt-get when missing
// (as .ci/run does on a fresh machine): Chromium for the browser tests, HAProxy for the scale test.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Installs `pkg` with apt-get (through sudo unless root) unless `binary` exists; throws when it still does not. */
export function ensureDebianPackage(binary, pkg) {
  if (existsSync(binary)) return;
  console.log(`${binary} is missing: installing Debian ${pkg} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', pkg]);
  if (!existsSync(binary)) throw new Error(`Could not install ${pkg}`);
}
