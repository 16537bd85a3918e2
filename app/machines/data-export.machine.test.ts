import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DATA_EXPORT_POLL_MS } from '~/lib/constants';
import { dataExportMachine, type DataExportView } from './data-export.machine';

const view = (status: DataExportView['status'], progress = 0): DataExportView => ({
  id: 'e1',
  status,
  progress,
  sizeBytes: status === 'ready' ? 1234 : null,
  expiresAt: null,
});

function start(initial: DataExportView | null, answers: Array<DataExportView | null | Error>) {
  const clock = new SimulatedClock();
  const checkExport = fromPromise(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next ?? null;
  });
  const actor = createActor(dataExportMachine.provide({ actors: { checkExport } }), { input: { view: initial }, clock }).start();
  return { actor, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dataExport machine', () => {
  it('shows what the page loaded: nothing asked, waiting for the parent, ready, failed', () => {
    expect(start(null, []).actor.getSnapshot().value).toBe('none');
    expect(start(view('waiting-for-parent'), []).actor.getSnapshot().value).toBe('waitingForParent');
    expect(start(view('ready', 100), []).actor.getSnapshot().value).toBe('ready');
    expect(start(view('failed'), []).actor.getSnapshot().value).toBe('failed');
  });

  it('asks every poll interval while the copy builds, shows the progress, and stops when it is ready', async () => {
    const { actor, clock } = start(view('queued'), [view('building', 40), new Error('offline'), view('ready', 100)]);
    expect(actor.getSnapshot().value).toBe('building');
    clock.increment(DATA_EXPORT_POLL_MS - 1);
    expect(actor.getSnapshot().value).toBe('building');
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().value).toBe('building');
    expect(actor.getSnapshot().context.view?.progress).toBe(40);
    clock.increment(DATA_EXPORT_POLL_MS);
    await settle();
    // A failed check keeps the last progress and asks again.
    expect(actor.getSnapshot().value).toBe('building');
    expect(actor.getSnapshot().context.view?.progress).toBe(40);
    clock.increment(DATA_EXPORT_POLL_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.view?.sizeBytes).toBe(1234);
  });

  it('ends failed when the build failed, and none when the copy went', async () => {
    const failing = start(view('building', 10), [view('failed')]);
    failing.clock.increment(DATA_EXPORT_POLL_MS);
    await settle();
    expect(failing.actor.getSnapshot().value).toBe('failed');
    const gone = start(view('building', 10), [null]);
    gone.clock.increment(DATA_EXPORT_POLL_MS);
    await settle();
    expect(gone.actor.getSnapshot().value).toBe('none');
  });
});
