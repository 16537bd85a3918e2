import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { importedModules } from '../../scripts/layer-guard';
import { bindingFiles } from './browser/bindings';

// The bindings of the generated browser paths (decision 185): `<machine-id>.paths.ts` beside
// the machine's screen, found by name. They are test code: no module of the app imports one,
// so neither bundle ever holds them (Remix's route conventions skip them: remix.config.js).
describe('bindings of the generated paths in the browser', () => {
  const files = bindingFiles();

  it('exist for every machine whose paths the browser must take whole', () => {
    const required = catalogue.filter((entry) => entry.browserPaths === 'required').map((entry) => entry.id);
    expect(required.length).toBeGreaterThanOrEqual(4);
    expect(required.filter((id) => !files.has(id))).toEqual([]);
  });

  it('each name a machine of the catalogue', () => {
    const ids = new Set(catalogue.map((entry) => entry.id));
    expect([...files.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('are imported by no module of the app', () => {
    const sources = readdirSync('app', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.paths.ts'))
      .map((name) => `app/${name}`.split('\\').join('/'));
    const importers = sources.filter((file) => importedModules(file, readFileSync(file, 'utf8')).some((target) => target.endsWith('.paths')));
    expect(importers).toEqual([]);
  });
});
