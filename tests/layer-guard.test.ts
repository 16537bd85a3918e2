import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsPointingUp, isServerOnlyModule } from '../scripts/layer-guard';

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

describe('imports point down only (decision 139)', () => {
  const sources = (dir: string): Array<{ path: string; source: string }> =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => ({ path: `${dir}/${name}`.split('\\').join('/'), source: readFileSync(`${dir}/${name}`, 'utf8') }));

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
