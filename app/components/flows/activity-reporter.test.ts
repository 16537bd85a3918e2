import { describe, expect, it } from 'vitest';
import { asksNotToBeTracked } from './activity-reporter';

describe('asksNotToBeTracked', () => {
  it('hears Do Not Track and Global Privacy Control, and nothing else', () => {
    expect(asksNotToBeTracked({ doNotTrack: '1' })).toBe(true);
    expect(asksNotToBeTracked({ globalPrivacyControl: true })).toBe(true);
    expect(asksNotToBeTracked({ doNotTrack: '0', globalPrivacyControl: false })).toBe(false);
    expect(asksNotToBeTracked({ doNotTrack: 'unspecified' })).toBe(false);
    expect(asksNotToBeTracked({ doNotTrack: null })).toBe(false);
  });
});
