// The environment of one Paceline instance behind a load balancer: the one list that
// `npm run test:scale` starts its instances with and that deploy/compose.yaml sets (a test,
// tests/deploy-compose.test.ts, checks they name the same variables). Values here are the test's;
// the compose file's are the deployment's. docs/deploy.md explains each.

/** Variables every instance of a deployment sets (the same on every instance, except PORT). */
export const INSTANCE_VARIABLES = [
  'APP_MODE',
  'PORT',
  'SITE_URL',
  'DATABASE_URL',
  'TRUSTED_PROXIES',
  'SESSION_SECRET',
  'ALTCHA_HMAC_KEY',
  'PAYLOAD_KEY',
  'TOKEN_ENCRYPTION_KEY',
  'PAYMENT_WEBHOOK_SECRET',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SEED_DEMO',
  'JOBS_WORKERS',
  'JOBS_POLL_SECONDS',
  'JOBS_MAINTENANCE_SECONDS',
  'DRAIN_SECONDS',
];

/** The test's values: APP_MODE=test (its /e2e helpers), fast polling, short drain. */
export function scaleInstanceEnv({ port, siteUrl, databaseUrl, s3 }) {
  const env = {
    APP_MODE: 'test',
    PORT: String(port),
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    TRUSTED_PROXIES: '127.0.0.1,::ffff:127.0.0.1',
    SESSION_SECRET: 'paceline-scale-session-secret-0123456789abcdef',
    ALTCHA_HMAC_KEY: 'paceline-scale-altcha-key-0123',
    PAYLOAD_KEY: '7363616c652d746573742d7061796c6f61642d6b65792d303132333435363738',
    TOKEN_ENCRYPTION_KEY: '7363616c652d746573742d746f6b656e2d6b65792d3031323334353637383961',
    PAYMENT_WEBHOOK_SECRET: 'paceline-scale-webhook-secret-0123456789',
    ...s3,
    SEED_DEMO: 'false',
    JOBS_WORKERS: 'true',
    JOBS_POLL_SECONDS: '0.5',
    JOBS_MAINTENANCE_SECONDS: '1',
    DRAIN_SECONDS: '5',
  };
  const missing = INSTANCE_VARIABLES.filter((name) => !(name in env));
  if (missing.length) throw new Error(`scaleInstanceEnv lacks ${missing.join(', ')}`);
  return env;
}
