import { describe, expect, it } from 'vitest';
import { packJson, unpackJson } from './packed-json';

describe('packed JSON', () => {
  it('is the value as one string, read back equal, and the same object while its text does not change', () => {
    const shell = { site: { name: 'Paceline' }, menus: { main: [{ id: '101', title: 'Events', children: [] }] } };
    const packed = packJson(shell);
    expect(typeof packed).toBe('string');
    const first = unpackJson(packed);
    expect(first).toEqual(shell);
    expect(unpackJson(`${packed}`)).toBe(first);
    const changed = unpackJson(packJson({ ...shell, site: { name: 'Paceline WP' } }));
    expect(changed.site.name).toBe('Paceline WP');
  });

  it('parses again a text it no longer keeps: only the last few are kept', () => {
    const first = unpackJson(packJson({ n: -1 }));
    for (let n = 0; n < 20; n++) expect(unpackJson(packJson({ n }))).toEqual({ n });
    const again = unpackJson(packJson({ n: -1 }));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
