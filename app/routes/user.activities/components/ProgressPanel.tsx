import { Bar } from '@nivo/bar';
import { SiteLink } from '~/components/ui/SiteLink';
import { useEffect, useMemo, useState } from 'react';
import { unpackRows, type PackedRows } from '~/lib/packed-rows';
import { Table, type Column } from '~/components/ui/Table';
import { PROGRESS_BAR_MAX_PX, PROGRESS_BAR_THICKNESS_PX } from '~/lib/constants';
import type { ChartRow, Period, ProgressCell } from '~/services/activities/rider-page.server';

const PERIODS: Array<{ id: Period; label: string }> = [
  { id: 'week', label: 'THIS WEEK' },
  { id: 'month', label: 'THIS MONTH' },
  { id: 'year', label: 'THIS YEAR' },
];

interface ProgressRowSpec {
  key: keyof ProgressCell;
  label: string;
  unit: string;
  digits: number;
}

const ROWS: ProgressRowSpec[] = [
  { key: 'distance', label: 'Distance', unit: 'KM', digits: 1 },
  { key: 'timeSpend', label: 'Time spent', unit: 'h', digits: 1 },
  { key: 'elevation', label: 'Elevation', unit: 'M', digits: 0 },
  { key: 'longestRide', label: 'Longest ride', unit: 'KM', digits: 1 },
  { key: 'races', label: 'Races', unit: '', digits: 0 },
  { key: 'allRides', label: 'All rides', unit: '', digits: 0 },
];

/** An approved import carries totals only: no longest ride, race or ride count. */
export type ImportedTotals = Pick<ProgressCell, 'distance' | 'timeSpend' | 'elevation'>;

function formatCell(value: number | undefined, row: ProgressRowSpec): string {
  return value === undefined ? '—' : `${value.toFixed(row.digits)} ${row.unit}`.trim();
}

export function ProgressTable({ grid, imported }: { grid: Record<Period, ProgressCell>; imported: ImportedTotals | null }) {
  const importedCells: Partial<ProgressCell> | null = imported;
  const columns: Column<ProgressRowSpec>[] = [
    { header: '', cell: (row) => row.label, rowHeader: true },
    ...PERIODS.map((period) => ({ header: period.label, cell: (row: ProgressRowSpec) => formatCell(grid[period.id][row.key], row) })),
    ...(importedCells ? [{ header: 'OTHER PLATFORM', cell: (row: ProgressRowSpec) => formatCell(importedCells[row.key], row) }] : []),
  ];
  return <Table className="progress-table" label="Progress" columns={columns} rows={ROWS} rowKey={(row) => row.key} />;
}

/** Spec 2 §2 bar chart: thickness 30 (max 50), elevation yellow, distance blue. */
export function ProgressChart({ period, chart: packedChart }: { period: Period; chart: PackedRows<ChartRow> }) {
  const chart = useMemo(() => unpackRows(packedChart), [packedChart]);
  const [dataType, setDataType] = useState<'distance' | 'elevation'>('distance');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // nivo sizes bars from the width: pick the width that makes each bar exactly 30 px (≤ 50).
  const padding = 0.3;
  const barPx = Math.min(PROGRESS_BAR_THICKNESS_PX, PROGRESS_BAR_MAX_PX);
  const margin = { top: 10, right: 10, bottom: 30, left: 60 };
  const chartWidth = Math.round((chart.length * barPx) / (1 - padding)) + margin.left + margin.right;
  return (
    <section className="progress-chart card" aria-label="Progress chart">
      <div className="progress-controls">
        <nav className="segmented" aria-label="Period">
          {PERIODS.map((item) => (
            <SiteLink key={item.id} to={`?period=${item.id}#profile`} preventScrollReset aria-current={item.id === period ? 'page' : undefined}>
              {item.label}
            </SiteLink>
          ))}
        </nav>
        <div className="segmented" role="group" aria-label="Data type">
          {(['distance', 'elevation'] as const).map((type) => (
            <button key={type} type="button" aria-pressed={dataType === type} onClick={() => setDataType(type)}>
              {type.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
      <div className="progress-bars" data-bar-color={dataType}>
        {mounted ? (
          <Bar
            width={chartWidth}
            height={260}
            data={chart.map((row) => ({ label: row.label, value: Math.round(row[dataType] * 10) / 10 }))}
            keys={['value']}
            indexBy="label"
            margin={margin}
            padding={padding}
            colors={[dataType === 'elevation' ? '#f5c518' : '#2f81f7']}
            enableLabel={false}
            axisLeft={{ legend: dataType === 'elevation' ? 'M' : 'KM', legendPosition: 'middle', legendOffset: -40 }}
            theme={{ text: { fill: '#9aa4b2' }, grid: { line: { stroke: '#2d3440' } }, tooltip: { container: { background: '#1f2630', color: '#f5f7fa' } } }}
            valueFormat={(value) => `${value} ${dataType === 'elevation' ? 'M' : 'KM'}`}
            // The chart's text alternative (WCAG 1.1.1): every bar's figure, in order.
            ariaLabel={`${dataType === 'elevation' ? 'Elevation' : 'Distance'} per period: ${chart
              .map((row) => `${row.label} ${Math.round(row[dataType] * 10) / 10} ${dataType === 'elevation' ? 'M' : 'KM'}`)
              .join(', ')}`}
          />
        ) : null}
      </div>
    </section>
  );
}
