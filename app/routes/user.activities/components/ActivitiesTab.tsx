import { apiJson } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatClock, formatDate, formatKm } from '~/lib/activities/format';
import type { ActivityListPage, ActivityRow, ActivitySort, ApprovedImportRow } from '~/lib/activities/types';
import { activitiesListMachine, type PageRequest } from '~/machines/activities-list.machine';
import { unpackCurve, type CurveView, type PackedCurve } from '~/lib/activities/curve-view';
import { unpackActivityPage, type PackedActivityPage } from '~/lib/activities/list-page';
import { PowerCurvePanel, type CurveRange } from './PowerCurvePanel';
import { Table, type Column } from '~/components/ui/Table';
import type { WindowModel } from '~/services/activities/power-models.server';
import { Button } from '~/components/ui/Button';

async function fetchPage({ input }: { input: PageRequest }): Promise<ActivityListPage> {
  const query = new URLSearchParams({ page: String(input.page), sort: input.sort, type: input.type });
  return apiJson<ActivityListPage>(`/user/activities/list?${query}`);
}

// Built once per process, not per render (provide() builds the state-node tree).
const listMachine = activitiesListMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) } });

function useComparedCurves(ids: string[]): CurveView[] {
  const [curves, setCurves] = useState<CurveView[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    if (!key) {
      setCurves([]);
      return;
    }
    const controller = new AbortController();
    apiJson<CurveView[]>(`/user/activities/curves?ids=${key}`, { signal: controller.signal })
      .then(setCurves)
      .catch(() => setCurves([]));
    return () => controller.abort();
  }, [key]);
  return curves;
}

const cell = (value: number | null, digits = 0) => (value === null ? '—' : value.toFixed(digits));

/** The ACTIVITIES table's columns (spec 2 §2); Other Platform only for a rider with approved imports. */
function activityColumns(otherPlatform: boolean, compare: string[], toggleCompare: (id: string) => void): Column<ActivityRow>[] {
  return [
    {
      header: <span className="visually-hidden">Select for download</span>,
      cell: (row) => <input type="checkbox" name="id" value={row.id} aria-label={`Select ${row.title} ${formatDate(row.date)} for download`} />,
    },
    {
      header: <span className="visually-hidden">Compare</span>,
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={`Compare ${row.title} ${formatDate(row.date)}`}
          checked={compare.includes(row.id)}
          disabled={!row.hasPower}
          onChange={() => toggleCompare(row.id)}
        />
      ),
    },
    { header: 'DATE', cell: (row) => formatDate(row.date) },
    {
      header: 'RIDE',
      cell: (row) => (
        <>
          <strong>{row.title}</strong>
          {row.routeName ? <div className="muted">{row.routeName}</div> : null}
        </>
      ),
    },
    { header: 'DIST', cell: (row) => `${formatKm(row.distanceKm)} KM` },
    { header: 'ELEV', cell: (row) => `${Math.round(row.elevationM)} M` },
    { header: 'W (avg)', cell: (row) => cell(row.watt) },
    { header: 'W/KG (avg)', cell: (row) => cell(row.wattPerKg, 2) },
    { header: 'HEART (avg)', cell: (row) => cell(row.heartrate) },
    { header: 'TIME', cell: (row) => formatClock(row.rideDurationS) },
    ...(otherPlatform ? [{ header: 'Other Platform', className: 'activities-platform', cell: (row: ActivityRow) => row.platform ?? '—' }] : []),
    { header: 'ANALYSIS', cell: (row) => <a href={`/user/activities/${row.id}/analysis`}>Analysis</a> },
    {
      header: 'DOWNLOAD',
      // No `download` attribute: the server's Content-Disposition saves the file, and a failure
      // navigates back here with the spec's alert instead of saving an error page.
      cell: (row) => <a href={`/user/activities/files/${row.id}/download`}>Download</a>,
    },
  ];
}

/** An approved import from another platform: its totals under the rides, in the same columns. */
function ApprovedImportRows({ imports }: { imports: ApprovedImportRow[] }) {
  return (
    <>
      {imports.map((entry) => (
        <tr key={entry.id} className="activities-import-row" data-testid="import-row">
          <td />
          <td />
          <td>{entry.approvedAt ? formatDate(entry.approvedAt) : '—'}</td>
          <td>
            <strong>Imported from {entry.platform}</strong>
            <div className="muted">Approved totals</div>
          </td>
          <td>{formatKm(entry.distanceKm)} KM</td>
          <td>{Math.round(entry.elevationM)} M</td>
          <td>—</td>
          <td>—</td>
          <td>—</td>
          <td>{formatClock(entry.timeS)}</td>
          <td className="activities-platform">{entry.platform}</td>
          <td>—</td>
          <td>—</td>
        </tr>
      ))}
    </>
  );
}

export function ActivitiesTab({
  firstPage,
  sort,
  otherPlatform,
  approvedImports = [],
  allTime,
  average,
  range = null,
  powerModels = [],
}: {
  range?: CurveRange | null;
  firstPage: PackedActivityPage;
  sort: ActivitySort;
  otherPlatform: boolean;
  approvedImports?: ApprovedImportRow[];
  allTime: PackedCurve | null;
  average: PackedCurve | null;
  powerModels?: WindowModel[];
}) {
  // One page object per packed page (unpackActivityPage keeps it), as the machine's input.
  const [snapshot, send] = useFlowMachine(listMachine, { input: { firstPage: unpackActivityPage(firstPage), sort } });
  const { rows, compare, totalCount } = snapshot.context;
  const compared = useComparedCurves(compare);
  const allTimeCurve = useMemo(() => allTime && unpackCurve(allTime), [allTime]);
  const averageCurve = useMemo(() => average && unpackCurve(average), [average]);
  // After a sort change the rows start again from page 1.
  const loadingFirstPage = rows.length === 0 && snapshot.matches('loading');
  return (
    <div className="activities-tab">
      <PowerCurvePanel allTime={allTimeCurve} average={averageCurve} compared={compared} range={range} sort={sort} models={powerModels} />
      <div className="activities-toolbar">
        <p className="muted">{loadingFirstPage ? 'Loading activities…' : `${totalCount} activities`}</p>
        <label className="activities-sort">
          Sort{' '}
          <select value={snapshot.context.sort} onChange={(event) => send({ type: 'SET_SORT', sort: event.target.value as ActivitySort })}>
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
        </label>
      </div>
      {/* A plain GET form (decision 128): the ticked rides download as one zip, with or without JavaScript. */}
      <form method="get" action="/user/activities/files.zip" className="table-scroll">
        <Table
          className="activities-table"
          columns={activityColumns(otherPlatform, compare, (id) => send({ type: 'TOGGLE_COMPARE', id }))}
          rows={rows}
          rowKey={(row) => row.id}
          rowAttributes={() => ({ 'data-testid': 'activity-row' })}
          plainRows
          footer={otherPlatform && approvedImports.length > 0 ? <ApprovedImportRows imports={approvedImports} /> : null}
        />
        {rows.length > 0 ? (
          <Button type="submit" variant="secondary" className="activities-download-selected">
            Download selected
          </Button>
        ) : null}
      </form>
      {rows.length === 0 && !loadingFirstPage && !snapshot.matches('failed') ? <p className="muted">No activities yet.</p> : null}
      {snapshot.matches('failed') ? (
        <p className="form-errors">
          Could not load more activities.{' '}
          <Button onClick={() => send({ type: 'RETRY' })} variant="secondary">
            Retry
          </Button>
        </p>
      ) : null}
      {!loadingFirstPage && (snapshot.can({ type: 'LOAD_MORE' }) || snapshot.matches('loading')) ? (
        <Button pending={snapshot.matches('loading')} onClick={() => send({ type: 'LOAD_MORE' })} className="activities-load-more">
          {snapshot.matches('loading') ? 'Loading…' : 'LOAD MORE'}
        </Button>
      ) : null}
    </div>
  );
}
