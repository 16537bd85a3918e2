/**
 * Remix options, kept at the top level as the design card asks; vite.config.ts
 * imports this file and hands it to the remix() plugin.
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  // *.paths.ts: a machine's bindings for its generated browser paths, test code beside its screen (decision 185).
  ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.paths.ts', '**/*.css', '**/form.tsx', '**/*.server.ts', '**/components/**'],
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // Off: the route manifest is one immutable file instead of a partial manifest matched and
    // inlined on every document request (decision 100).
    v3_lazyRouteDiscovery: false,
  },
};
