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

export default defineConfig({
  // requestScreen before remix(): its middleware must see a post before Remix's does.
  plugins: [requestScreen(), remix(remixConfig), tsconfigPaths(), workerThreads(), layerGuard()],
  server: { port: 3000 },
  build: { target: 'es2022' },
  ssr: { noExternal: [] },
});
