import { useEffect, useRef } from 'react';

export interface RideChartProps {
  /** Per-second values (one per recorded sample). */
  values: ArrayLike<number>;
  color: string;
  unit: string;
  /** Sample index under the pointer, drawn as a crosshair on an overlay. */
  hoverIndex: number | null;
  onHover: (index: number | null) => void;
  /** Seconds between grid lines along the time axis (spec 3 power graph "gap"). */
  gridEveryS: number;
  t: ArrayLike<number>;
  height?: number;
}

const PAD_LEFT = 48;
const PAD_BOTTOM = 20;

/**
 * Min/max per pixel column: every peak and trough of a 10,800-point series survives on a
 * ~1,000-pixel canvas, which plain decimation would drop.
 */
function minMaxColumns(values: ArrayLike<number>, columns: number): { min: Float32Array; max: Float32Array } {
  const min = new Float32Array(columns).fill(Number.POSITIVE_INFINITY);
  const max = new Float32Array(columns).fill(Number.NEGATIVE_INFINITY);
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const column = Math.min(columns - 1, Math.floor((i / n) * columns));
    const value = values[i];
    if (value < min[column]) min[column] = value;
    if (value > max[column]) max[column] = value;
  }
  return { min, max };
}

function draw(canvas: HTMLCanvasElement, values: ArrayLike<number>, t: ArrayLike<number>, color: string, unit: string, gridEveryS: number) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  const plotWidth = width - PAD_LEFT;
  const plotHeight = height - PAD_BOTTOM - 6;
  let top = 0;
  let bottom = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    if (values[i] > top) top = values[i];
    if (values[i] < bottom) bottom = values[i];
  }
  if (!Number.isFinite(bottom) || bottom > 0) bottom = Math.min(0, bottom);
  top = top === bottom ? bottom + 1 : top * 1.05;
  const y = (value: number) => 6 + plotHeight - ((value - bottom) / (top - bottom)) * plotHeight;
  context.font = '11px system-ui, sans-serif';
  context.fillStyle = '#9aa4b2';
  context.strokeStyle = '#2d3440';
  context.lineWidth = 1;
  for (const share of [0, 0.5, 1]) {
    const value = bottom + (top - bottom) * share;
    context.fillText(`${Math.round(value)} ${unit}`, 2, y(value) + 4);
    context.beginPath();
    context.moveTo(PAD_LEFT, y(value));
    context.lineTo(width, y(value));
    context.stroke();
  }
  const duration = t.length ? t[t.length - 1] : 0;
  const every = Math.max(gridEveryS, Math.ceil(duration / 8 / gridEveryS) * gridEveryS);
  for (let second = every; second < duration; second += every) {
    const x = PAD_LEFT + (second / duration) * plotWidth;
    context.beginPath();
    context.moveTo(x, 6);
    context.lineTo(x, 6 + plotHeight);
    context.stroke();
    context.fillText(`${Math.round(second / 60)} min`, x - 14, height - 4);
  }
  const columns = Math.max(1, Math.floor(plotWidth));
  const { min, max } = minMaxColumns(values, columns);
  context.strokeStyle = color;
  context.fillStyle = color;
  context.beginPath();
  for (let column = 0; column < columns; column++) {
    if (!Number.isFinite(max[column])) continue;
    const x = PAD_LEFT + column + 0.5;
    context.moveTo(x, y(min[column]));
    context.lineTo(x, Math.min(y(max[column]), y(min[column]) - 1));
  }
  context.stroke();
}

/** A long ride series on canvas, with peaks kept and a cheap crosshair overlay for the hover. */
export function RideChart({ values, t, color, unit, hoverIndex, onHover, gridEveryS, height = 220 }: RideChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const redraw = () => draw(canvas, values, t, color, unit, gridEveryS);
    redraw();
    performance.mark('ride-chart-drawn');
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [values, t, color, unit, gridEveryS]);
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    const ratio = window.devicePixelRatio || 1;
    overlay.width = Math.round(overlay.clientWidth * ratio);
    overlay.height = Math.round(overlay.clientHeight * ratio);
    const context = overlay.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, overlay.clientWidth, overlay.clientHeight);
    if (hoverIndex === null || values.length === 0) return;
    const x = PAD_LEFT + (hoverIndex / Math.max(1, values.length - 1)) * (overlay.clientWidth - PAD_LEFT);
    context.strokeStyle = '#f5f7fa';
    context.setLineDash([3, 3]);
    context.beginPath();
    context.moveTo(x, 0);
    context.lineTo(x, overlay.clientHeight - PAD_BOTTOM);
    context.stroke();
  }, [hoverIndex, values.length]);
  return (
    <div className="ride-chart" style={{ height }}>
      <canvas ref={canvasRef} className="ride-chart-canvas" aria-hidden="true" />
      <canvas
        ref={overlayRef}
        className="ride-chart-overlay"
        data-testid="ride-chart-overlay"
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const share = (event.clientX - box.left - PAD_LEFT) / (box.width - PAD_LEFT);
          onHover(Math.min(values.length - 1, Math.max(0, Math.round(share * (values.length - 1)))));
        }}
        onMouseLeave={() => onHover(null)}
      />
    </div>
  );
}
