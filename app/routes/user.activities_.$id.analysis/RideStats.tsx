import { useMemo } from 'react';
import type { ActivitySeries } from '~/services/activities/detail.server';

function stats(values: number[], skipZeros: boolean) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let total = 0;
  let count = 0;
  for (const value of values) {
    if (skipZeros && value === 0) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    total += value;
    count++;
  }
  return count ? { min, max, avg: total / count } : { min: 0, max: 0, avg: 0 };
}

/** Spec 3: max, min and average of power, speed, heart rate and cadence; minimum elevation. */
export function RideStats({ series }: { series: ActivitySeries }) {
  const rows = useMemo(
    () => [
      { label: 'Power', unit: 'W', ...stats(series.power, false), digits: 0 },
      { label: 'Speed', unit: 'KM/H', ...stats(series.speedKmh, false), digits: 1 },
      { label: 'Heart rate', unit: 'BPM', ...stats(series.heartRate, true), digits: 0 },
      { label: 'Cadence', unit: 'RPM', ...stats(series.cadence, true), digits: 0 },
    ],
    [series],
  );
  const minElevation = useMemo(() => Math.min(...series.altitudeM), [series.altitudeM]);
  return (
    <section className="ride-stats card" aria-label="Ride statistics">
      <table>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">MAX</th>
            <th scope="col">MIN</th>
            <th scope="col">AVG</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>
                {row.max.toFixed(row.digits)} {row.unit}
              </td>
              <td>
                {row.min.toFixed(row.digits)} {row.unit}
              </td>
              <td>
                {row.avg.toFixed(row.digits)} {row.unit}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Elevation</th>
            <td />
            <td>{Math.round(minElevation)} M</td>
            <td />
          </tr>
        </tbody>
      </table>
    </section>
  );
}
