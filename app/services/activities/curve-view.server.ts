import { curveDurations } from '~/lib/activities/format';
import type { CurveLine } from './curves.server';

/** A curve cut to the drawn durations (exact values there), as sent to the browser. */
export interface CurveView {
  id: string;
  label: string;
  points: Array<{ d: number; w: number; wkg: number; date: string }>;
}

export function toCurveView(line: CurveLine): CurveView {
  return {
    id: line.id,
    label: line.label,
    points: curveDurations(line.watts.length).map((d) => ({ d, w: line.watts[d - 1], wkg: line.wattsPerKg[d - 1], date: line.dates[d - 1] })),
  };
}
