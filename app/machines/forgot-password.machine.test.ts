import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { forgotButtonLabel, forgotPasswordMachine } from './forgot-password.machine';

describe('forgot password machine', () => {
  it("reads 'Submit', then 'Send Again' after a request, and goes home on success", () => {
    const goHome = vi.fn();
    const actor = createActor(forgotPasswordMachine.provide({ actions: { goHome } }), { input: { requestedBefore: false } }).start();
    expect(forgotButtonLabel(actor.getSnapshot().context.requestedBefore)).toBe('Submit');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED', message: 'Invalid email address provided.' });
    expect(forgotButtonLabel(actor.getSnapshot().context.requestedBefore)).toBe('Send Again');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SENT' });
    expect(actor.getSnapshot().value).toBe('sent');
    expect(goHome).toHaveBeenCalledTimes(1);
  });
});
