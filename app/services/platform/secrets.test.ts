import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getEnv, resetEnvForTests, sandboxesEnabled } from './env.server';

const SECRET_NAMES = ['SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'PAYLOAD_KEY', 'TOKEN_ENCRYPTION_KEY'] as const;
const PUBLISHED = {
  SESSION_SECRET: 'paceline-development-session-secret-change-me',
  ALTCHA_HMAC_KEY: 'paceline-development-altcha-key',
  PAYLOAD_KEY: '7061636568696e652d6465762d7061796c6f61642d6b65792d33322d62797465',
};
const saved = { ...process.env };
const CONFIGURED = [
  ...SECRET_NAMES,
  'PAYMENT_WEBHOOK_SECRET',
  'APP_MODE',
  'SECRETS_FILE',
  'SANDBOXES',
  'PAYMENT_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

function configure(values: Record<string, string | undefined>) {
  for (const name of CONFIGURED) delete process.env[name];
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
  resetEnvForTests();
}

afterEach(() => {
  for (const name of CONFIGURED) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvForTests();
});

describe('secrets (issue 15 item 2, ASVS V13.3)', () => {
  it('production refuses to start without configured secrets and names each one', () => {
    configure({ APP_MODE: 'production' });
    expect(() => getEnv()).toThrow(/Invalid configuration/);
    try {
      getEnv();
    } catch (error) {
      for (const name of SECRET_NAMES) expect(String(error)).toContain(`set ${name}: APP_MODE=production has no default secret`);
    }
  });

  it.each(['production', 'development'])('refuses the published former defaults in %s', (mode) => {
    configure({ APP_MODE: mode, ...PUBLISHED, TOKEN_ENCRYPTION_KEY: 'ef'.repeat(32) });
    expect(() => getEnv()).toThrow(/SESSION_SECRET is a published value[\s\S]*ALTCHA_HMAC_KEY is a published value/);
  });

  it('development generates random secrets into the data folder once and keeps them across restarts', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'paceline-secrets-'));
    const file = path.join(folder, 'data', 'secrets.json');
    try {
      configure({ APP_MODE: 'development', SECRETS_FILE: file });
      const first = getEnv();
      expect(existsSync(file)).toBe(true);
      expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(Object.values(PUBLISHED)).not.toContain(first.SESSION_SECRET);
      resetEnvForTests();
      const second = getEnv();
      expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
      expect(second.ALTCHA_HMAC_KEY).toBe(first.ALTCHA_HMAC_KEY);
      expect(JSON.parse(readFileSync(file, 'utf8')).PAYLOAD_KEY).toBe(second.PAYLOAD_KEY);
      expect(JSON.parse(readFileSync(file, 'utf8')).TOKEN_ENCRYPTION_KEY).toBe(second.TOKEN_ENCRYPTION_KEY);
      expect(second.PAYMENT_WEBHOOK_SECRET).toBe(first.PAYMENT_WEBHOOK_SECRET);
      const otherFolder = path.join(folder, 'other.json');
      configure({ APP_MODE: 'development', SECRETS_FILE: otherFolder });
      expect(getEnv().SESSION_SECRET).not.toBe(first.SESSION_SECRET);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a configured secret wins over the generated file', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'paceline-secrets-'));
    try {
      configure({ APP_MODE: 'development', SECRETS_FILE: path.join(folder, 's.json'), SESSION_SECRET: 'x'.repeat(40) });
      expect(getEnv().SESSION_SECRET).toBe('x'.repeat(40));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('production takes no sandbox payment: it refuses the default checkout unless SANDBOXES=true (decision 119)', () => {
    const secrets = { SESSION_SECRET: 's'.repeat(40), ALTCHA_HMAC_KEY: 'a'.repeat(40), PAYLOAD_KEY: 'cd'.repeat(32), TOKEN_ENCRYPTION_KEY: 'ef'.repeat(32) };
    configure({ APP_MODE: 'production', ...secrets });
    expect(() => getEnv()).toThrow(/PAYMENT_PROVIDER: the sandbox checkout takes no real payment/);
    configure({ APP_MODE: 'production', ...secrets, SANDBOXES: 'true', PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40) });
    expect(getEnv().PAYMENT_PROVIDER).toBe('sandbox');
    expect(sandboxesEnabled()).toBe(true);
    configure({ APP_MODE: 'production', ...secrets, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(getEnv().PAYMENT_PROVIDER).toBe('stripe');
    expect(sandboxesEnabled()).toBe(false);
    configure({ APP_MODE: 'test' });
    expect(sandboxesEnabled()).toBe(true);
  });
});
