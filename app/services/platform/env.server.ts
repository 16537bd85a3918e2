import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { NETWORKS, type Network } from '~/lib/connections/networks';

/**
 * The server's configuration, validated once at start-up. Every variable has a
 * default that runs the whole system on one machine (see .env.example).
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Each fitness network's OAuth client (docs/connections.md): `STRAVA_CLIENT_ID`,
 * `STRAVA_CLIENT_SECRET`, `STRAVA_AUTHORIZE_URL`, `STRAVA_TOKEN_URL`, `STRAVA_REVOKE_URL`,
 * `STRAVA_API_URL`, and the same for every network. A network without a client id uses the
 * sandbox provider mounted in the app.
 */
const NETWORK_FIELDS = ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL', 'REVOKE_URL', 'API_URL'] as const;
type NetworkField = (typeof NETWORK_FIELDS)[number];
type NetworkVariable = `${Uppercase<Network>}_${NetworkField}`;
const networkVariables = Object.fromEntries(
  NETWORKS.flatMap((network) =>
    NETWORK_FIELDS.map((field) => [`${network.toUpperCase()}_${field}`, field.endsWith('_URL') ? z.string().url().optional() : z.string().min(1).optional()]),
  ),
) as Record<NetworkVariable, z.ZodOptional<z.ZodString>>;

export function networkVariable(network: Network, field: NetworkField): NetworkVariable {
  return `${network.toUpperCase() as Uppercase<Network>}_${field}`;
}
const requiredSecret = (name: string) => z.string({ required_error: `set ${name}: APP_MODE=production has no default secret` });

const EnvSchema = z
  .object({
    ...networkVariables,
    /**
     * AES-256-GCM key (64 hex) for fitness-network tokens at rest; a secret like SESSION_SECRET
     * (resolveSecrets below: generated at first start outside production, required in production).
     */
    TOKEN_ENCRYPTION_KEY: requiredSecret('TOKEN_ENCRYPTION_KEY').regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters'),
    /**
     * How Paceline behaves, apart from NODE_ENV (which only picks React's and the libraries'
     * production builds: server.mjs always runs them in production mode). development shows
     * /dev/outbox and opens /flows; test adds the /e2e helper routes; production makes
     * cookies Secure and requires SESSION_SECRET.
     */
    APP_MODE: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    /**
     * The site's public address (its origin starts every absolute URL: decision 120). Unset, it
     * is http://localhost:<the port the server listens on>, or a trusted proxy's forwarded origin.
     */
    SITE_URL: z
      .string()
      .url()
      .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http: or https: address')
      .optional(),
    /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
    DATABASE_URL: z.string().url().optional(),
    PGLITE_DIR: z.string().default('data/pglite'),
    /** Secrets have no published default (decision 061): see resolveSecrets below. */
    SESSION_SECRET: requiredSecret('SESSION_SECRET').min(32),
    /** Where the first start outside production writes generated secrets (git-ignored). */
    SECRETS_FILE: z.string().default('data/secrets.json'),
    /**
     * Proxies whose forwarding headers are believed (comma-separated peer addresses; none by
     * default): X-Forwarded-For for the client's address, X-Forwarded-Proto/-Host for the site's
     * origin when SITE_URL is unset.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    /** Also show /dev/outbox to requests from this machine's loopback (besides staff accounts). */
    OUTBOX_LOOPBACK: booleanFlag.default('false'),
    COOKIE_DOMAIN: z.string().optional(),
    /**
     * Whether pages are kept until the next write (decision 102). Off only to measure or
     * debug the render path (`BENCH_CACHE=off npm run bench`).
     */
    RESPONSE_CACHE: booleanFlag.default('true'),
    /**
     * Whether reads the same until written are reused: the session check, the shared lists
     * (decision 153), a rider's own pages (decision 156). Off only to measure what a page costs
     * when none is kept (`npm run bench`'s cold render path).
     */
    READ_CACHES: booleanFlag.default('true'),
    /** Whether start-up creates the demo riders, events and content. */
    SEED_DEMO: booleanFlag.default('true'),
    SMTP_URL: z.string().url().optional(),
    /**
     * Days the outbox keeps a message (docs/accounts.md "Retention"): it holds addresses, names and
     * phone numbers, so delivered mail is not kept for ever. Mail sent for an account goes sooner, with it.
     */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
    MAIL_FROM: z.string().default('Paceline <no-reply@paceline.local>'),
    SUPPORT_EMAIL: z.string().email().default('support@paceline.local'),
    CMS_SOURCE: z.enum(['files', 'wordpress']).default('files'),
    CMS_DIR: z.string().default('content'),
    WP_URL: z.string().url().optional(),
    WP_API_KEY: z.string().optional(),
    STORAGE_DIR: z.string().default('data/uploads'),
    /**
     * An S3-compatible object store instead of STORAGE_DIR (decision 132): the bucket, its
     * region, the endpoint of a store other than AWS (MinIO, Ceph, R2 …), path-style URLs
     * (`endpoint/bucket/key`, needed by most self-hosted stores) and the access key; without
     * a key the SDK's own chain (instance role, AWS_* variables) is used.
     */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default('false'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    ALTCHA_HMAC_KEY: requiredSecret('ALTCHA_HMAC_KEY').min(16),
    /** Upper bound of the ALTCHA proof-of-work search; lower is easier (tests use a small value). */
    ALTCHA_MAX_NUMBER: z.coerce.number().int().positive().default(50_000),
    SMS_PROVIDER_URL: z.string().url().optional(),
    SMS_PROVIDER_TOKEN: z.string().optional(),
    RESULTS_URL: z.string().url().optional(),
    /** Key of the AES-256-CBC payload layer game clients use (64 hex characters). */
    PAYLOAD_KEY: requiredSecret('PAYLOAD_KEY').regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters'),
    /**
     * Whether the built-in sandboxes of outside services may serve (decision 119): the sandbox
     * checkout, and the sandbox OAuth provider for fitness networks without a client id. On
     * outside production; in production only when set to true (a staging or demo site): there
     * the checkout would credit gems for no payment and the networks would import made-up rides.
     */
    SANDBOXES: booleanFlag.optional(),
    /** Card payments for gems (docs/shop-and-payments.md): the built-in sandbox checkout, or Stripe. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /**
     * Signs the sandbox checkout's webhooks (HMAC-SHA256). No published default outside
     * APP_MODE=test: without it the sandbox cannot be used (the first-start secrets pass fills it).
     */
    PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
    /**
     * The job queue's workers (decision 130): whether this instance runs jobs (an instance may
     * serve pages only), how often each queue is polled for jobs queued elsewhere or become due,
     * and how often jobs whose instance died are failed for a retry.
     */
    JOBS_WORKERS: booleanFlag.default('true'),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /** How long SIGTERM waits for running requests and jobs before the process exits. */
    DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    /** A remote game economy service (its `v1/economy/...` base URL); Paceline's own when unset. */
    ECONOMY_URL: z.string().url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.CMS_SOURCE === 'wordpress' && !env.WP_URL) {
      ctx.addIssue({ code: 'custom', path: ['WP_URL'], message: 'WP_URL is required when CMS_SOURCE=wordpress' });
    }
    for (const network of NETWORKS) {
      if (!env[networkVariable(network, 'CLIENT_ID')]) continue;
      const needed: NetworkField[] = network === 'xert' ? ['CLIENT_SECRET', 'TOKEN_URL'] : ['CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL'];
      for (const field of needed) {
        const name = networkVariable(network, field);
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when ${networkVariable(network, 'CLIENT_ID')} is set` });
      }
    }
    if (env.PAYMENT_PROVIDER === 'sandbox' && !sandboxesServe(env)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'the sandbox checkout takes no real payment: in production set PAYMENT_PROVIDER=stripe with its keys, or SANDBOXES=true for a staging site',
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together' });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when S3_ENDPOINT or S3 credentials are set' });
    }
    for (const name of SECRET_NAMES) {
      if (PUBLISHED_SECRETS.includes(env[name])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is a published value: set a random one` });
      }
    }
  });

function sandboxesServe(env: { SANDBOXES?: boolean; APP_MODE: string }): boolean {
  return env.SANDBOXES ?? env.APP_MODE !== 'production';
}

export type Env = z.infer<typeof EnvSchema>;

/** Whether the built-in sandboxes serve (SANDBOXES, decision 119). */
export function sandboxesEnabled(): boolean {
  return sandboxesServe(getEnv());
}

/** Secrets production must be given; elsewhere they are generated (or fixed in test mode). */
const SECRET_NAMES = ['SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'PAYLOAD_KEY', 'TOKEN_ENCRYPTION_KEY'] as const;
/**
 * Generated outside production like the others, but optional in production: the sandbox
 * checkout's webhook key is needed only when the sandbox takes payments (docs/shop-and-payments.md).
 */
const GENERATED_NAMES = [...SECRET_NAMES, 'PAYMENT_WEBHOOK_SECRET'] as const;
type SecretName = (typeof GENERATED_NAMES)[number];

/** The values earlier versions shipped as defaults: public, so never accepted again. */
const PUBLISHED_SECRETS = [
  'paceline-development-session-secret-change-me',
  'paceline-development-altcha-key',
  '7061636568696e652d6465762d7061796c6f61642d6b65792d33322d62797465',
];

/** Fixed values for APP_MODE=test only, so test runs and their fixtures are repeatable. */
const TEST_SECRETS: Record<SecretName, string> = {
  SESSION_SECRET: 'paceline-test-mode-session-secret-0123456789',
  ALTCHA_HMAC_KEY: 'paceline-test-mode-altcha-key',
  PAYLOAD_KEY: '706163656c696e652d746573742d6d6f64652d7061796c6f61642d6b65792121',
  TOKEN_ENCRYPTION_KEY: '706163656c696e652d746573742d746f6b656e2d656e6372797074696f6e2d31',
  PAYMENT_WEBHOOK_SECRET: 'paceline-test-payment-webhook-secret-0000',
};

function generateSecret(name: SecretName): string {
  return name === 'PAYLOAD_KEY' || name === 'TOKEN_ENCRYPTION_KEY' ? randomBytes(32).toString('hex') : randomBytes(32).toString('base64url');
}

/**
 * Reads the generated secrets, creating the file on the first start. Written to a temporary
 * file and linked into place, so two processes starting at once agree on one set.
 */
function readOrCreateSecretsFile(file: string): Record<SecretName, string> {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = Object.fromEntries(GENERATED_NAMES.map((name) => [name, generateSecret(name)]));
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SecretName, string>>;
  const missing = GENERATED_NAMES.filter((name) => !stored[name]);
  if (missing.length === 0) return stored as Record<SecretName, string>;
  const completed = { ...stored, ...Object.fromEntries(missing.map((name) => [name, generateSecret(name)])) };
  writeFileSync(file, `${JSON.stringify(completed, null, 2)}\n`, { mode: 0o600 });
  return completed as Record<SecretName, string>;
}

/**
 * Where each secret comes from (decision 061): the environment when set; in test mode fixed
 * values; in production nothing (start-up fails and names what is missing); in development a
 * file in the data folder generated on the first start and kept across restarts.
 */
function resolveSecrets(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const missing = GENERATED_NAMES.filter((name) => !source[name]);
  if (missing.length === 0) return source;
  const mode = source.APP_MODE ?? 'development';
  if (mode === 'production') return source;
  const values = mode === 'test' ? TEST_SECRETS : readOrCreateSecretsFile(source.SECRETS_FILE || 'data/secrets.json');
  return { ...source, ...Object.fromEntries(missing.map((name) => [name, values[name]])) };
}

let cached: Env | undefined;

/** Parses process.env on first use and fails loudly with every problem at once. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(resolveSecrets(process.env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change configuration between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/** The subset the browser may see (no secrets). */
export function getClientEnv() {
  const env = getEnv();
  return { supportEmail: env.SUPPORT_EMAIL, mode: env.APP_MODE };
}
