import { fileURLToPath } from 'node:url';

/**
 * The file a worker thread runs. From source (vitest, `remix vite:dev`) it is
 * `<name>.worker-source.mjs` beside the calling module, which registers tsx for the `.ts`
 * module: worker threads do not inherit Vite's or vitest's TypeScript loader. In the production
 * build every caller is part of build/server/index.js and the worker is
 * build/server/workers/<name>.worker.js, compiled by the workers plugin in vite.config.ts. The
 * paths are built at run time so Vite does not treat them as assets to copy.
 */
export function workerFile(callerUrl: string, name: string): string {
  const fromSource = callerUrl.endsWith('.ts');
  const relative = fromSource ? ['.', `${name}.worker-source.mjs`] : ['.', 'workers', `${name}.worker.js`];
  return fileURLToPath(new URL(relative.join('/'), callerUrl));
}
