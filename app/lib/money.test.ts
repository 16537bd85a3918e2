import { describe, expect, it } from 'vitest';
import { btcToUsdCents, feeForAmount, formatBtc, formatUnits, formatUsd, parseBtc } from './money';

describe('money', () => {
  it('shows BTC to 6 decimals, USD to 2, coins as integers', () => {
    expect(formatBtc(123_456_789n)).toBe('1.234568');
    expect(formatBtc(100n)).toBe('0.000001');
    expect(formatBtc(49n)).toBe('0.000000');
    expect(formatBtc(-250_000_000_000n)).toBe('-2,500.000000');
    expect(formatUsd(123_450n)).toBe('1,234.50');
    expect(formatUnits(12_000n)).toBe('12,000');
  });

  it('reads digits with one point and at most 6 decimals as satoshi', () => {
    expect(parseBtc('0.000001')).toBe(100n);
    expect(parseBtc('1.5')).toBe(150_000_000n);
    expect(parseBtc('.25')).toBe(25_000_000n);
    expect(parseBtc('2.')).toBe(200_000_000n);
    expect(parseBtc('0.0000001')).toBeNull();
    expect(parseBtc('1e3')).toBeNull();
    expect(parseBtc('1.2.3')).toBeNull();
    expect(parseBtc('-1')).toBeNull();
    expect(parseBtc('')).toBeNull();
  });

  it('rounds the fee up to the display step', () => {
    expect(feeForAmount(100_000_000n, 150, 100n)).toBe(1_500_000n);
    expect(feeForAmount(100n, 150, 100n)).toBe(100n);
    expect(feeForAmount(0n, 150, 100n)).toBe(0n);
    expect(btcToUsdCents(100_000_000n, 6_500_000n)).toBe(6_500_000n);
  });
});
