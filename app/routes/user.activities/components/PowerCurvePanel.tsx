import { Form } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { useMemo, useState } from 'react';
import { Tabs } from '~/components/ui/Tabs';
import { formatDate, formatDuration } from '~/lib/activities/format';
import type { CurveView } from '~/lib/activities/curve-view';
import type { WindowModel } from '~/services/activities/power-models.server';
import { Button } from '~/components/ui/Button';
import { modelPower } from '~/lib/power/power-duration-model';

type Metric = 'power' | 'wkg';
const WIDTH = 720;
const HEIGHT = 280;
const PAD = { left: 52, right: 16, top: 16, bottom: 30 };
const ALL_TIME_COLOR = '#ff5a1f';
const RANGE_COLOR = '#3fb950';
const COMPARED_COLORS = ['#2f81f7', '#f5c518'];
const MODEL_COLORS: Record<number, string> = { 42: '#f0f6fc', 90: '#8b949e' };
/** The fitted line is drawn over the durations the panel shows, at most two hours. */
const MODEL_LINE_MAX_S = 7200;

/** A date range's best curve (`?from=&to=`, whole days); curve null when it has no powered ride. */
export interface CurveRange {
  from: string;
  to: string;
  curve: CurveView | null;
}
const TICKS = [1, 5, 15, 60, 300, 1200, 3600, 10800];

/**
 * Spec 2 §2 power curve panel: All TIME plus up to two ticked rides (or the overall average when
 * none is ticked), and optionally the best of a date range. Log-scaled durations; the hover
 * shows the duration, exact value and its date.
 */
export function PowerCurvePanel({
  allTime,
  average,
  compared,
  range = null,
  sort = 'desc',
  models = [],
}: {
  allTime: CurveView | null;
  average: CurveView | null;
  compared: CurveView[];
  range?: CurveRange | null;
  sort?: string;
  /** The power-duration models of the last 42 and 90 days (decision 143), drawn as dashed fitted lines. */
  models?: WindowModel[];
}) {
  const [metric, setMetric] = useState<Metric>('power');
  const [hover, setHover] = useState<number | null>(null);
  const lines = useMemo(() => {
    const drawn: Array<{ line: CurveView | null; color: string }> = [
      { line: allTime, color: ALL_TIME_COLOR },
      { line: range?.curve ?? null, color: RANGE_COLOR },
      ...(compared.length ? compared : [average]).map((line, index) => ({ line, color: COMPARED_COLORS[index] })),
    ];
    return drawn.filter((entry): entry is { line: CurveView; color: string } => entry.line !== null).map(({ line, color }) => ({ ...line, color }));
  }, [allTime, average, compared, range]);
  const maxD = Math.max(2, ...lines.map((line) => line.points[line.points.length - 1]?.d ?? 1));
  const value = (point: CurveView['points'][number]) => (metric === 'power' ? point.w : point.wkg);
  const fitted = models.filter((entry) => entry.model !== null);
  // W/kg lines are the rides' own weights per point; a model has no weight, so it is drawn in watts only.
  const modelLines = metric === 'power' ? fitted.map((entry) => ({ ...entry, points: modelPoints(entry, Math.min(maxD, MODEL_LINE_MAX_S)) })) : [];
  const maxY = Math.max(1, ...lines.flatMap((line) => line.points.map(value))) * 1.08;
  const x = (d: number) => PAD.left + (Math.log(d) / Math.log(maxD)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - (v / maxY) * (HEIGHT - PAD.top - PAD.bottom);
  const unit = metric === 'power' ? 'W' : 'W/KG';
  const hoverDuration = hover === null ? null : Math.round(Math.exp(((hover - PAD.left) / (WIDTH - PAD.left - PAD.right)) * Math.log(maxD)));
  const nearest = (line: CurveView) => {
    if (hoverDuration === null) return null;
    let best = line.points[0];
    for (const point of line.points) if (Math.abs(point.d - hoverDuration) < Math.abs(best.d - hoverDuration)) best = point;
    return best;
  };
  return (
    <section className="power-curve card" aria-label="Power curve">
      <div className="power-curve-head">
        <h2>Power curve</h2>
        <Tabs
          label="Power curve metric"
          tabs={[
            { id: 'power', label: 'POWER' },
            { id: 'wkg', label: 'W/KG' },
          ]}
          selected={metric}
          onSelect={setMetric}
        />
      </div>
      <ul className="power-curve-legend">
        {lines.map((line) => (
          <li key={line.id} style={{ color: line.color }}>
            {line.label}
          </li>
        ))}
      </ul>
      <ModelSummary models={models} />
      <RangeForm range={range} sort={sort} />
      {range && !range.curve ? (
        <p className="muted">
          No rides with power between {range.from} and {range.to}.
        </p>
      ) : null}
      <div role="tabpanel" id={`panel-${metric}`} aria-labelledby={`tab-${metric}`}>
        {lines.length === 0 ? (
          <p className="muted">No power data yet: ride with a power meter to see your curve.</p>
        ) : (
          <div className="power-curve-chart">
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-label={`Power curve in ${unit}`}
              onMouseMove={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                const px = ((event.clientX - box.left) / box.width) * WIDTH;
                setHover(Math.min(WIDTH - PAD.right, Math.max(PAD.left, px)));
              }}
              onMouseLeave={() => setHover(null)}
            >
              {TICKS.filter((tick) => tick <= maxD).map((tick) => (
                <g key={tick}>
                  <line x1={x(tick)} x2={x(tick)} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#2d3440" />
                  <text x={x(tick)} y={HEIGHT - 10} fill="#9aa4b2" fontSize="11" textAnchor="middle">
                    {formatDuration(tick)}
                  </text>
                </g>
              ))}
              {[0.25, 0.5, 0.75, 1].map((share) => (
                <text key={share} x={PAD.left - 6} y={y(maxY * share) + 4} fill="#9aa4b2" fontSize="11" textAnchor="end">
                  {metric === 'power' ? Math.round(maxY * share) : (maxY * share).toFixed(1)}
                </text>
              ))}
              {lines.map((line, index) => (
                <polyline
                  key={line.id}
                  fill="none"
                  stroke={line.color}
                  strokeWidth={index === 0 ? 2.5 : 1.8}
                  points={line.points.map((point) => `${x(point.d).toFixed(1)},${y(value(point)).toFixed(1)}`).join(' ')}
                />
              ))}
              {modelLines.map((line) => (
                <polyline
                  key={`model-${line.windowDays}`}
                  data-testid={`model-line-${line.windowDays}`}
                  fill="none"
                  stroke={MODEL_COLORS[line.windowDays]}
                  strokeWidth={1.5}
                  strokeDasharray="6 4"
                  points={line.points.map(([d, watts]) => `${x(d).toFixed(1)},${y(Math.min(watts, maxY)).toFixed(1)}`).join(' ')}
                />
              ))}
              {hover !== null ? <line x1={hover} x2={hover} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#f5f7fa" strokeDasharray="3 3" /> : null}
            </svg>
            {hoverDuration !== null ? (
              <div className="chart-tooltip power-curve-tooltip" role="status" data-testid="curve-tooltip">
                <strong>{formatDuration(nearest(lines[0])?.d ?? hoverDuration)}</strong>
                {lines.map((line) => {
                  const point = nearest(line);
                  if (!point) return null;
                  return (
                    <div key={line.id} style={{ color: line.color }}>
                      {line.label}: {metric === 'power' ? `${point.w} W` : `${point.wkg.toFixed(2)} W/KG`}
                      {point.date ? ` · ${formatDate(point.date)}` : ''}
                    </div>
                  );
                })}
              </div>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}

/** A GET form, so the range is in the URL and works without JavaScript. */
function RangeForm({ range, sort }: { range: CurveRange | null; sort: string }) {
  return (
    <Form method="get" className="power-curve-range" preventScrollReset aria-label="Best power in a date range">
      <input type="hidden" name="tab" value="activities" />
      <input type="hidden" name="sort" value={sort} />
      <label>
        From <input type="date" name="from" defaultValue={range?.from} required />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={range?.to} required />
      </label>
      <Button type="submit">Show best</Button>
      {range ? (
        <SiteLink to={`?tab=activities&sort=${sort}#activities`} preventScrollReset>
          Clear
        </SiteLink>
      ) : null}
    </Form>
  );
}

/** The model's power at the drawn durations, from the start of the fitted span to `maxS`. */
function modelPoints(entry: WindowModel, maxS: number): Array<[number, number]> {
  const model = entry.model;
  if (!model) return [];
  const points: Array<[number, number]> = [];
  for (let d = model.fromS; d <= maxS; d = Math.ceil(d * 1.15)) points.push([d, modelPower(model, d)]);
  points.push([maxS, modelPower(model, maxS)]);
  return points;
}

const kilojoules = (joules: number) => (joules / 1000).toFixed(1);

/**
 * eFTP, CP, W′ (and Pmax for the 3-parameter model) of each window (decision 143), named beside
 * the dashed fitted lines; the title says how the model was fitted.
 */
function ModelSummary({ models }: { models: WindowModel[] }) {
  if (models.length === 0) return null;
  return (
    <dl className="power-models" aria-label="Power-duration model">
      {models.map(({ windowDays, model }) => (
        <div key={windowDays} data-testid={`power-model-${windowDays}`}>
          <dt style={{ color: MODEL_COLORS[windowDays] }}>Model, last {windowDays} days</dt>
          {model ? (
            <dd
              title={
                model.kind === '3p'
                  ? "Morton's 3-parameter model fitted to your best powers from 5 s to 20 min"
                  : 'Monod & Scherrer 2-parameter model fitted to your best powers from 3 to 20 min'
              }
            >
              eFTP {Math.round(model.eftpW)} W · CP {Math.round(model.cpW)} W · W′ {kilojoules(model.wPrimeJ)} kJ
              {model.pmaxW !== null ? ` · Pmax ${Math.round(model.pmaxW)} W` : ''}
            </dd>
          ) : (
            <dd className="muted">Not enough hard efforts from 3 to 20 minutes in these days to fit a model.</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
