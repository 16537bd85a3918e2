import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine } from './forgot-password.machine';

describe('forgot-password machine', () => {
  it('closes the form while the post is out, reopens it on a rejection and ends when the server redirects', () => {
    const actor = createActor(forgotPasswordMachine).start();
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
