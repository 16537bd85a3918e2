import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { registerMachine } from './register.machine';

describe('register machine', () => {
  it('resets the robot check after every rejected attempt, then leaves when the server redirects', () => {
    const resetRobotCheck = vi.fn();
    const actor = createActor(registerMachine.provide({ actions: { resetRobotCheck } })).start();
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REJECTED' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REDIRECTED' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(resetRobotCheck).toHaveBeenCalledTimes(1);
  });
});
