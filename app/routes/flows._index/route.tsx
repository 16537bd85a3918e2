import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Table } from '~/components/ui/Table';
import { Link, useLoaderData } from '@remix-run/react';
import { requireFlowsAccess } from '~/services/platform/flows-access.server';
import { summarizeCatalogue } from '~/services/platform/flows-catalogue.server';
import { lastBrowserRuns, type LastBrowserRun } from '~/services/platform/paths-run.server';

export const meta: MetaFunction = () => [{ title: 'Flows — Paceline' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  return { machines: summarizeCatalogue(), browserRuns: await lastBrowserRuns() };
}

export default function FlowsIndex() {
  const { machines, browserRuns } = useLoaderData<typeof loader>();
  return (
    <section className="flows-index">
      <header className="flows-header">
        <h1>Flows</h1>
        <p className="field-hint">
          Every flow of Paceline that is a state machine, drawn from the same catalogue the path tests read. Coverage is the share of states and transitions the
          generated paths reach. Browser run is the last time QA replayed them in Chromium against this checkout (<code>npm run test:paths</code>).
        </p>
        {browserRuns ? null : <p className="field-hint">No browser run of the generated paths is recorded on this server.</p>}
      </header>
      <Table
        className="flows-table"
        rows={machines}
        rowKey={(machine) => machine.id}
        rowAttributes={(machine) => ({ 'data-machine-id': machine.id })}
        columns={[
          {
            header: 'Machine',
            cell: (machine) => (
              <>
                <Link to={`/flows/${machine.id}`} className="flows-machine-link">
                  {machine.title}
                </Link>
                <p className="flows-description">{machine.description}</p>
              </>
            ),
          },
          { header: 'Spec', className: 'flows-spec', cell: (machine) => machine.specRef },
          { header: 'States', cell: (machine) => machine.counts.states },
          { header: 'Transitions', cell: (machine) => machine.counts.transitions },
          { header: 'Delays', cell: (machine) => machine.counts.delays },
          { header: 'Services', cell: (machine) => machine.counts.services },
          { header: 'Paths', cell: (machine) => machine.paths },
          {
            header: 'Coverage (states / transitions)',
            cell: (machine) => (
              <>
                <Coverage value={machine.coverage.states} /> / <Coverage value={machine.coverage.transitions} />
              </>
            ),
          },
          { header: 'Browser run (paths)', cell: (machine) => <BrowserRun run={browserRuns?.[machine.id]} /> },
        ]}
      />
    </section>
  );
}

/** Paths passed of the machine's last browser run, and when; "not run" for a machine not bound or not run yet. */
function BrowserRun({ run }: { run: LastBrowserRun | undefined }) {
  if (!run) return <span className="flows-uncovered">not run</span>;
  return (
    <>
      <span className={run.passed === run.paths ? 'flows-covered' : 'flows-uncovered'}>
        {run.passed}/{run.paths} passed
      </span>
      <br />
      <small>{run.finishedAt}</small>
    </>
  );
}

function Coverage({ value }: { value: number }) {
  return <span className={value === 100 ? 'flows-covered' : 'flows-uncovered'}>{value}%</span>;
}
