import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { WALLET_FEE_BASIS_POINTS, WALLET_MIN_WITHDRAWAL_SATOSHI } from '~/lib/constants';
import { BTC_STEP_SATOSHI, formatBtc } from '~/lib/money';
import { minimumWithdrawalMessage, WALLET_MESSAGES as M } from './messages';
import { AMOUNT_STEP, checkAmount, withdrawalSchema, type WithdrawalLimits } from './withdrawal-schema';

const limits: WithdrawalLimits = { availableSatoshi: 100_000_000n, minimumSatoshi: WALLET_MIN_WITHDRAWAL_SATOSHI, feeBasisPoints: WALLET_FEE_BASIS_POINTS };
const MINIMUM = minimumWithdrawalMessage('0.000001', 'BTC');
const errorOf = (text: string, rules = limits) => {
  const checked = checkAmount(text, rules);
  return 'error' in checked ? checked.error : null;
};

/** A deterministic stream of numbers in [0, 1) (mulberry32), so a failure names a reproducible amount. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` amounts strictly between 0 and `minimumSatoshi`, typed with 6 to 12 decimals. */
function amountsBelow(minimumSatoshi: bigint, count: number, seed: number) {
  const next = numbers(seed);
  const amounts: string[] = [];
  while (amounts.length < count) {
    const decimals = 6 + Math.floor(next() * 7);
    // The amount in units of 10^-decimals BTC, below the minimum expressed in those units.
    const scale = 10n ** BigInt(decimals);
    const limit = (minimumSatoshi * scale) / 100_000_000n;
    if (limit < 2n) continue;
    const units = 1n + BigInt(Math.floor(next() * Number(limit - 1n)));
    amounts.push(`0.${units.toString().padStart(decimals, '0')}`);
  }
  return amounts;
}

describe('the withdrawal amount (spec 1 §5, §9; issue 36)', () => {
  it('keeps the minimum a whole number of the field’s steps, and the field’s step is the spec’s 0.000001', () => {
    expect(AMOUNT_STEP).toBe('0.000001');
    expect(WALLET_MIN_WITHDRAWAL_SATOSHI > 0n).toBe(true);
    expect(WALLET_MIN_WITHDRAWAL_SATOSHI % BTC_STEP_SATOSHI).toBe(0n);
  });

  it('says "Minimum withdrawal amount is {min} {currency}" for every amount above zero and below the minimum, however finely typed', () => {
    const larger = { ...limits, minimumSatoshi: 50_000n };
    const cases = [
      ...amountsBelow(WALLET_MIN_WITHDRAWAL_SATOSHI, 500, 36).map((amount) => [amount, limits, MINIMUM] as const),
      ...amountsBelow(50_000n, 500, 37).map((amount) => [amount, larger, minimumWithdrawalMessage(formatBtc(50_000n), 'BTC')] as const),
    ];
    const spread = new Map<number, number>();
    for (const [amount, rules, message] of cases) {
      expect(errorOf(amount, rules), amount).toBe(message);
      const decimals = amount.length - 2;
      spread.set(decimals, (spread.get(decimals) ?? 0) + 1);
    }
    console.info(
      `amounts below the minimum by decimals typed: ${[...spread]
        .sort(([a], [b]) => a - b)
        .map(([d, n]) => `${d}: ${n}`)
        .join(', ')}`,
    );
    expect(spread.size).toBeGreaterThanOrEqual(5);
    for (const amount of ['0.0000001', '0.00000099', '0.000000999999', '.0000005', '0.000000001']) expect(errorOf(amount), amount).toBe(MINIMUM);
  });

  it('keeps the spec’s other messages, and holds amounts from the minimum up to the field’s step', () => {
    expect(errorOf('')).toBe(M.amountRequired);
    expect(errorOf('1.2.3')).toBe(M.amountNotNumber);
    expect(errorOf('0')).toBe(M.amountNotPositive);
    expect(errorOf('0.0000000')).toBe(M.amountNotPositive);
    expect(errorOf('0.0000015')).toBe(M.amountTooPrecise);
    expect(errorOf('2')).toBe(M.totalExceedsBalance);
    expect(checkAmount('0.000001', limits)).toEqual({ satoshi: 100n });
    expect(checkAmount('0.0000010', limits)).toEqual({ satoshi: 100n });
  });

  it('gives the server the amount in satoshi, and the same message as the browser', () => {
    const schema = withdrawalSchema(limits);
    const form = (amount: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ amount, email: 'rider@example.com', walletAddress: 'bc1q', requestKey: 'request-key-1' }))
        data.append(name, value);
      return parseWithZod(data, { schema });
    };
    const accepted = form('0.25');
    expect(accepted.status === 'success' && accepted.value.amount).toBe(25_000_000n);
    expect(form('0.0000001').reply().error).toEqual({ amount: [MINIMUM] });
  });
});
