import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { registerMachine } from './register.machine';

describe('register machine', () => {
  it('resets the robot check after every refused attempt, whatever the refusal', () => {
    const resetRobotCheck = vi.fn();
    const actor = createActor(registerMachine.provide({ actions: { resetRobotCheck } })).start();
    for (const type of ['INVALID_FIELDS', 'ROBOT_CHECK_FAILED'] as const) {
      actor.send({ type: 'ROBOT_CHECK_DONE' });
      actor.send({ type: 'SUBMIT' });
      actor.send({ type });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value).not.toBe('submitting');
    }
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 0 });
    expect(actor.getSnapshot().value).toBe('tooManyAttempts');
    expect(resetRobotCheck).toHaveBeenCalledTimes(3);
  });

  it('an adult (or a taken e-mail) gets the toast and login; a child goes to parental consent', () => {
    const announce = vi.fn();
    const leave = vi.fn();
    const adult = createActor(registerMachine.provide({ actions: { announce, leave } })).start();
    adult.send({ type: 'ROBOT_CHECK_DONE' });
    adult.send({ type: 'SUBMIT' });
    adult.send({ type: 'VERIFICATION_SENT', to: '/auth/login', message: 'Thank you for registering.' });
    expect(adult.getSnapshot().value).toBe('verificationSent');
    expect(announce).toHaveBeenCalledTimes(1);
    const child = createActor(registerMachine.provide({ actions: { announce, leave } })).start();
    child.send({ type: 'ROBOT_CHECK_DONE' });
    child.send({ type: 'SUBMIT' });
    child.send({ type: 'PARENTAL_CONSENT_PENDING', to: '/parental-consent?childUserId=c&userAge=11' });
    expect(child.getSnapshot().value).toBe('parentalConsentPending');
    expect(child.getSnapshot().context.to).toBe('/parental-consent?childUserId=c&userAge=11');
    expect(leave).toHaveBeenCalledTimes(2);
    expect(announce).toHaveBeenCalledTimes(1);
  });
});
