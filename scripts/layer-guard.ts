import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The layers' one hard rule, checked by the bundler itself (issue 14, docs/architecture.md):
 * no module of app/services or app/db reaches the browser bundle. Remix already refuses
 * `*.server.ts` files in client code; this also covers the pure-looking modules in those
 * folders (types files, the ledger's helpers, the schema) that a component could import by
 * value. Type-only imports are erased before bundling and never reach this check.
 */
const SERVER_ONLY_FOLDERS = ['app/services/', 'app/db/'];

export function isServerOnlyModule(id: string, root: string): boolean {
  const file = id.split('?')[0];
  if (!path.isAbsolute(file)) return false;
  const relative = path.relative(root, file).split(path.sep).join('/');
  return SERVER_ONLY_FOLDERS.some((folder) => relative.startsWith(folder));
}

export function layerGuard(): Plugin {
  let root = process.cwd();
  let clientBuild = false;
  return {
    name: 'paceline-layer-guard',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      clientBuild = !config.build.ssr;
    },
    moduleParsed(info) {
      if (clientBuild && isServerOnlyModule(info.id, root)) {
        const importers = info.importers.map((importer) => path.relative(root, importer)).join(', ');
        this.error(`${path.relative(root, info.id)} is server-only but reached the browser bundle (imported by ${importers || 'an entry'})`);
      }
    },
  };
}

/**
 * The floors of app/, lowest first (decision 139): a module imports from its own floor or
 * below, never above. Pure shared code at the bottom; the database schema and the machines on
 * it; the services (which may read the machines' catalogue and types); the components; the
 * routes; the document. Tests are not on any floor.
 */
export const FLOORS: string[][] = [
  ['app/lib/'],
  ['app/db/', 'app/machines/'],
  ['app/services/'],
  ['app/components/'],
  ['app/routes/'],
  ['app/root.tsx', 'app/entry.server.tsx', 'app/entry.client.tsx'],
];

export function floorOf(relativePath: string): number | null {
  const index = FLOORS.findIndex((prefixes) => prefixes.some((prefix) => relativePath.startsWith(prefix)));
  return index < 0 ? null : index;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/g;

/** The app-relative modules a source file imports (`~/…` and relative specifiers), without extensions. */
export function importedModules(relativePath: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1];
    if (specifier.startsWith('~/')) found.push(`app/${specifier.slice(2)}`);
    else if (specifier.startsWith('.')) found.push(path.posix.normalize(path.posix.join(path.posix.dirname(relativePath), specifier)));
  }
  return found;
}

/** Every import of `files` that reaches a higher floor, as "importer -> imported". */
export function importsPointingUp(files: Array<{ path: string; source: string }>): string[] {
  const upward: string[] = [];
  for (const file of files) {
    const from = floorOf(file.path);
    if (from === null) continue;
    for (const target of importedModules(file.path, file.source)) {
      const to = floorOf(target);
      if (to !== null && to > from) upward.push(`${file.path} -> ${target}`);
    }
  }
  return upward;
}
