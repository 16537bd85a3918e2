import { packRows, unpackRows, type PackedRows } from '~/lib/packed-rows';

/** One drawn duration of a power curve: its exact watts and W/kg there, and the ride's date. */
interface CurvePoint {
  d: number;
  w: number;
  wkg: number;
  date: string;
}

/** A curve cut to the drawn durations (exact values there), as the browser draws it. */
export interface CurveView {
  id: string;
  label: string;
  points: readonly CurvePoint[];
}

/** A curve as a page's data carries it: its points packed into one string (lib/packed-rows). */
export interface PackedCurve {
  id: string;
  label: string;
  points: PackedRows<CurvePoint>;
}

export function packCurve(curve: CurveView): PackedCurve {
  return { id: curve.id, label: curve.label, points: packRows(curve.points, ['d', 'w', 'wkg', 'date']) };
}

export function unpackCurve(curve: PackedCurve): CurveView {
  return { id: curve.id, label: curve.label, points: unpackRows(curve.points) };
}
