import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { requiredSteps, type StepRequirements } from '~/lib/events/wizard-steps';
import { eventWizardMachine } from './event-wizard.machine';

function start(requirements: StepRequirements, submitForm = vi.fn()) {
  const actor = createActor(eventWizardMachine.provide({ actions: { submitForm } })).start();
  actor.send({ type: 'START', requirements });
  return actor;
}

const all: StepRequirements = { identification: true, device: true, team: true, otp: true };
const none: StepRequirements = { identification: false, device: false, team: false, otp: false };

describe('event wizard machine', () => {
  it('shows every step on one page until the script starts it', () => {
    const actor = createActor(eventWizardMachine).start();
    expect(actor.getSnapshot().value).toBe('allSteps');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('allSteps');
  });

  it('walks all seven steps in order when the event needs them, and back', () => {
    const submitForm = vi.fn();
    const actor = start(all, submitForm);
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      seen.push(String(actor.getSnapshot().value));
      actor.send({ type: 'NEXT' });
    }
    seen.push(String(actor.getSnapshot().value));
    expect(seen).toEqual(['disclaimer', 'personal', 'rider', 'identity', 'device', 'team', 'phone']);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('team');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submitForm).toHaveBeenCalledTimes(1);
    actor.send({ type: 'REDIRECTED' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('takes exactly the steps the shared list requires, for every combination', () => {
    for (let bits = 0; bits < 16; bits += 1) {
      const requirements = { identification: Boolean(bits & 1), device: Boolean(bits & 2), team: Boolean(bits & 4), otp: Boolean(bits & 8) };
      const actor = start(requirements);
      const seen: string[] = [];
      while (actor.getSnapshot().value !== 'submitting') {
        seen.push(String(actor.getSnapshot().value));
        actor.send({ type: 'NEXT' });
      }
      expect(seen).toEqual(requiredSteps(requirements));
    }
  });

  it('goes back through exactly the required steps, and a refusal returns to the last one, for every combination', () => {
    for (let bits = 0; bits < 16; bits += 1) {
      const requirements = { identification: Boolean(bits & 1), device: Boolean(bits & 2), team: Boolean(bits & 4), otp: Boolean(bits & 8) };
      const steps = requiredSteps(requirements);
      const actor = start(requirements);
      while (actor.getSnapshot().value !== 'submitting') actor.send({ type: 'NEXT' });
      actor.send({ type: 'REJECTED', messages: ['Refused'] });
      actor.send({ type: 'DISMISS_ERROR' });
      const seen: string[] = [String(actor.getSnapshot().value)];
      while (actor.getSnapshot().value !== 'disclaimer') {
        actor.send({ type: 'BACK' });
        seen.push(String(actor.getSnapshot().value));
      }
      expect(seen).toEqual([...steps].reverse());
    }
  });

  it('skips conditional steps going back too', () => {
    const actor = start({ ...none, team: true });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('team');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('rider');
  });

  it('shows a refused submission and returns to the last step', () => {
    const actor = start({ ...none, device: true });
    for (let step = 0; step < 4; step += 1) actor.send({ type: 'NEXT' });
    actor.send({ type: 'REJECTED', messages: ['The room is already fill for this event.'] });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.serverErrors).toEqual(['The room is already fill for this event.']);
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().value).toBe('device');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.serverErrors).toEqual([]);
  });
});
