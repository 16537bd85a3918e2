import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWordPress, WORDPRESS_FIXTURE, type FakeWordPress } from '../../../tests/helpers/fake-wordpress';
import { resetEnvForTests } from '../platform/env.server';
import { loadShell } from './shell.server';

let wordpress: FakeWordPress;
beforeAll(async () => {
  wordpress = await startFakeWordPress(WORDPRESS_FIXTURE);
});
afterAll(() => wordpress.close());
afterEach(() => {
  delete process.env.CMS_SOURCE;
  delete process.env.WP_URL;
  delete process.env.WP_API_KEY;
  resetEnvForTests();
});

describe('loadShell', () => {
  it('reads the embedded CMS: site, menus as trees and the footer columns', async () => {
    const shell = await loadShell();
    expect(shell.site).toEqual({ name: 'Paceline', logo: '/logo.svg', homeUrl: '/' });
    const clubs = shell.menus['main-menu'].find((item) => item.title === 'Clubs');
    expect(clubs?.children.map((child) => child.title)).toContain('Team UAE');
    expect(clubs?.children.some((child) => child.separator)).toBe(true);
    expect(shell.footer.columns.map((column) => column.title)).toEqual(['Paceline', 'Community']);
    expect(shell.footer.support_email).toBe('support@paceline.local');
  });

  it('returns the same menu trees on every call (no per-request rebuilding)', async () => {
    expect((await loadShell()).menus).toBe((await loadShell()).menus);
  });

  it('reads WordPress when CMS_SOURCE=wordpress, sending WP_API_KEY', async () => {
    process.env.CMS_SOURCE = 'wordpress';
    process.env.WP_URL = wordpress.url;
    process.env.WP_API_KEY = 'configured-key';
    resetEnvForTests();
    const shell = await loadShell();
    expect(shell.site.name).toBe('Paceline WP');
    expect(shell.site.logo).toBeUndefined();
    expect(shell.menus['main-menu'].map((item) => item.title)).toEqual(['Events', 'Clubs']);
    expect(shell.footer.columns).toEqual([]);
    expect(wordpress.requests.at(-1)?.headers['x-api-key']).toBe('configured-key');
  });
});
