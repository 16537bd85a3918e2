// The browser tests' server: playwright.config.ts starts it with this environment, and
// `npm test` prepares its database with the same one while the production build runs.
export const e2ePort = () => Number(process.env.E2E_PORT ?? 3100);

export function e2eServerEnv(port = e2ePort()) {
  return {
    PORT: String(port),
    APP_MODE: 'test',
    SESSION_SECRET: 'paceline-e2e-session-secret-0123456789abcdef',
    PGLITE_DIR: `tests/.tmp/e2e-pglite-${port}`,
    STORAGE_DIR: `tests/.tmp/e2e-uploads-${port}`,
    ALTCHA_MAX_NUMBER: '20',
    SEED_DEMO: 'true',
    SITE_URL: `http://localhost:${port}`,
    // No balancer in front: SIGTERM (the restart spec's) need not keep serving after /readyz turns 503.
    DRAIN_NOTICE_SECONDS: '0',
  };
}
