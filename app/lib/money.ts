/**
 * The one place money becomes text (and text becomes money). On the money path amounts are
 * bigint minor units: BTC in satoshi, USD in cents, coins and gems in whole units.
 * Spec 1 §5 "Amounts are shown to 6 decimals, USD to 2."
 */

const SATOSHI_PER_BTC = 100_000_000n;
/** Spec 1 §5: BTC is shown and entered to 6 decimals, so the smallest step is 100 satoshi. */
const BTC_DISPLAY_DECIMALS = 6;
const USD_DISPLAY_DECIMALS = 2;
const BTC_MINOR_DECIMALS = 8;

/** Minor units as a decimal string with `shown` decimals, rounded half away from zero. */
function formatMinor(amount: bigint, minorDecimals: number, shown: number): string {
  const negative = amount < 0n;
  let magnitude = negative ? -amount : amount;
  const drop = minorDecimals - shown;
  if (drop > 0) {
    const divisor = 10n ** BigInt(drop);
    magnitude = (magnitude + divisor / 2n) / divisor;
  }
  const scale = 10n ** BigInt(shown);
  const whole = (magnitude / scale).toLocaleString('en-US');
  const fraction = shown > 0 ? `.${(magnitude % scale).toString().padStart(shown, '0')}` : '';
  return `${negative && magnitude !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** Satoshi → "0.001234" (6 decimals, thousands separated). */
export function formatBtc(satoshi: bigint): string {
  return formatMinor(satoshi, BTC_MINOR_DECIMALS, BTC_DISPLAY_DECIMALS);
}

/** Satoshi → "0.001234" without thousands separators, as a form field's value. */
export function btcInputValue(satoshi: bigint): string {
  return formatBtc(satoshi).replaceAll(',', '');
}

/** Cents → "1,234.50". */
export function formatUsd(cents: bigint): string {
  return formatMinor(cents, USD_DISPLAY_DECIMALS, USD_DISPLAY_DECIMALS);
}

/** Card payments: fils (1/100 dirham) → "AED 1,234.50". */
export function formatAed(fils: bigint): string {
  return `AED ${formatMinor(fils, 2, 2)}`;
}

/** Coins and gems are whole units. */
export function formatUnits(units: bigint): string {
  return formatMinor(units, 0, 0);
}

/** Spec 1 §5 "accepts only digits and one decimal point". */
const DECIMAL_TEXT = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * "0.000123" → 12300n satoshi. Null when the text is not digits with at most one point, or
 * has more decimals than `maxDecimals` (a BTC amount typed by a rider has at most 6).
 */
export function parseBtc(text: string, maxDecimals = BTC_DISPLAY_DECIMALS): bigint | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  if (fraction.length > maxDecimals) return null;
  return BigInt(whole) * SATOSHI_PER_BTC + BigInt(fraction.padEnd(BTC_MINOR_DECIMALS, '0') || '0');
}

/**
 * amount × basis points / 10 000, rounded up to a whole `step` of minor units (decision 071:
 * BTC fees round up to 0.000001 BTC, so the fee and total shown are exactly what is held).
 */
export function feeForAmount(amount: bigint, feeBasisPoints: number, step = 1n): bigint {
  const unit = 10_000n * step;
  return ((amount * BigInt(feeBasisPoints) + unit - 1n) / unit) * step;
}

/** BTC satoshi → USD cents at a rate given in cents per BTC, rounded half up. */
export function btcToUsdCents(satoshi: bigint, usdCentsPerBtc: bigint): bigint {
  return (satoshi * usdCentsPerBtc + SATOSHI_PER_BTC / 2n) / SATOSHI_PER_BTC;
}
