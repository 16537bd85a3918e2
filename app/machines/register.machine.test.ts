import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { registerMachine } from './register.machine';

it('register machine waits for the robot check before submitting', () => {
  const actor = createActor(registerMachine).start();
  actor.send({ type: 'SUBMIT' });
  expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
  actor.send({ type: 'ROBOT_CHECK_DONE' });
  actor.send({ type: 'ROBOT_CHECK_EXPIRED' });
  expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
});
