import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EventObject } from 'xstate';
import { ActivitySummary, Funnel } from '~/components/flows/Activity';
import { LiveTabs } from '~/components/flows/LiveTabs';
import { useLiveTabs } from '~/components/flows/live-tabs';
import { Simulator } from '~/components/flows/Simulator';
import { Statechart } from '~/components/flows/Statechart';
import { requireFlowsAccess } from '~/services/platform/flows-access.server';
import { statechartOf, summarize } from '~/services/platform/flows-catalogue.server';
import { readFlowActivity } from '~/services/platform/flow-activity.server';
import { activityPeriodOf, EVENTLESS } from '~/lib/flows/activity';
import { activityOnGraph } from '~/lib/flows/activity-chart';
import { funnelOf } from '~/lib/flows/funnel';
import { extractGraph } from '~/lib/flows/graph';
import { decodeSteps, encodeSteps, simulate } from '~/lib/flows/simulation';
import { activeStateNodes } from '~/lib/flows/microsteps';
import { findCatalogueEntry } from '~/machines/catalogue';
import { buttonClass } from '~/components/ui/Button';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.summary.title ?? 'Flow'} — Flows — Paceline` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  const entry = findCatalogueEntry(params.id ?? '');
  const summary = summarize(params.id ?? '');
  const chart = statechartOf(params.id ?? '');
  if (!entry || !summary || !chart) throw new Response('No such machine', { status: 404 });
  const days = activityPeriodOf(new URL(request.url).searchParams.get('days'));
  const [laidOut, activity] = await Promise.all([chart, readFlowActivity(entry, days)]);
  return { summary, chart: laidOut, activity, days };
}

// Simulator steps live in the query string; neither the layout nor the counts depend on them. A
// revalidation of the same address (the counts asked again) goes ahead.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  const stepsOnly =
    currentUrl.href !== nextUrl.href && currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get('days') === nextUrl.searchParams.get('days');
  return stepsOnly ? false : defaultShouldRevalidate;
};

export default function FlowDetail() {
  const { summary, chart, activity, days } = useLoaderData<typeof loader>();
  const entry = findCatalogueEntry(summary.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const stepsParam = searchParams.get('steps');
  const simulation = useMemo(() => (entry ? simulate(entry, decodeSteps(stepsParam)) : undefined), [entry, stepsParam]);
  const graph = useMemo(() => (entry ? extractGraph(entry.machine) : undefined), [entry]);
  const labels = useMemo(() => new Map(graph ? graph.edges.map((edge) => [edge.eventType || EVENTLESS, edge.label]) : []), [graph]);
  const active = useMemo(() => new Set((simulation ? activeStateNodes(simulation.snapshot) : []).map((node) => node.id)), [simulation]);
  const chartActivity = useMemo(() => (graph ? activityOnGraph(graph, activity) : undefined), [graph, activity]);
  const funnel = useMemo(() => (entry ? funnelOf(entry.mainPath, activity) : []), [entry, activity]);
  const [watching, setWatching] = useState(false);
  const liveActors = useLiveTabs(entry?.machine.id ?? '', watching);
  const live = useMemo(
    () => ({ active: new Set(liveActors.flatMap((actor) => actor.active)), took: new Set(liveActors.flatMap((actor) => actor.took)) }),
    [liveActors],
  );
  useRecountWhileVisible();
  // Buttons work once React has hydrated; browser tests wait for this marker.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const showSteps = useCallback(
    (events: EventObject[]) => {
      const next = new URLSearchParams(searchParams);
      if (events.length) next.set('steps', encodeSteps(events));
      else next.delete('steps');
      setSearchParams(next, { preventScrollReset: true });
    },
    [searchParams, setSearchParams],
  );

  if (!entry || !simulation) return null;
  return (
    <section className="flows-detail" data-hydrated={hydrated ? 'true' : 'false'}>
      <header className="flows-header">
        <p className="flows-breadcrumb">
          <Link to="/flows">Flows</Link> / {summary.id}
        </p>
        <h1>{summary.title}</h1>
        <p>{summary.description}</p>
        <p className="field-hint">
          {summary.specRef} · {summary.counts.states} states · {summary.counts.transitions} transitions · {summary.counts.delays} delays ·{' '}
          {summary.counts.services} services · paths cover {summary.coverage.states}% of states and {summary.coverage.transitions}% of transitions
        </p>
        {/* An <a>, not a ButtonLink: the server sends a file to save, not a page for the router. */}
        <a className={buttonClass('secondary')} href={`/flows/${summary.id}/definition.json`} download={`${summary.id}.machine.json`}>
          Export JSON
        </a>
      </header>
      <ActivitySummary days={days} activity={activity} lastStep={entry.mainPath.at(-1) ?? ''} exportHref={`/flows/${summary.id}/activity.json?days=${days}`}>
        <LiveTabs watching={watching} onToggle={() => setWatching((now) => !now)} actors={liveActors} />
      </ActivitySummary>
      <div className="flows-workspace">
        <Statechart chart={chart} active={active} title={summary.title} activity={chartActivity} live={live} />
        <Simulator
          entry={entry}
          simulation={simulation}
          labels={labels}
          onSend={(event) => showSteps([...simulation.steps, event])}
          onRewind={(count) => showSteps(simulation.steps.slice(0, count))}
        />
      </div>
      <Funnel steps={funnel} eventLabels={labels} />
    </section>
  );
}

const RECOUNT_MS = 15_000;

/** Staff watching a flow see its counts grow: the page asks again every RECOUNT_MS while it is shown. */
function useRecountWhileVisible() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && state === 'idle' && revalidate(), RECOUNT_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
}
