import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { withdrawalMachine, type WithdrawalInput } from './withdrawal.machine';

const input: WithdrawalInput = { verified: true, remainingTransactions: 2, availableSatoshi: '1015000', minimumSatoshi: '100', feeBasisPoints: 150 };

describe('withdrawal', () => {
  it('enables Withdraw only for a valid amount whose total fits the balance, then returns to /wallet 1.5 s after success', () => {
    const clock = new SimulatedClock();
    let left = false;
    const actor = createActor(withdrawalMachine.provide({ actions: { goToWallet: () => void (left = true) } }), { input, clock }).start();
    actor.send({ type: 'AMOUNT_CHANGED', amount: '0.010001' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'AMOUNT_CHANGED', amount: '0.01' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMITTED' });
    expect(actor.getSnapshot().value).toBe('succeeded');
    clock.increment(1_499);
    expect(left).toBe(false);
    clock.increment(1);
    expect(left).toBe(true);
  });

  it('keeps Withdraw disabled when unverified or when no withdrawals remain, and shows the server refusal', () => {
    for (const blocked of [
      { ...input, verified: false },
      { ...input, remainingTransactions: 0 },
    ]) {
      const actor = createActor(withdrawalMachine, { input: blocked }).start();
      actor.send({ type: 'AMOUNT_CHANGED', amount: '0.01' });
      expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    }
    const actor = createActor(withdrawalMachine, { input }).start();
    actor.send({ type: 'AMOUNT_CHANGED', amount: '0.01' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED', message: 'Total amount including fee exceeds available balance' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Total amount including fee exceeds available balance');
  });
});
