import { Worker } from 'node:worker_threads';
import { catalogue, findCatalogueEntry } from '~/machines/catalogue';
import { extractGraph } from '~/lib/flows/graph';
import { layoutStatechart, type Statechart } from '~/lib/flows/layout';
import { summaryOf, type MachineSummary } from '~/lib/flows/summary';
import { workerFile } from '~/lib/worker-file.server';

/**
 * What /flows shows of the catalogue, computed once per process: machines do not change
 * while the server runs, and path generation and layout take tens to hundreds of ms. It sits
 * above the machines it reads; app/lib/flows below knows no machine (decision 139).
 */

export type { MachineSummary } from '~/lib/flows/summary';

const summaries = new Map<string, MachineSummary>();
const charts = new Map<string, Promise<Statechart>>();

export function summarize(id: string): MachineSummary | undefined {
  const cached = summaries.get(id);
  if (cached) return cached;
  const entry = findCatalogueEntry(id);
  if (!entry) return undefined;
  const summary = summaryOf(entry);
  summaries.set(id, summary);
  return summary;
}

export function summarizeCatalogue(): MachineSummary[] {
  return catalogue.map((entry) => summarize(entry.id) as MachineSummary);
}

/**
 * Fills the summaries after start on a worker thread, so neither the first visit to /flows nor
 * the requests served meanwhile wait for every path to be generated (done on the request
 * thread, it held it for up to 140 ms a machine). Resolves with what the worker summarised;
 * if it fails, with nothing, and /flows computes the summaries on its first visit instead.
 */
export function warmFlowsCatalogue(): Promise<MachineSummary[]> {
  const worker = new Worker(workerFile(import.meta.url, 'flow-summaries'));
  worker.unref();
  return new Promise((resolve) => {
    worker.once('message', (list: MachineSummary[]) => {
      for (const summary of list) if (!summaries.has(summary.id)) summaries.set(summary.id, summary);
      resolve(list);
    });
    worker.once('error', (error) => {
      console.error('Summarising the flows catalogue failed; /flows will compute it on demand', error);
      resolve([]);
    });
    worker.once('exit', () => resolve([]));
  });
}

export function summarizedMachineCount(): number {
  return summaries.size;
}

export function statechartOf(id: string): Promise<Statechart> | undefined {
  const entry = findCatalogueEntry(id);
  if (!entry) return undefined;
  let chart = charts.get(id);
  if (!chart) {
    chart = layoutStatechart(extractGraph(entry.machine));
    // A failed layout is not kept: the next request tries again.
    chart.catch(() => charts.delete(id));
    charts.set(id, chart);
  }
  return chart;
}

/** The machine's definition as the Stately editor and other tools read it. */
export function definitionOf(id: string): unknown {
  return findCatalogueEntry(id)?.machine.toJSON();
}
