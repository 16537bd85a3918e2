import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { build, defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import remixConfig from './remix.config.js';
import { layerGuard } from './scripts/layer-guard';
import { requestScreen } from './scripts/request-screen';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * After the server build, compiles the worker threads' modules to build/server/workers/, where
 * `workerFile` (app/lib/worker-file.server.ts) finds them beside index.js: the ride-analysis
 * pool (decision 062) and the flows catalogue's summaries (decision 118). Packages stay
 * external: the workers load them from node_modules like the server does.
 */
const WORKERS = {
  'ride-analysis.worker': 'app/services/activities/ride-analysis.worker.ts',
  'flow-summaries.worker': 'app/services/platform/flow-summaries.worker.ts',
};

function workerThreads(): Plugin {
  let serverOutDir: string | undefined;
  return {
    name: 'paceline-worker-threads',
    apply: 'build',
    configResolved(config) {
      serverOutDir = config.build.ssr ? config.build.outDir : undefined;
    },
    async closeBundle() {
      if (!serverOutDir) return;
      await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        plugins: [tsconfigPaths()],
        build: {
          ssr: true,
          outDir: path.join(serverOutDir, 'workers'),
          emptyOutDir: false,
          target: 'node20',
          rollupOptions: { input: WORKERS, output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared/[name]-[hash].js' } },
        },
      });
    },
  };
}

/** The browser's entry modules: what they import statically is loaded on every page. */
const SHELL_ENTRIES = [path.resolve('app/root.tsx'), path.resolve('app/entry.client.tsx')];

/**
 * The browser build puts every module the shell loads anyway (imported statically by the root
 * route or the client entry, the framework included) in one chunk, `shell`. Left to itself,
 * Rollup split them into some twenty small chunks: twenty modulepreload links that every
 * document wrote, every page rendered and every browser fetched (issue 21).
 */
function shellChunks(): NonNullable<NonNullable<import('vite').BuildOptions['rollupOptions']>['output']> {
  let shell: Set<string> | undefined;
  return {
    manualChunks(id, { getModuleInfo }) {
      if (!shell) {
        // Walked once the module graph is complete (Rollup asks only then): static imports only.
        shell = new Set();
        const queue = SHELL_ENTRIES.flatMap((entry) => getModuleInfo(entry)?.importedIds ?? []);
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
          if (shell.has(next) || SHELL_ENTRIES.includes(next)) continue;
          shell.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return shell.has(id) && !id.endsWith('.css') ? 'shell' : undefined;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // requestScreen before remix(): its middleware must see a post before Remix's does.
  plugins: [requestScreen(), remix(remixConfig), tsconfigPaths(), workerThreads(), layerGuard()],
  server: { port: 3000 },
  build: { target: 'es2022', rollupOptions: isSsrBuild ? undefined : { output: shellChunks() } },
  ssr: { noExternal: [] },
}));
