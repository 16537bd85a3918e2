import { describe, expect, it, vi } from 'vitest';
import { keptJson, keptJsonInDocument, keptJsonScriptId, keptJsonScriptText, readKeptJson } from './kept-json';

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

describe('kept JSON sent in the document', () => {
  const shell = { site: { name: 'Paceline', homeUrl: '/' }, footer: { note: '</script><script>alert(1)</script> & \u2028' } };

  it('is named by its script in the data, and read back as the object on the server', () => {
    const kept = keptJsonInDocument(shell, 'shell');
    expect(kept).toBe(keptJsonInDocument(shell, 'shell'));
    expect(JSON.parse(JSON.stringify(kept))).toEqual({ script: 'shell' });
    expect(readKeptJson(kept)).toBe(shell);
  });

  it("writes a script text that cannot end the script, and the browser reads the value from the document's script", () => {
    const text = keptJsonScriptText(keptJsonInDocument(shell, 'shell'))!;
    expect(text).not.toMatch(/[<>&\u2028]/);
    const scripts: Record<string, { textContent: string }> = { [keptJsonScriptId('shell')]: { textContent: text } };
    vi.stubGlobal('document', { getElementById: (id: string) => scripts[id] ?? null });
    try {
      const arrived = JSON.parse(JSON.stringify(keptJsonInDocument(shell, 'shell')));
      expect(readKeptJson<typeof shell>(arrived)).toEqual(shell);
      // Hydration renders the text the document came with.
      expect(keptJsonScriptText(arrived)).toBe(text);
      expect(keptJsonScriptText(JSON.parse(JSON.stringify(keptJson(shell))))).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
