import { useMemo } from 'react';
import { Table, type Column } from '~/components/ui/Table';
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

interface StatRow {
  label: string;
  max: string;
  min: string;
  avg: string;
}

const COLUMNS: Column<StatRow>[] = [
  { header: '', cell: (row) => row.label, rowHeader: true },
  { header: 'MAX', cell: (row) => row.max },
  { header: 'MIN', cell: (row) => row.min },
  { header: 'AVG', cell: (row) => row.avg },
];

/** Spec 3: max, min and average of power, speed, heart rate and cadence; minimum elevation. */
export function RideStats({ series }: { series: ActivitySeries }) {
  const rows = useMemo(() => {
    const measured = [
      { label: 'Power', unit: 'W', ...stats(series.power, false), digits: 0 },
      { label: 'Speed', unit: 'KM/H', ...stats(series.speedKmh, false), digits: 1 },
      { label: 'Heart rate', unit: 'BPM', ...stats(series.heartRate, true), digits: 0 },
      { label: 'Cadence', unit: 'RPM', ...stats(series.cadence, true), digits: 0 },
    ];
    const figure = (value: number, digits: number, unit: string) => `${value.toFixed(digits)} ${unit}`;
    const statRows: StatRow[] = measured.map((row) => ({
      label: row.label,
      max: figure(row.max, row.digits, row.unit),
      min: figure(row.min, row.digits, row.unit),
      avg: figure(row.avg, row.digits, row.unit),
    }));
    return [...statRows, { label: 'Elevation', max: '', min: `${Math.round(Math.min(...series.altitudeM))} M`, avg: '' }];
  }, [series]);
  return (
    <section className="ride-stats card" aria-label="Ride statistics">
      <Table columns={COLUMNS} rows={rows} rowKey={(row) => row.label} />
    </section>
  );
}
