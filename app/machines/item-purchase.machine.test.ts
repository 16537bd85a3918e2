import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { itemPurchaseMachine, type CheckAnswer, type PurchaseAnswer } from './item-purchase.machine';

function run(check: CheckAnswer | Error, purchase: PurchaseAnswer | Error = { status: true, message: 'Purchase Successful!' }) {
  const clock = new SimulatedClock();
  const answer = <T>(value: T | Error) =>
    fromPromise(async () => {
      if (value instanceof Error) throw value;
      return value;
    });
  const actor = createActor(itemPurchaseMachine.provide({ actors: { checkPurchase: answer(check), purchase: answer(purchase) } }), { clock }).start();
  return { actor, clock };
}

describe('item purchase machine', () => {
  it('hides Buy and shows the check error', async () => {
    const { actor } = run({ error: 'You already own this item.' });
    const snapshot = await waitFor(actor, (s) => s.matches('blocked'));
    expect(snapshot.context.message).toBe('You already own this item.');
    actor.send({ type: 'BUY' });
    expect(actor.getSnapshot().value).toBe('blocked');
  });

  it('buys, closes the modal, shows the success dialog only after 700 ms, confirming reloads', async () => {
    const { actor, clock } = run({ error: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'BUY' });
    await waitFor(actor, (s) => s.matches('purchased'));
    clock.increment(699);
    expect(actor.getSnapshot().value).toBe('purchased');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('successDialog');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the server message, or Purchase failed. without one, and lets the rider try again', async () => {
    const { actor } = run({ error: null }, { status: false, message: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'BUY' });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.message).toBe('Purchase failed.');
    const withMessage = run({ error: null }, { status: false, message: 'You do not have enough coins to buy this item.' }).actor;
    await waitFor(withMessage, (s) => s.matches('ready'));
    withMessage.send({ type: 'BUY' });
    expect((await waitFor(withMessage, (s) => s.matches('failed'))).context.message).toBe('You do not have enough coins to buy this item.');
  });

  it('turns an exception in the check or the purchase into the catalogue message', async () => {
    const { actor } = run(new Error('offline'));
    expect((await waitFor(actor, (s) => s.matches('blocked'))).context.message).toBe('An error occurred while processing your request.');
    const buying = run({ error: null }, new Error('offline')).actor;
    await waitFor(buying, (s) => s.matches('ready'));
    buying.send({ type: 'BUY' });
    expect((await waitFor(buying, (s) => s.matches('failed'))).context.message).toBe('An error occurred while processing your request.');
  });
});
