import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { IMPORT_MESSAGES } from '~/lib/activities/import-rules';
import { importWizardMachine, type ImportWizardContext, type SubmitOutcome } from './import-wizard.machine';

const goodStats = { days: '1', hours: '2', minutes: '3', distance: '100', distanceUnit: 'kilometers' as const, elevation: '900' };

function start(outcome: () => Promise<SubmitOutcome>) {
  return createActor(importWizardMachine.provide({ actors: { submitImport: fromPromise(outcome) } })).start();
}

describe('importWizard machine', () => {
  it('advances on picking a platform, validates each step, submits and succeeds', async () => {
    const actor = start(async () => ({ ok: true }));
    actor.send({ type: 'PICK_PLATFORM', platform: 'Zwift' });
    expect(actor.getSnapshot().value).toBe('stats');
    actor.send({ type: 'SUBMIT_STATS', stats: { ...goodStats, hours: '24', minutes: '60', days: '-1' } });
    expect(actor.getSnapshot().context.errors).toEqual({
      days: IMPORT_MESSAGES.daysNegative,
      hours: IMPORT_MESSAGES.hoursRange,
      minutes: IMPORT_MESSAGES.minutesRange,
    });
    actor.send({ type: 'SUBMIT_STATS', stats: { ...goodStats, days: '', hours: '', minutes: '', distance: '', elevation: '' } });
    expect(actor.getSnapshot().context.errors).toEqual({
      time: IMPORT_MESSAGES.timeSpent,
      distance: IMPORT_MESSAGES.distance,
      elevation: IMPORT_MESSAGES.elevation,
    });
    actor.send({ type: 'SUBMIT_STATS', stats: goodStats });
    expect(actor.getSnapshot().value).toBe('proof');
    actor.send({ type: 'SUBMIT_PROOF', proof: { profileLink: 'nope', fileCount: 11 } });
    expect(actor.getSnapshot().context.errors).toEqual({ profileLink: IMPORT_MESSAGES.profileLinkInvalid, files: IMPORT_MESSAGES.tooManyFiles });
    actor.send({ type: 'SUBMIT_PROOF', proof: { profileLink: 'https://zwift.com/me', fileCount: 2 } });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
  });

  it('shows the first message of each server error list and stays on the proof step', async () => {
    const actor = start(async () => ({ ok: false, errors: ['Profile link should be a valid link'] }));
    actor.send({ type: 'PICK_PLATFORM', platform: 'Strava' });
    actor.send({ type: 'SUBMIT_STATS', stats: goodStats });
    actor.send({ type: 'SUBMIT_PROOF', proof: { profileLink: 'https://strava.com/a', fileCount: 1 } });
    await waitFor(actor, (snapshot) => snapshot.matches('proof') && snapshot.context.serverErrors.length > 0);
    expect(actor.getSnapshot().context.serverErrors).toEqual(['Profile link should be a valid link']);
  });

  it('goes back and closes from any step, leaving the page', () => {
    const left: string[] = [];
    const actor = createActor(
      importWizardMachine.provide({
        actions: { leave: () => void left.push('left') },
        actors: { submitImport: fromPromise<SubmitOutcome, ImportWizardContext>(async () => ({ ok: true })) },
      }),
    ).start();
    actor.send({ type: 'PICK_PLATFORM', platform: 'Rouvy' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('platform');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(left).toEqual(['left']);
  });
});
