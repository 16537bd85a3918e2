import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { resetPasswordMachine } from './reset-password.machine';

describe('reset password machine', () => {
  it('reset goes to login on success and back to the form on rejection', () => {
    const goToLogin = vi.fn();
    const actor = createActor(resetPasswordMachine.provide({ actions: { goToLogin } })).start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REJECTED', message: 'This reset link is invalid or has expired.' });
    expect(actor.getSnapshot().context.error).toBe('This reset link is invalid or has expired.');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESET' });
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});
