// The environment of one Paceline instance behind the load balancer: the one list that
// deploy/compose.yaml sets, docs/deploy.md explains and `npm run test:scale` starts its production
// instances with, nothing more (tests/deploy-compose.test.ts keeps the three in step). Values here
// are the test's; the compose file's are the deployment's.
import { randomBytes } from 'node:crypto';

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
  'PAYMENT_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
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
  'DRAIN_NOTICE_SECONDS',
  'DRAIN_SECONDS',
];

/**
 * Fresh secrets for one run, made as docs/deploy.md tells an operator to make them
 * (`openssl rand -base64 32`, and `-hex 32` for the two keys), the same for every instance.
 */
export function generateSecrets() {
  const base64 = () => randomBytes(32).toString('base64');
  const hex = () => randomBytes(32).toString('hex');
  return {
    SESSION_SECRET: base64(),
    ALTCHA_HMAC_KEY: base64(),
    PAYLOAD_KEY: hex(),
    TOKEN_ENCRYPTION_KEY: hex(),
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
  };
}

/**
 * The test's values: production, the balancer on loopback (TRUSTED_PROXIES as an operator writes
 * it), Stripe's protocol and SMTP served by the test, fast job polling, a drain notice longer
 * than deploy/haproxy.cfg's checks take to mark an instance down (2 × 2 s, and up to 5.3 s seen on
 * the loaded test machine) and a short drain.
 */
export function scaleInstanceEnv({ port, siteUrl, databaseUrl, s3, secrets, stripeApiUrl, smtpUrl }) {
  const env = {
    APP_MODE: 'production',
    PORT: String(port),
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    TRUSTED_PROXIES: '127.0.0.1',
    ...secrets,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_URL: stripeApiUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Paceline <no-reply@scale.test>',
    SUPPORT_EMAIL: 'support@scale.test',
    ...s3,
    SEED_DEMO: 'false',
    JOBS_WORKERS: 'true',
    JOBS_POLL_SECONDS: '0.5',
    JOBS_MAINTENANCE_SECONDS: '1',
    DRAIN_NOTICE_SECONDS: '8',
    DRAIN_SECONDS: '5',
  };
  const names = Object.keys(env);
  const missing = INSTANCE_VARIABLES.filter((name) => !names.includes(name));
  const extra = names.filter((name) => !INSTANCE_VARIABLES.includes(name));
  if (missing.length || extra.length) throw new Error(`scaleInstanceEnv lacks ${missing.join(', ') || 'nothing'} and adds ${extra.join(', ') || 'nothing'}`);
  return env;
}
