import { z } from 'zod';
import { NETWORKS, type Network } from '~/lib/connections/networks';

/**
 * The server's configuration, validated once at start-up. Every variable has a
 * default that runs the whole system on one machine (see .env.example).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

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
  NETWORKS.flatMap((network) => NETWORK_FIELDS.map((field) => [`${network.toUpperCase()}_${field}`, field.endsWith('_URL') ? z.string().url().optional() : z.string().min(1).optional()])),
) as Record<NetworkVariable, z.ZodOptional<z.ZodString>>;

export function networkVariable(network: Network, field: NetworkField): NetworkVariable {
  return `${network.toUpperCase() as Uppercase<Network>}_${field}`;
}

const EnvSchema = z
  .object({
    ...networkVariables,
    /**
     * AES-256-GCM key (64 hex) for fitness-network tokens at rest. Unset: a random key is
     * generated once into the data folder (app/services/connections/secrets.server.ts).
     */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i)
      .optional(),
    /** Folder for secrets generated at first start (kept beside the database, never in git). */
    SECRETS_DIR: z.string().default('data/secrets'),
    /**
     * How Paceline behaves, apart from NODE_ENV (which only picks React's and the libraries'
     * production builds: server.mjs always runs them in production mode). development shows
     * /dev/outbox and opens /flows; test adds the /e2e helper routes; production makes
     * cookies Secure and requires SESSION_SECRET.
     */
    APP_MODE: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    SITE_URL: z.string().url().default('http://localhost:3000'),
    /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
    DATABASE_URL: z.string().url().optional(),
    PGLITE_DIR: z.string().default('data/pglite'),
    SESSION_SECRET: z.string().min(32).default('paceline-development-session-secret-change-me'),
    COOKIE_DOMAIN: z.string().optional(),
    /** Whether start-up creates the demo riders, events and content. */
    SEED_DEMO: booleanFlag.default('true'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Paceline <no-reply@paceline.local>'),
    SUPPORT_EMAIL: z.string().email().default('support@paceline.local'),
    CMS_SOURCE: z.enum(['files', 'wordpress']).default('files'),
    CMS_DIR: z.string().default('content'),
    WP_URL: z.string().url().optional(),
    WP_API_KEY: z.string().optional(),
    STORAGE_DIR: z.string().default('data/uploads'),
    ALTCHA_HMAC_KEY: z.string().min(16).default('paceline-development-altcha-key'),
    /** Upper bound of the ALTCHA proof-of-work search; lower is easier (tests use a small value). */
    ALTCHA_MAX_NUMBER: z.coerce.number().int().positive().default(50_000),
    SMS_PROVIDER_URL: z.string().url().optional(),
    SMS_PROVIDER_TOKEN: z.string().optional(),
    RESULTS_URL: z.string().url().optional(),
    /** Key of the AES-256-CBC payload layer game clients use (64 hex characters). */
    PAYLOAD_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i)
      .default('7061636568696e652d6465762d7061796c6f61642d6b65792d33322d62797465'),
    /** Card payments for gems (docs/shop-and-payments.md): the built-in sandbox checkout, or Stripe. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /**
     * Signs the sandbox checkout's webhooks (HMAC-SHA256). No published default outside
     * APP_MODE=test: without it the sandbox cannot be used (the first-start secrets pass fills it).
     */
    PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
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
    if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe' });
    }
    if (env.APP_MODE === 'production' && env.SESSION_SECRET.includes('development')) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'set SESSION_SECRET when APP_MODE=production' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Parses process.env on first use and fails loudly with every problem at once. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
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
  return { siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL, mode: env.APP_MODE };
}
export type ClientEnv = ReturnType<typeof getClientEnv>;
