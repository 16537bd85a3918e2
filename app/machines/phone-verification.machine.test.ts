import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { phoneVerificationMachine } from './phone-verification.machine';

function start(correctCode: string) {
  let sends = 0;
  const machine = phoneVerificationMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        sends += 1;
        if (input.phone === 'bad') throw new Error('Please enter a valid phone number');
        return { key: `key-${sends}`, phone: '+971501234567' };
      }),
      verifyCode: fromPromise(async ({ input }) => {
        if (input.code !== correctCode) throw new Error('The code is not correct.');
      }),
    },
  });
  return { actor: createActor(machine).start(), sends: () => sends };
}

describe('phone verification machine', () => {
  it('goes not sent → sent → (resend) → verified', async () => {
    const { actor, sends } = start('123456');
    expect(actor.getSnapshot().value).toBe('notSent');
    actor.send({ type: 'SEND', phone: '0501234567', channel: 'whatsapp' });
    await waitFor(actor, (snapshot) => snapshot.matches('sent'));
    expect(actor.getSnapshot().context).toMatchObject({ key: 'key-1', phone: '+971501234567', channel: 'whatsapp' });
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('sent') && snapshot.context.key === 'key-2');
    expect(sends()).toBe(2);
    actor.send({ type: 'VERIFY', code: '000000' });
    await waitFor(actor, (snapshot) => snapshot.matches('sent') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The code is not correct.');
    actor.send({ type: 'VERIFY', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('stays not sent with the message when sending fails', async () => {
    const { actor } = start('123456');
    actor.send({ type: 'SEND', phone: 'bad', channel: 'sms' });
    await waitFor(actor, (snapshot) => snapshot.matches('notSent') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Please enter a valid phone number');
  });
});
