import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { importStatusBannerMachine } from './import-status-banner.machine';

function start(markSeen: () => Promise<void> = async () => undefined) {
  return createActor(importStatusBannerMachine.provide({ actors: { markSeen: fromPromise(markSeen) } })).start();
}

describe('importStatusBanner machine', () => {
  it('shows each of the four states from the loaded status', () => {
    for (const status of ['none', 'submitted', 'approved', 'rejected'] as const) {
      const actor = start();
      actor.send({ type: 'STATUS_LOADED', status });
      expect(actor.getSnapshot().value).toBe(status);
    }
  });

  it('Got It marks the approval seen and hides the banner; a failure keeps it', async () => {
    const seen = start();
    seen.send({ type: 'STATUS_LOADED', status: 'approved' });
    seen.send({ type: 'GOT_IT' });
    await waitFor(seen, (snapshot) => snapshot.matches('none'));
    const failing = start(async () => {
      throw new Error('offline');
    });
    failing.send({ type: 'STATUS_LOADED', status: 'approved' });
    failing.send({ type: 'GOT_IT' });
    await waitFor(failing, (snapshot) => snapshot.matches('approved'));
  });

  it('import and re-import open the wizard; submitted offers nothing', () => {
    const actor = start();
    actor.send({ type: 'STATUS_LOADED', status: 'rejected' });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('wizardOpen');
    actor.send({ type: 'WIZARD_CLOSED' });
    expect(actor.getSnapshot().value).toBe('loading');
    const waiting = start();
    waiting.send({ type: 'STATUS_LOADED', status: 'submitted' });
    expect(waiting.getSnapshot().can({ type: 'IMPORT' })).toBe(false);
  });
});
