import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { coinPurchaseMachine, type CoinsAnswer } from './coin-purchase.machine';

function run(gems: number, answer: CoinsAnswer | Error) {
  const calls: string[] = [];
  const purchaseCoins = fromPromise<CoinsAnswer, { packageId: string }>(async ({ input }) => {
    calls.push(input.packageId);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { actor: createActor(coinPurchaseMachine.provide({ actors: { purchaseCoins } }), { input: { gems } }).start(), calls };
}

describe('coin purchase machine', () => {
  it('switches to Power Gems without calling the server when gems are fewer than the price', () => {
    const { actor, calls } = run(40, { status: true, reward: 1000 });
    actor.send({ type: 'CHOOSE', packageId: 'coins_1000', price: 50 });
    expect(actor.getSnapshot().value).toBe('needGems');
    expect(calls).toEqual([]);
  });

  it('buys with enough gems and shows the reward; Ok leaves', async () => {
    const { actor, calls } = run(50, { status: true, reward: 1000 });
    actor.send({ type: 'CHOOSE', packageId: 'coins_1000', price: 50 });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context.reward).toBe(1000);
    expect(calls).toEqual(['coins_1000']);
    actor.send({ type: 'OK' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows failure for a false status or an error', async () => {
    const refused = run(500, { status: false }).actor;
    refused.send({ type: 'CHOOSE', packageId: 'coins_1000', price: 50 });
    await waitFor(refused, (s) => s.matches('failure'));
    const broken = run(500, new Error('offline')).actor;
    broken.send({ type: 'CHOOSE', packageId: 'coins_1000', price: 50 });
    await waitFor(broken, (s) => s.matches('failure'));
  });
});
