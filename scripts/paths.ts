// `npm run paths [-- --check] [--out DIR]`: per machine of the catalogue, its states,
// transitions, generated paths and the share of states and transitions they cover.
import { catalogue } from '../app/machines/catalogue';
import { generatePaths } from '../app/lib/flows/paths';

const check = process.argv.includes('--check');
let incomplete = 0;
for (const entry of catalogue) {
  const { paths, coverage } = generatePaths(entry);
  const share = (part: { covered: number; total: number }) =>
    part.total === 0 ? '100%' : `${Math.floor((part.covered / part.total) * 100)}%`;
  console.log(
    `${entry.id.padEnd(24)} states ${coverage.states.total} (${share(coverage.states)})  transitions ${coverage.transitions.total} (${share(coverage.transitions)})  paths ${paths.length}`,
  );
  if (coverage.states.missing.length || coverage.transitions.missing.length) {
    incomplete += 1;
    for (const id of coverage.states.missing) console.log(`  state not covered: ${id}`);
    for (const id of coverage.transitions.missing) console.log(`  transition not covered: ${id}`);
  }
}
if (check && incomplete > 0) {
  console.error(`${incomplete} machine(s) are not fully covered by their generated paths`);
  process.exit(1);
}
