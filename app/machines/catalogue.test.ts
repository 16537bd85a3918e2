import { describe, expect, it } from 'vitest';
import { statePath } from '~/lib/flows/activity';
import { listStateNodes } from '~/lib/flows/definition';
import { initialStateNodes } from '~/lib/flows/microsteps';
import { catalogue } from './catalogue';

/**
 * The flows DESIGN.md §4 and issue 23 name must be taken whole in a real browser: `npm test`
 * runs `paths --browser-check`, which holds every flow marked 'complete' to 100 %.
 */
const TAKEN_WHOLE_IN_THE_BROWSER = [
  'session',
  'login',
  'register',
  'parental-consent',
  'code-request',
  'wallet-verification-status',
  'gem-top-up',
  'event-wizard',
  'import-wizard',
  'activities-list',
];

describe('the flows catalogue', () => {
  it('marks every named flow as one the browser suite must take whole', () => {
    const complete = catalogue.filter((entry) => entry.browserCoverage === 'complete').map((entry) => entry.id);
    expect(complete).toEqual(expect.arrayContaining(TAKEN_WHOLE_IN_THE_BROWSER));
  });

  it('gives every machine one entry with a unique id', () => {
    const ids = catalogue.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(catalogue.map((entry) => entry.machine.id)).size).toBe(ids.length);
  });

  it('gives every machine a main path of its own states, from where a run starts (the funnel on /flows/<id>)', () => {
    for (const entry of catalogue) {
      const states = new Set(listStateNodes(entry.machine).map(statePath));
      expect(entry.mainPath.length, entry.id).toBeGreaterThanOrEqual(2);
      expect(
        entry.mainPath.filter((state) => !states.has(state)),
        `${entry.id}: not states of the machine`,
      ).toEqual([]);
      expect(new Set(entry.mainPath).size, `${entry.id}: a step twice`).toBe(entry.mainPath.length);
      expect(initialStateNodes(entry.machine).map(statePath), entry.id).toContain(entry.mainPath[0]);
    }
  });
});
