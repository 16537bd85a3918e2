import { afterEach, describe, expect, it } from 'vitest';
import { getEnv, resetEnvForTests } from './env.server';

const NAMES = ['SITE_URL', 'STRIPE_API_URL'] as const;

function configure(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

afterEach(() => configure({}));

describe('address variables', () => {
  it.each(NAMES)('%s that is no URL at all is refused by name, not a crash of the check', (name) => {
    configure({ [name]: 'nonsense' });
    expect(() => getEnv()).toThrow(new RegExp(`Invalid configuration:\\n  ${name}: Invalid url`));
  });

  it('STRIPE_API_URL is an origin: Stripe adds its own paths', () => {
    configure({ STRIPE_API_URL: 'https://stripe-proxy.example/v1' });
    expect(() => getEnv()).toThrow('STRIPE_API_URL: must be an http: or https: origin, without a path');
    configure({ STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(getEnv().STRIPE_API_URL).toBe('http://127.0.0.1:12111');
  });
});
