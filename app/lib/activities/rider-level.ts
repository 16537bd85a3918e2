import {
  CATEGORY_ONE_MIN_W_PER_KG,
  CATEGORY_TWO_MIN_W_PER_KG,
  FTP_DEFAULT_W,
  FTP_DEFAULT_W_PER_KG,
  FTP_OF_TWENTY_MINUTES,
  FTP_TEST_DURATION_S,
  LEVEL_KM,
  LEVEL_MAX,
} from '~/lib/constants';

/** FTP = 95 % of the best 20-minute power; without such an effort, 2.5 W/kg (decision 022). */
export function deriveFtp(best20MinW: number, weightKg: number | null): number {
  if (best20MinW > 0) return Math.round(best20MinW * FTP_OF_TWENTY_MINUTES);
  return weightKg ? Math.round(weightKg * FTP_DEFAULT_W_PER_KG) : FTP_DEFAULT_W;
}

/** The best 20-minute power of a curve (0 when the curve is shorter). */
export function bestTwentyMinutes(curveWatts: ArrayLike<number> | null): number {
  return curveWatts && curveWatts.length >= FTP_TEST_DURATION_S ? curveWatts[FTP_TEST_DURATION_S - 1] : 0;
}

/** Spec 2 §9 thresholds on FTP W/kg: CAT 1 from 4.0, CAT 2 from 1.0, CAT 3 below. */
export function deriveCategory(ftpW: number, weightKg: number | null): number {
  if (!weightKg) return 3;
  const wattsPerKg = ftpW / weightKg;
  if (wattsPerKg >= CATEGORY_ONE_MIN_W_PER_KG) return 1;
  if (wattsPerKg >= CATEGORY_TWO_MIN_W_PER_KG) return 2;
  return 3;
}

/** Level 1 at 0 km, one more every 250 km, at most 50. */
export function deriveLevel(totalKm: number): number {
  return Math.min(LEVEL_MAX, 1 + Math.floor(Math.max(0, totalKm) / LEVEL_KM));
}
