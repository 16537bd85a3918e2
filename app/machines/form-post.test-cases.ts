import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { createFormPostMachine } from './form-post';

/** The behaviour every plain server-decided form shares (otp-verify, forgot and reset password). */
export function itBehavesAsAFormPost(machine: ReturnType<typeof createFormPostMachine>) {
  it('closes the form while the post is out, reopens it on a rejection and ends when the server redirects', () => {
    const actor = createActor(machine).start();
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
}
