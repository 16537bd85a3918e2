import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireFlowsAccess } from '~/services/flows-access.server';
import { summarizeCatalogue } from '~/lib/flows/catalogue.server';

export const meta: MetaFunction = () => [{ title: 'Flows — Paceline' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  return { machines: summarizeCatalogue() };
}

export default function FlowsIndex() {
  const { machines } = useLoaderData<typeof loader>();
  return (
    <section className="flows-index">
      <header className="flows-header">
        <h1>Flows</h1>
        <p className="field-hint">
          Every flow of Paceline that is a state machine, drawn from the same catalogue the path tests read.
          Coverage is the share of states and transitions the generated paths reach.
        </p>
      </header>
      <table className="data flows-table">
        <thead>
          <tr>
            <th scope="col">Machine</th>
            <th scope="col">Spec</th>
            <th scope="col">States</th>
            <th scope="col">Transitions</th>
            <th scope="col">Delays</th>
            <th scope="col">Services</th>
            <th scope="col">Paths</th>
            <th scope="col">Coverage (states / transitions)</th>
          </tr>
        </thead>
        <tbody>
          {machines.map((machine) => (
            <tr key={machine.id} data-machine-id={machine.id}>
              <td>
                <Link to={`/flows/${machine.id}`} className="flows-machine-link">{machine.title}</Link>
                <p className="flows-description">{machine.description}</p>
              </td>
              <td className="flows-spec">{machine.specRef}</td>
              <td>{machine.counts.states}</td>
              <td>{machine.counts.transitions}</td>
              <td>{machine.counts.delays}</td>
              <td>{machine.counts.services}</td>
              <td>{machine.paths}</td>
              <td>
                <Coverage value={machine.coverage.states} /> / <Coverage value={machine.coverage.transitions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Coverage({ value }: { value: number }) {
  return <span className={value === 100 ? 'flows-covered' : 'flows-uncovered'}>{value}%</span>;
}
