import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { gemTopUpMachine, type PaymentInfoAnswer } from './gem-top-up.machine';

function run(
  input: { paymentResult: string | null; orderId: string | null },
  answers: PaymentInfoAnswer[] = [],
  sessionUrl: string | null = 'https://pay.example/cs_1',
) {
  const clock = new SimulatedClock();
  const asked: string[] = [];
  const effects: string[] = [];
  const machine = gemTopUpMachine.provide({
    actors: {
      createSession: fromPromise(async () => ({ sessionUrl })),
      paymentInfo: fromPromise<PaymentInfoAnswer, { orderId: string }>(async ({ input: { orderId } }) => {
        asked.push(orderId);
        return answers[asked.length - 1] ?? { state: 'pending' };
      }),
    },
    actions: { goToCheckout: () => void effects.push('redirect'), alertNoSession: () => void effects.push('alert') },
  });
  const actor = createActor(machine, { input: {}, clock }).start();
  if (input.paymentResult !== null) actor.send({ type: 'RETURNED', paymentResult: input.paymentResult, orderId: input.orderId });
  return { actor, clock, asked, effects };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('gem top-up machine', () => {
  it('asks for a session and leaves for its URL; without a URL it alerts and stays', async () => {
    const ok = run({ paymentResult: null, orderId: null });
    ok.actor.send({ type: 'CHOOSE', packageId: 'gems_100' });
    await waitFor(ok.actor, (s) => s.matches('redirecting'));
    expect(ok.effects).toEqual(['redirect']);
    const none = run({ paymentResult: null, orderId: null }, [], null);
    none.actor.send({ type: 'CHOOSE', packageId: 'gems_100' });
    await flush();
    expect(none.actor.getSnapshot().value).toBe('choosing');
    expect(none.effects).toEqual(['alert']);
  });

  it('polls 3 times 10 s apart, slow from halfway, then fails', async () => {
    const { actor, clock, asked } = run({ paymentResult: 'success', orderId: 'o1' });
    await flush();
    expect(asked).toEqual(['o1']);
    expect(actor.getSnapshot().context.slow).toBe(false);
    clock.increment(9_999);
    await flush();
    expect(asked).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(asked).toHaveLength(2);
    expect(actor.getSnapshot().context.slow).toBe(true);
    clock.increment(10_000);
    await flush();
    expect(asked).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('failure');
  });

  it('shows the gems bought when a poll finds it paid', async () => {
    const { actor, clock } = run({ paymentResult: 'success', orderId: 'o1' }, [{ state: 'pending' }, { state: 'paid', reward: 250 }]);
    await flush();
    clock.increment(10_000);
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context.reward).toBe(250);
  });

  it('fails at once for error, an unknown result, success without an order, or a failed order', async () => {
    for (const input of [
      { paymentResult: 'error', orderId: 'o1' },
      { paymentResult: 'maybe', orderId: 'o1' },
      { paymentResult: 'success', orderId: null },
    ]) {
      const { actor, asked } = run(input);
      expect(actor.getSnapshot().value).toBe('failure');
      expect(asked).toEqual([]);
    }
    const failed = run({ paymentResult: 'success', orderId: 'not-mine' }, [{ state: 'failed' }]);
    await waitFor(failed.actor, (s) => s.matches('failure'));
    expect(failed.asked).toHaveLength(1);
  });
});
