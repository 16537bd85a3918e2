import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DOWNLOAD_ERROR_MESSAGE, identityFilesMachine } from './identity-files.machine';

describe('identity files machine', () => {
  it('switches between existing and new files, resetting the fields each time', () => {
    const actor = createActor(identityFilesMachine, { input: { hasExistingFiles: true } }).start();
    expect(actor.getSnapshot().value).toBe('uploadNew');
    actor.send({ type: 'USE_EXISTING' });
    expect(actor.getSnapshot().matches('useExisting')).toBe(true);
    actor.send({ type: 'UPLOAD_NEW' });
    expect(actor.getSnapshot().value).toBe('uploadNew');
    expect(actor.getSnapshot().context.generation).toBe(2);
  });

  it('cannot use existing files when there are none', () => {
    const actor = createActor(identityFilesMachine, { input: { hasExistingFiles: false } }).start();
    actor.send({ type: 'USE_EXISTING' });
    expect(actor.getSnapshot().value).toBe('uploadNew');
  });

  it('shows the spec alert when a download fails', async () => {
    const machine = identityFilesMachine.provide({
      actors: { downloadFile: fromPromise(async () => Promise.reject(new Error('404'))) },
    });
    const actor = createActor(machine, { input: { hasExistingFiles: true } }).start();
    actor.send({ type: 'USE_EXISTING' });
    // Dismiss belongs to the alert: with none shown there is nothing to dismiss.
    expect(actor.getSnapshot().can({ type: 'DISMISS_ERROR' })).toBe(false);
    actor.send({ type: 'DOWNLOAD', side: 'back' });
    await waitFor(actor, (snapshot) => snapshot.context.downloadError !== null);
    expect(actor.getSnapshot().context.downloadError).toBe(DOWNLOAD_ERROR_MESSAGE);
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().context.downloadError).toBeNull();
  });
});
