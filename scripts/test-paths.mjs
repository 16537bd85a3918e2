// `npm run test:paths [-- --machine <id>[,<id>…]] [Playwright options]`: every bound machine's
// generated paths replayed in Chromium (playwright.paths.config.ts, decision 185), or only the
// named machines' paths (then the drift tests are left out). Needs a production build
// (`npx remix vite:build`); starts the browser tests' server unless E2E_SERVER_STARTED is set.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const machines = [];
const passOn = [];
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === '--machine') machines.push(...(args[++index] ?? '').split(',').filter(Boolean));
  else passOn.push(args[index]);
}
const only = machines.length > 0 ? ['tests/paths/browser/generated-paths.spec.ts'] : [];
const result = spawnSync('npx', ['playwright', 'test', '--config', 'playwright.paths.config.ts', ...only, ...passOn], {
  stdio: 'inherit',
  env: { ...process.env, ...(machines.length > 0 ? { PATHS_MACHINES: machines.join(',') } : {}) },
});
process.exit(result.status ?? 1);
