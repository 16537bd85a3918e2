import { catalogue, findCatalogueEntry } from '~/machines/catalogue';
import { extractGraph, graphCounts } from './graph';
import { layoutStatechart, type Statechart } from './layout';
import { generatePaths } from './paths';

/**
 * What /flows shows of the catalogue, computed once per process: machines do not change
 * while the server runs, and path generation and layout take tens to hundreds of ms.
 */

export interface MachineSummary {
  id: string;
  title: string;
  description: string;
  specRef: string;
  counts: ReturnType<typeof graphCounts>;
  paths: number;
  coverage: { states: number; transitions: number };
}

const summaries = new Map<string, MachineSummary>();
const charts = new Map<string, Promise<Statechart>>();

function percent(part: { covered: number; total: number }): number {
  return part.total === 0 ? 100 : Math.floor((part.covered / part.total) * 100);
}

export function summarize(id: string): MachineSummary | undefined {
  const cached = summaries.get(id);
  if (cached) return cached;
  const entry = findCatalogueEntry(id);
  if (!entry) return undefined;
  const { paths, coverage } = generatePaths(entry);
  const summary: MachineSummary = {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    specRef: entry.specRef,
    counts: graphCounts(extractGraph(entry.machine)),
    paths: paths.length,
    coverage: { states: percent(coverage.states), transitions: percent(coverage.transitions) },
  };
  summaries.set(id, summary);
  return summary;
}

export function summarizeCatalogue(): MachineSummary[] {
  return catalogue.map((entry) => summarize(entry.id) as MachineSummary);
}

/**
 * Fills the summaries in the background after start, one machine per turn of the event loop,
 * so the first visit to /flows does not wait seconds for every path to be generated while
 * requests in between are served.
 */
export function warmFlowsCatalogue(): void {
  const pending = catalogue.map((entry) => entry.id);
  const next = () => {
    const id = pending.shift();
    if (id === undefined) return;
    summarize(id);
    setTimeout(next, 0).unref();
  };
  setTimeout(next, 0).unref();
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
