import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { codeRequestMachine, type CodeRequestResult } from './code-request.machine';

function start(result: () => Promise<CodeRequestResult>) {
  const clock = new SimulatedClock();
  const actor = createActor(codeRequestMachine.provide({ actors: { sendCode: fromPromise(result) } }), { input: {}, clock }).start();
  return { actor, clock };
}

describe('codeRequest', () => {
  it('goes Get Code → Sending… → Wait 60s…1s → Get Code, refusing requests meanwhile', async () => {
    const { actor, clock } = start(async () => ({ ok: true, message: 'OTP sent to your phone successfully', key: 'k1' }));
    actor.send({ type: 'REQUEST', canRequest: true });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().can({ type: 'REQUEST', canRequest: true })).toBe(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 60, key: 'k1' });
    expect(actor.getSnapshot().can({ type: 'REQUEST', canRequest: true })).toBe(false);
    clock.increment(1_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    for (let second = 0; second < 58; second++) clock.increment(1_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    clock.increment(1_000);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('stays on Get Code with the message when sending fails, and refuses an invalid phone', async () => {
    const { actor } = start(async () => ({ ok: false, message: 'Failed to send OTP. Please try again.' }));
    actor.send({ type: 'REQUEST', canRequest: false });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'REQUEST', canRequest: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe('Failed to send OTP. Please try again.');
  });
});
