import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { otpVerifyMachine } from './otp-verify.machine';

describe('otp-verify machine', () => {
  it('closes the form while the post is out, reopens it on a rejection and ends when the server redirects', () => {
    const actor = createActor(otpVerifyMachine).start();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'REJECTED' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'REDIRECTED' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
