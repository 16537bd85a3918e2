import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EventObject } from 'xstate';
import { Simulator } from '~/components/flows/Simulator';
import { Statechart } from '~/components/flows/Statechart';
import { requireFlowsAccess } from '~/services/platform/flows-access.server';
import { statechartOf, summarize } from '~/services/platform/flows-catalogue.server';
import { eventLabels } from '~/lib/flows/graph';
import { decodeSteps, encodeSteps, simulate } from '~/lib/flows/simulation';
import { activeStateNodes } from '~/lib/flows/microsteps';
import { findCatalogueEntry } from '~/machines/catalogue';
import { buttonClass } from '~/components/ui/Button';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.summary.title ?? 'Flow'} — Flows — Paceline` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  const summary = summarize(params.id ?? '');
  const chart = statechartOf(params.id ?? '');
  if (!summary || !chart) throw new Response('No such machine', { status: 404 });
  return { summary, chart: await chart };
}

// Simulator steps live in the query string; the layout does not depend on them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function FlowDetail() {
  const { summary, chart } = useLoaderData<typeof loader>();
  const entry = findCatalogueEntry(summary.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const stepsParam = searchParams.get('steps');
  const simulation = useMemo(() => (entry ? simulate(entry, decodeSteps(stepsParam)) : undefined), [entry, stepsParam]);
  const labels = useMemo(() => (entry ? eventLabels(entry.machine) : new Map<string, string>()), [entry]);
  const active = useMemo(() => new Set((simulation ? activeStateNodes(simulation.snapshot) : []).map((node) => node.id)), [simulation]);
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
      <div className="flows-workspace">
        <Statechart chart={chart} active={active} title={summary.title} />
        <Simulator
          entry={entry}
          simulation={simulation}
          labels={labels}
          onSend={(event) => showSteps([...simulation.steps, event])}
          onRewind={(count) => showSteps(simulation.steps.slice(0, count))}
        />
      </div>
    </section>
  );
}
