import { randomBytes } from 'node:crypto';
import { resetEnvForTests } from '~/services/platform/env.server';

/**
 * Runs the configuration as a production server gets it, through the environment (test files
 * share a worker and its module cache, so a module mock of the configuration could miss
 * modules another file loaded first): fresh random secrets, since production accepts no
 * published or test one (decision 061), and the sandboxes on, as on a staging site (decision
 * 119), unless `extra` says otherwise. Returns the function that puts the environment back.
 */
export function applyProductionEnv(extra: Record<string, string> = {}): () => void {
  const values: Record<string, string> = {
    APP_MODE: 'production',
    SANDBOXES: 'true',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
    PAYLOAD_KEY: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  };
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  resetEnvForTests();
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  };
}
