import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { loginMachine } from './login.machine';

function submitted(actions: Partial<Record<'leave' | 'announce' | 'clearForm' | 'resetRobotCheck', () => void>> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(loginMachine.provide({ actions }), { clock }).start();
  actor.send({ type: 'ROBOT_CHECK_DONE' });
  actor.send({ type: 'SUBMIT' });
  return { actor, clock };
}

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

  it('follows the redirect chain the server resolved', () => {
    for (const [destination, state] of [
      ['partnerAuthorization', 'toPartnerAuthorization'],
      ['storedPath', 'toStoredPath'],
      ['profile', 'toProfile'],
    ] as const) {
      const leave = vi.fn();
      const { actor } = submitted({ leave });
      actor.send({ type: 'SIGNED_IN', destination, to: '/somewhere' });
      expect(actor.getSnapshot().value).toEqual({ signedIn: state });
      expect(actor.getSnapshot().context.to).toBe('/somewhere');
      expect(leave).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves for the step a rider must take first, with the toast the outcome carries', () => {
    const announce = vi.fn();
    const { actor } = submitted({ announce });
    actor.send({ type: 'EMAIL_NOT_VERIFIED', to: '/auth/verification', message: 'Please verify your e-mail: we have sent you a new code.' });
    expect(actor.getSnapshot().value).toBe('emailNotVerified');
    expect(actor.getSnapshot().context.message).toBe('Please verify your e-mail: we have sent you a new code.');
    expect(announce).toHaveBeenCalledTimes(1);
    for (const type of ['PASSWORD_RESET_REQUIRED', 'PARENTAL_CONSENT_PENDING'] as const) {
      const next = submitted().actor;
      next.send({ type, to: '/next' });
      expect(next.getSnapshot().status).toBe('done');
    }
  });

  it('clears the form and asks for a fresh robot check after wrong credentials or a refused check', () => {
    const clearForm = vi.fn();
    const resetRobotCheck = vi.fn();
    const { actor } = submitted({ clearForm, resetRobotCheck });
    actor.send({ type: 'WRONG_CREDENTIALS' });
    expect(actor.getSnapshot().value).toBe('wrongCredentials');
    expect(clearForm).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('wrongCredentials');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'ROBOT_CHECK_FAILED' });
    expect(actor.getSnapshot().value).toBe('robotCheckFailed');
    expect(resetRobotCheck).toHaveBeenCalledTimes(2);
  });

  it("keeps the form with the server's field errors and asks for a fresh robot check (issue 39: it stayed on Sending…)", () => {
    const resetRobotCheck = vi.fn();
    const clearForm = vi.fn();
    const { actor } = submitted({ resetRobotCheck, clearForm });
    actor.send({ type: 'INVALID_FIELDS' });
    expect(actor.getSnapshot().value).toBe('invalidFields');
    expect(resetRobotCheck).toHaveBeenCalledTimes(1);
    expect(clearForm).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('invalidFields');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it("waits out the server's backoff before the robot check is asked again", () => {
    const { actor, clock } = submitted();
    actor.send({ type: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 4 });
    expect(actor.getSnapshot().value).toBe('tooManyAttempts');
    actor.send({ type: 'ROBOT_CHECK_DONE' });
    expect(actor.getSnapshot().value).toBe('tooManyAttempts');
    clock.increment(3_999);
    expect(actor.getSnapshot().value).toBe('tooManyAttempts');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('waitingForRobotCheck');
  });
});
