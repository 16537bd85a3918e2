import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StepRequirements } from '~/lib/events/wizard-steps';
import { eventWizardMachine, type SubmitFailure } from './event-wizard.machine';

function start(requirements: StepRequirements, options: { isRegistered?: boolean; failure?: SubmitFailure } = {}) {
  const machine = eventWizardMachine.provide({
    actors: {
      loadRegistration: fromPromise(async () => ({ requirements, isRegistered: options.isRegistered ?? false })),
      submitRegistration: fromPromise(async () => {
        if (options.failure) throw options.failure;
        return { redirectTo: '/event/1/thank-you' };
      }),
    },
  });
  return createActor(machine).start();
}

const all: StepRequirements = { identification: true, device: true, team: true, otp: true };
const none: StepRequirements = { identification: false, device: false, team: false, otp: false };

describe('event wizard machine', () => {
  it('walks all seven steps in order when the event needs them, and back', async () => {
    const actor = start(all);
    await waitFor(actor, (snapshot) => snapshot.matches('disclaimer'));
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      seen.push(String(actor.getSnapshot().value));
      actor.send({ type: 'NEXT' });
    }
    seen.push(String(actor.getSnapshot().value));
    expect(seen).toEqual(['disclaimer', 'personalDetails', 'riderDetails', 'identityVerification', 'deviceDetails', 'team', 'phoneVerification']);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('team');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('submitted');
  });

  it('skips every conditional step the event does not need', async () => {
    const actor = start({ ...none, team: true });
    await waitFor(actor, (snapshot) => snapshot.matches('disclaimer'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('team');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('riderDetails');
    const plain = start(none);
    await waitFor(plain, (snapshot) => snapshot.matches('disclaimer'));
    plain.send({ type: 'NEXT' });
    plain.send({ type: 'NEXT' });
    plain.send({ type: 'NEXT' });
    await waitFor(plain, (snapshot) => snapshot.status === 'done');
  });

  it('stops for a rider who is already registered', async () => {
    const actor = start(none, { isRegistered: true });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('alreadyRegistered');
  });

  it('shows a refused submission and returns to the last step', async () => {
    const actor = start({ ...none, device: true }, { failure: { messages: ['The room is already fill for this event.'] } });
    await waitFor(actor, (snapshot) => snapshot.matches('disclaimer'));
    for (let step = 0; step < 4; step += 1) actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.serverErrors).toEqual(['The room is already fill for this event.']);
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().value).toBe('deviceDetails');
    expect(actor.getSnapshot().context.serverErrors).toEqual(['The room is already fill for this event.']);
  });
});
