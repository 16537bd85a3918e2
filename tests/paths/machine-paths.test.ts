import { describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { generatePaths, replayPath } from '~/lib/flows/paths';

// The generated path tests of every machine in the catalogue: one helper, no per-machine copies.
for (const entry of catalogue) {
  describe(`${entry.id} machine paths`, () => {
    const { paths, coverage } = generatePaths(entry);

    it('covers every state and transition', () => {
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });

    for (const [index, path] of paths.entries()) {
      const route = path.steps.map((step) => step.event.type).join(' → ');
      it(`${path.kind} #${index + 1} to ${path.target}: ${route}`, () => {
        expect(replayPath(entry, path)).toEqual({ ok: true });
      });
    }
  });
}
