import { describe, expect, it } from 'vitest';
import { btcToUsdCents, feeForAmount, formatBtc, formatUnits, formatUsd, readTypedBtc } from './money';

describe('money', () => {
  it('shows BTC to 6 decimals, USD to 2, coins as integers', () => {
    expect(formatBtc(123_456_789n)).toBe('1.234568');
    expect(formatBtc(100n)).toBe('0.000001');
    expect(formatBtc(49n)).toBe('0.000000');
    expect(formatBtc(-250_000_000_000n)).toBe('-2,500.000000');
    expect(formatUsd(123_450n)).toBe('1,234.50');
    expect(formatUnits(12_000n)).toBe('12,000');
  });

  it('reads digits with one point as satoshi (rounded down), saying whether it is above zero and how many decimals it needs', () => {
    expect(readTypedBtc('0.000001')).toEqual({ satoshiFloor: 100n, positive: true, decimals: 6 });
    expect(readTypedBtc('1.5')).toEqual({ satoshiFloor: 150_000_000n, positive: true, decimals: 1 });
    expect(readTypedBtc('.25')).toEqual({ satoshiFloor: 25_000_000n, positive: true, decimals: 2 });
    expect(readTypedBtc('2.')).toEqual({ satoshiFloor: 200_000_000n, positive: true, decimals: 0 });
    expect(readTypedBtc(' 0.0000010 ')).toEqual({ satoshiFloor: 100n, positive: true, decimals: 6 });
    expect(readTypedBtc('0.0000001')).toEqual({ satoshiFloor: 10n, positive: true, decimals: 7 });
    expect(readTypedBtc('0.000000009')).toEqual({ satoshiFloor: 0n, positive: true, decimals: 9 });
    expect(readTypedBtc('0.000')).toEqual({ satoshiFloor: 0n, positive: false, decimals: 0 });
    for (const text of ['1e3', '1.2.3', '-1', '', '.', 'abc', '0x10']) expect(readTypedBtc(text), text).toBeNull();
  });

  it('rounds the fee up to the display step', () => {
    expect(feeForAmount(100_000_000n, 150, 100n)).toBe(1_500_000n);
    expect(feeForAmount(100n, 150, 100n)).toBe(100n);
    expect(feeForAmount(0n, 150, 100n)).toBe(0n);
    expect(btcToUsdCents(100_000_000n, 6_500_000n)).toBe(6_500_000n);
  });
});
