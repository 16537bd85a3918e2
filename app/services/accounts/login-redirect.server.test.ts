import { describe, expect, it } from 'vitest';
import { AFTER_LOGIN_DEFAULT, afterLoginPath, safeRedirectTarget } from './login-redirect.server';

// The site's origin in unit tests is http://localhost:3000 (SITE_URL unset, no server listening: decision 120).
describe('safeRedirectTarget (issue 15 item 3)', () => {
  it.each([
    ['/event/7?step=2#team', '/event/7?step=2#team'],
    ['/faqs?d=m', '/faqs?d=m'],
    ['http://localhost:3000/user/profile', '/user/profile'],
    ['HTTP://LOCALHOST:3000/user/profile', '/user/profile'],
    ['/a b', '/a%20b'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps our own path %j as %j', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'HtTpS://evil.example/path',
    'https:evil.example',
    'http://localhost:3000@evil.example',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://localhost:3000//evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    ' //evil.example',
    decodeURIComponent('%2F%09%2Fevil.example'),
    decodeURIComponent('%2F%0A%2Fevil.example'),
    decodeURIComponent('%5C%5Cevil.example'),
  ])('refuses %j', (input) => {
    expect(safeRedirectTarget(input)).toBeNull();
  });

  it('never answers with a control character (a newline in a Location header is a 500)', () => {
    for (const control of ['\n', '\r', '\t', '\u0000']) {
      const target = safeRedirectTarget(`/user/pro${control}file`);
      expect(target === null || [...target].every((character) => character.charCodeAt(0) >= 0x20)).toBe(true);
    }
  });

  it('takes the stored value, then redirectTo, then referer, else the default', () => {
    expect(afterLoginPath('/a', '/b', '/c')).toBe('/a');
    expect(afterLoginPath('//evil.example', '/b', '/c')).toBe('/b');
    expect(afterLoginPath(null, '/\t/evil.example', '/c')).toBe('/c');
    expect(afterLoginPath(null, null, '/\\evil.example')).toBe(AFTER_LOGIN_DEFAULT);
  });
});
