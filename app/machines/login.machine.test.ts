import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine } from './login.machine';

describe('login machine', () => {
  it('keeps Submit closed until the robot check is done, and again once it expires', () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'ROBOT_CHECK_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('clears the form and asks for a fresh robot check when the server rejects the attempt', () => {
    const clearForm = vi.fn();
    const resetRobotCheck = vi.fn();
    const actor = createActor(loginMachine.provide({ actions: { clearForm, resetRobotCheck } })).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REJECTED' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    expect(clearForm).toHaveBeenCalledTimes(1);
    expect(resetRobotCheck).toHaveBeenCalledTimes(1);
  });

  it('ends when the server redirects, wherever it sends the rider', () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REDIRECTED' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
