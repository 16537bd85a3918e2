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
