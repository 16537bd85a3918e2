// `npm run paths [-- --check] [--out DIR] [--catalogue MODULE]`: for every machine of the
// catalogue, writes its generated paths as Markdown and JSON into DIR (default `paths/`)
// and prints its states, transitions, paths and the share they cover. With --check, exits
// 1 when a machine is not fully covered. --catalogue points at another module exporting
// `catalogue` (the tests use one with an unreachable transition).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePaths } from '../app/lib/flows/paths';
import { isComplete, renderJson, renderMarkdown, summaryLine } from '../app/lib/flows/report';
import type { CatalogueEntry } from '../app/lib/flows/types';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const check = process.argv.includes('--check');
const outDir = resolve(option('--out') ?? 'paths');
const cataloguePath = option('--catalogue');
const { catalogue } = (await import(
  cataloguePath ? pathToFileURL(resolve(cataloguePath)).href : '../app/machines/catalogue'
)) as { catalogue: CatalogueEntry[] };

mkdirSync(outDir, { recursive: true });
let incomplete = 0;
for (const entry of catalogue) {
  const generated = generatePaths(entry);
  writeFileSync(join(outDir, `${entry.id}.md`), renderMarkdown(entry, generated));
  writeFileSync(join(outDir, `${entry.id}.json`), renderJson(entry, generated));
  console.log(summaryLine(entry, generated));
  if (!isComplete(generated.coverage)) {
    incomplete += 1;
    for (const id of generated.coverage.states.missing) console.log(`  state not covered: ${id}`);
    for (const id of generated.coverage.transitions.missing) console.log(`  transition not covered: ${id}`);
  }
}
console.log(`Paths written to ${outDir}`);
if (check && incomplete > 0) {
  console.error(`${incomplete} machine(s) are not fully covered by their generated paths`);
  process.exit(1);
}
