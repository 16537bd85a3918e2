import { ResponsiveLine } from '@nivo/line';
import { useEffect, useMemo, useState } from 'react';
import type { SeriesPoint } from '~/lib/activities/training-load';

const SERIES = [
  { id: 'Fitness', key: 'fitness', color: '#2f81f7' },
  { id: 'Fatigue', key: 'fatigue', color: '#a371f7' },
  { id: 'Form', key: 'form', color: '#f5c518' },
] as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Fitness (CTL), fatigue (ATL) and form (TSB) per day (decision 142): a nivo line chart, drawn
 * once the page is in the browser (nivo measures its box); the figures of the last day are
 * written out beside it, and the chart's label lists them for screen readers.
 */
export function FitnessChart({ points }: { points: readonly SeriesPoint[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const last = points[points.length - 1];
  // Drawn in the browser only: the server render does not build the chart's series.
  const data = useMemo(
    () => (mounted ? SERIES.map((series) => ({ id: series.id, data: points.map((point) => ({ x: point.day, y: round1(point[series.key]) })) })) : []),
    [mounted, points],
  );
  const tickEvery = points.length > 200 ? 'every 2 months' : points.length > 60 ? 'every month' : 'every week';
  return (
    <div className="fitness-chart">
      {last ? (
        <dl className="fitness-today">
          {SERIES.map((series) => (
            <div key={series.id} style={{ borderColor: series.color }}>
              <dt>{series.id}</dt>
              <dd data-testid={`fitness-${series.key}`}>{Math.round(last[series.key])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="fitness-lines" data-testid="fitness-lines">
        {mounted ? (
          <ResponsiveLine
            data={data}
            role="img"
            ariaLabel={
              last
                ? `Fitness, fatigue and form from ${points[0].day} to ${last.day}: on the last day fitness ${Math.round(last.fitness)}, fatigue ${Math.round(last.fatigue)}, form ${Math.round(last.form)}`
                : 'No days in this range'
            }
            margin={{ top: 10, right: 20, bottom: 40, left: 50 }}
            xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
            xFormat="time:%d %b %Y"
            yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
            axisBottom={{ format: '%d %b', tickValues: tickEvery }}
            axisLeft={{ legend: 'training load / day', legendPosition: 'middle', legendOffset: -40 }}
            colors={SERIES.map((series) => series.color)}
            enablePoints={false}
            enableSlices="x"
            curve="monotoneX"
            lineWidth={2}
            theme={{ text: { fill: '#9aa4b2' }, grid: { line: { stroke: '#2d3440' } }, tooltip: { container: { background: '#1f2630', color: '#f5f7fa' } } }}
            legends={[{ anchor: 'top-left', direction: 'row', itemWidth: 80, itemHeight: 16, translateY: -8, itemTextColor: '#9aa4b2' }]}
          />
        ) : null}
      </div>
    </div>
  );
}
