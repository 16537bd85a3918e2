import { describe, expect, it } from 'vitest';
import { keptJson, readKeptJson } from './kept-json';

describe('kept JSON', () => {
  const shell = { site: { name: 'Paceline', homeUrl: '/' }, menus: { 'main-menu': [{ title: 'Events "live"', url: '/events', children: [] }] } };

  it('is made once per object, and read back as that object in the process that made it', () => {
    expect(keptJson(shell)).toBe(keptJson(shell));
    expect(readKeptJson(keptJson(shell))).toBe(shell);
  });

  it('reaches the browser as the same content, one object for as long as the content is the same', () => {
    const arrived = () => JSON.parse(JSON.stringify(keptJson(shell)));
    const first = readKeptJson<typeof shell>(arrived());
    expect(first).toEqual(shell);
    expect(first).not.toBe(shell);
    expect(readKeptJson(arrived())).toBe(first);
    const changed = readKeptJson<typeof shell>(JSON.parse(JSON.stringify(keptJson({ ...shell, site: { name: 'Renamed', homeUrl: '/' } }))));
    expect(changed.site.name).toBe('Renamed');
  });
});
