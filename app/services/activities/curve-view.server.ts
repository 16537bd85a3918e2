import { curveDurations } from '~/lib/activities/format';
import type { CurveView } from '~/lib/activities/curve-view';
import type { CurveLine } from './curves.server';

export function toCurveView(line: CurveLine): CurveView {
  return {
    id: line.id,
    label: line.label,
    points: curveDurations(line.watts.length).map((d) => ({ d, w: line.watts[d - 1], wkg: line.wattsPerKg[d - 1], date: line.dates[d - 1] })),
  };
}
