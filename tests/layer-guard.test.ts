import { describe, expect, it } from 'vitest';
import { isServerOnlyModule } from '../scripts/layer-guard';

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
