import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { FtpDetectionNotice } from '~/components/activities/FtpDetectionNotice';
import { Link, useLoaderData } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { RideChart } from '~/components/charts/RideChart';
import { Tabs } from '~/components/ui/Tabs';
import { formatClock, formatDate, formatKm } from '~/lib/activities/format';
import { handleDetectionForm } from '../user.activities/detection-action.server';
import { RideFigures } from './RideFigures';
import { POWER_GRAPH_GAP_S, POWER_GRAPH_HOP_S } from '~/lib/constants';
import { requireUser } from '~/services/accounts/auth.server';
import { getActivityDetail } from '~/services/activities/detail.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { PowerCurvePanel } from '../user.activities/components/PowerCurvePanel';
import { RideStats } from './RideStats';
import { uuidParam } from '~/lib/route-params';

export const meta: MetaFunction = () => [{ title: 'Ride analysis · Paceline' }];

export const NO_DETAIL_MESSAGE = 'Unable to fetch activity detail.';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const detail = await getActivityDetail(user.id, uuidParam(params.id));
  if (detail.status === 'not_found') throw new Response('Not found', { status: 404 });
  if (detail.status === 'no_detail') throw redirectWithToast('/user/activities#activities', { kind: 'error', message: NO_DETAIL_MESSAGE });
  return json(detail);
}

/** The ride's notice of the threshold it detected: undo (decision 141). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = uuidParam(params.id);
  return handleDetectionForm(user.id, await request.formData(), `/user/activities/${id}/analysis`);
}

type TabId = 'curve' | 'power' | 'speed' | 'heart' | 'cadence' | 'elevation' | 'wkg';
const TABS: Array<{ id: TabId; label: string }> = [
  { id: 'curve', label: 'POWER CURVE' },
  { id: 'power', label: 'POWER' },
  { id: 'wkg', label: 'W/KG' },
  { id: 'speed', label: 'SPEED' },
  { id: 'heart', label: 'HEART RATE' },
  { id: 'cadence', label: 'CADENCE' },
  { id: 'elevation', label: 'ELEVATION' },
];

/** Spec 3 "Ride analysis view". Power is sampled every hop (1 s); grid lines every gap (15) minutes. */
export default function RideAnalysis() {
  const { header, series, curve } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState<TabId>('curve');
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const wattsPerKg = useMemo(() => series.power.map((watts) => (header.weightKg ? watts / header.weightKg : 0)), [series.power, header.weightKg]);
  const power = useMemo(() => series.power.filter((_, index) => index % POWER_GRAPH_HOP_S === 0), [series.power]);
  const charts: Record<Exclude<TabId, 'curve'>, { values: number[]; color: string; unit: string }> = {
    power: { values: power, color: '#ff5a1f', unit: 'W' },
    wkg: { values: wattsPerKg, color: '#ff8a5b', unit: 'W/KG' },
    speed: { values: series.speedKmh, color: '#2f81f7', unit: 'KM/H' },
    heart: { values: series.heartRate, color: '#f85149', unit: 'BPM' },
    cadence: { values: series.cadence, color: '#2ea043', unit: 'RPM' },
    elevation: { values: series.altitudeM, color: '#f5c518', unit: 'M' },
  };
  const i = hoverIndex;
  return (
    <div className="ride-analysis">
      <p>
        <Link to="/user/activities#activities">← Activities</Link>
      </p>
      <header className="ride-analysis-head card">
        <h1>{header.title}</h1>
        <p className="muted">
          {formatDate(header.date)} {header.routeName ? `· ${header.routeName}` : ''}
        </p>
        <RideFigures header={header} />
      </header>
      {header.detection ? <FtpDetectionNotice notice={header.detection} onRidePage /> : null}
      <Tabs label="Ride charts" tabs={TABS} selected={tab} onSelect={setTab} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'curve' ? (
          <PowerCurvePanel allTime={curve} average={null} compared={[]} />
        ) : (
          <div className="card ride-chart-card">
            <RideChart {...charts[tab]} t={series.t} hoverIndex={hoverIndex} onHover={setHoverIndex} gridEveryS={POWER_GRAPH_GAP_S * 60} />
            <div className="chart-tooltip ride-tooltip" role="status" data-testid="ride-tooltip" aria-live="off">
              {i === null ? (
                <span className="muted">Hover the chart for per-second values</span>
              ) : (
                <>
                  <span>Time {formatClock(series.t[i])}</span>
                  <span>Distance {formatKm(series.distanceKm[i])} KM</span>
                  <span>Power {series.power[i]} W</span>
                  <span>Speed {series.speedKmh[i]} KM/H</span>
                  <span>Heart rate {series.heartRate[i]} BPM</span>
                  <span>Cadence {series.cadence[i]} RPM</span>
                </>
              )}
            </div>
          </div>
        )}
      </div>
      <RideStats series={series} />
    </div>
  );
}
