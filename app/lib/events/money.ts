import type { PrizeGate, PrizeMoney } from '~/lib/domain/events';
import { PRIZE_PODIUM_PLACES } from '~/lib/constants';

/** Spec 3 §9: amounts are kept in AED; shown in USD they are amount / conversionRate to 2 decimals. */
export function prizeAmount(amountAed: number, prize: Pick<PrizeMoney, 'currency' | 'conversionRate'>): number {
  if (prize.currency === 'USD') return Math.round((amountAed / prize.conversionRate) * 100) / 100;
  return amountAed;
}

// Built once: toLocaleString with options makes a new number formatter on every call.
const AMOUNT_FORMATS = {
  USD: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  AED: new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
};

export function formatPrize(amountAed: number, prize: Pick<PrizeMoney, 'currency' | 'conversionRate'>): string {
  const format = prize.currency === 'USD' ? AMOUNT_FORMATS.USD : AMOUNT_FORMATS.AED;
  return `${prize.currency} ${format.format(prizeAmount(amountAed, prize))}`;
}

/** The podium (top 3) and the rest of a gate's places, each with its 1-based place. */
export function splitPodium(gate: PrizeGate) {
  const places = gate.prizes.map((amount, index) => ({ place: index + 1, amount }));
  return { podium: places.slice(0, PRIZE_PODIUM_PLACES), rest: places.slice(PRIZE_PODIUM_PLACES) };
}

export function totalPrize(prize: PrizeMoney): number {
  const sum = (gates: PrizeGate[]) => gates.reduce((total, gate) => total + gate.prizes.reduce((a, b) => a + b, 0), 0);
  return sum(prize.overall) + prize.day.reduce((total, day) => total + sum(day.gates), 0);
}
