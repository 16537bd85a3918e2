import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { otpVerifyMachine } from './otp-verify.machine';

describe('otp verify machine', () => {
  it('otp verify shows the error under the field and goes to login on success', () => {
    const goToLogin = vi.fn();
    const actor = createActor(otpVerifyMachine.provide({ actions: { goToLogin } })).start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REJECTED', message: 'The code is invalid or has expired.' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.error).toBe('The code is invalid or has expired.');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'VERIFIED' });
    expect(actor.getSnapshot().value).toBe('verified');
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});
