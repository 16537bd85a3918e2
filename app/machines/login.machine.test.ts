import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine } from './login.machine';
import { registerMachine } from './register.machine';

describe('login machine', () => {
  it('keeps Submit closed until the robot check is done', () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it.each([
    ['resetPassword', 'resetPassword'],
    ['parentalConsent', 'parentalConsent'],
    ['verifyEmail', 'verifyEmail'],
    ['signedIn', 'signedIn'],
  ] as const)('goes to %s on that outcome', (outcome, state) => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESULT', outcome });
    expect(actor.getSnapshot().value).toBe(state);
  });

  it('clears the form and resets the robot check on failure', () => {
    const clearForm = vi.fn();
    const resetRobotCheck = vi.fn();
    const actor = createActor(loginMachine.provide({ actions: { clearForm, resetRobotCheck } })).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESULT', outcome: 'failed' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    expect(clearForm).toHaveBeenCalledTimes(1);
    expect(resetRobotCheck).toHaveBeenCalledTimes(1);
  });

  it('closes Submit again when the robot check expires', () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'ROBOT_CHECK_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
  });
});

describe('register machine', () => {
  it('resets the robot check after every attempt and routes minors to consent', () => {
    const resetRobotCheck = vi.fn();
    const actor = createActor(registerMachine.provide({ actions: { resetRobotCheck } })).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESULT', outcome: 'failed' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESULT', outcome: 'parentalConsent' });
    expect(actor.getSnapshot().value).toBe('parentalConsent');
    expect(resetRobotCheck).toHaveBeenCalledTimes(2);
  });

  it('sends an adult to login', () => {
    const actor = createActor(registerMachine).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESULT', outcome: 'verifyEmail' });
    expect(actor.getSnapshot().value).toBe('login');
  });
});
