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
 * After the server build, compiles the ride-analysis worker to build/server/workers/ so the
 * piscina pool finds it beside index.js (decision 062; ride-pool.server.ts names the file).
 * Packages stay external: the worker loads them from node_modules like the server does.
 */
function rideAnalysisWorker(): Plugin {
  let serverOutDir: string | undefined;
  return {
    name: 'paceline-ride-analysis-worker',
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
          ssr: 'app/services/activities/ride-analysis.worker.ts',
          outDir: path.join(serverOutDir, 'workers'),
          emptyOutDir: false,
          target: 'node20',
          rollupOptions: { output: { format: 'es', entryFileNames: 'ride-analysis.worker.js' } },
        },
      });
    },
  };
}

export default defineConfig({
  // requestScreen before remix(): its middleware must see a post before Remix's does.
  plugins: [requestScreen(), remix(remixConfig), tsconfigPaths(), rideAnalysisWorker(), layerGuard()],
  server: { port: 3000 },
  build: { target: 'es2022' },
  ssr: { noExternal: [] },
});
