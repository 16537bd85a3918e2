import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { linkVerificationMachine, type LinkAnswer } from './link-verification.machine';

function run(verify: LinkAnswer, resend: LinkAnswer = { ok: true, message: 'sent' }, canResend = true) {
  return createActor(
    linkVerificationMachine.provide({
      actors: { verifyLink: fromPromise(async () => verify), resendLink: fromPromise(async () => resend) },
    }),
    { input: { canResend } },
  ).start();
}

describe('link verification machine', () => {
  it('goes from pending to success with the server message', async () => {
    const actor = run({ ok: true, message: 'Your account has been verified.' });
    expect(actor.getSnapshot().value).toBe('pending');
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('success');
    expect(done.context.message).toBe('Your account has been verified.');
  });

  it('fails with the server message and allows Resend', async () => {
    const actor = run({ ok: false, message: 'This link is invalid or has expired.' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RESEND' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('resent');
  });

  it('offers no Resend where the link has none (delete-user)', async () => {
    const actor = run({ ok: false, message: 'nope' }, undefined, false);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
