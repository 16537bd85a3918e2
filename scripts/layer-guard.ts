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

/** A module's path without its extension, as `importedModules` names it. */
function moduleOf(file: string): string {
  return file.replace(/\.(ts|tsx|mts|mjs|js)$/, '');
}

/**
 * The import circles among `files` (issue 39): each a list of modules that import one another,
 * directly or round about, type-only imports included (a circle of types is still two modules
 * that cannot be read apart). Strongly connected components of the import graph (Tarjan), each
 * sorted, in a stable order; a module importing itself is a circle of one.
 */
export function importCircles(files: Array<{ path: string; source: string }>): string[][] {
  const known = new Set(files.map((file) => moduleOf(file.path)));
  const resolve = (target: string) => [target, `${target}/index`, `${target}/index.server`, `${target}/route`].find((name) => known.has(name));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedModules(file.path, file.source)
      .map((target) => resolve(moduleOf(target)))
      .filter((target): target is string => target !== undefined);
    edges.set(moduleOf(file.path), [...new Set(targets)]);
  }
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}
