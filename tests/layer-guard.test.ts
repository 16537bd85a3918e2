import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCircles, importsPointingUp, isServerOnlyModule } from '../scripts/layer-guard';

describe('layer guard', () => {
  const root = '/repo';
  it('refuses services and database modules in the browser bundle, with or without a query', () => {
    expect(isServerOnlyModule('/repo/app/services/ledger/types.ts', root)).toBe(true);
    expect(isServerOnlyModule('/repo/app/db/schema/events.ts', root)).toBe(true);
    expect(isServerOnlyModule('/repo/app/services/content/cms/index.server.ts?import', root)).toBe(true);
  });
  it('lets pure shared code, components and packages through', () => {
    expect(isServerOnlyModule('/repo/app/lib/domain/events.ts', root)).toBe(false);
    expect(isServerOnlyModule('/repo/app/components/shell/Footer.tsx', root)).toBe(false);
    expect(isServerOnlyModule('/repo/node_modules/react/index.js', root)).toBe(false);
    expect(isServerOnlyModule('\0virtual:remix/browser-manifest', root)).toBe(false);
  });
});

const sources = (dir: string): Array<{ path: string; source: string }> =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => ({ path: `${dir}/${name}`.split('\\').join('/'), source: readFileSync(`${dir}/${name}`, 'utf8') }));

describe('imports point down only (decision 139)', () => {
  it('finds an import that reaches a higher floor', () => {
    const files = [
      { path: 'app/lib/flows/x.ts', source: "import { catalogue } from '~/machines/catalogue';" },
      { path: 'app/components/ui/Form.tsx', source: "import type { action } from '../../routes/subscribe/route';" },
      { path: 'app/routes/a/route.tsx', source: "import { Button } from '~/components/ui/Button';" },
    ];
    expect(importsPointingUp(files)).toEqual(['app/lib/flows/x.ts -> app/machines/catalogue', 'app/components/ui/Form.tsx -> app/routes/subscribe/route']);
  });

  it('holds for the whole app', () => {
    const files = sources('app');
    expect(files.length).toBeGreaterThan(300);
    expect(importsPointingUp(files)).toEqual([]);
  });
});

describe('no import circle (issue 39, decision 196)', () => {
  it('finds a circle, round about or through a type-only import, and a module importing itself', () => {
    const files = [
      { path: 'app/services/a.server.ts', source: "import { b } from './b.server';" },
      { path: 'app/services/b.server.ts', source: "import { c } from '~/services/c.server';" },
      { path: 'app/services/c.server.ts', source: "import type { A } from './a.server';" },
      { path: 'app/services/d.server.ts', source: "import { a } from './a.server';\nexport { d } from './d.server';" },
      { path: 'app/lib/e.ts', source: "import { f } from './f';" },
      { path: 'app/lib/f/index.ts', source: "import { x } from 'react';" },
    ];
    expect(importCircles(files)).toEqual([['app/services/a.server', 'app/services/b.server', 'app/services/c.server'], ['app/services/d.server']]);
  });

  it('holds for the whole app', () => {
    const files = sources('app');
    expect(files.length).toBeGreaterThan(300);
    expect(importCircles(files)).toEqual([]);
  });
});
