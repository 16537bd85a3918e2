import type { CatalogueEntry } from './types';
import { extractGraph, graphCounts } from './graph';
import { generatePaths } from './paths';

/** What /flows lists of one machine: its counts, its test paths and their coverage. */
export interface MachineSummary {
  id: string;
  title: string;
  description: string;
  specRef: string;
  counts: ReturnType<typeof graphCounts>;
  paths: number;
  coverage: { states: number; transitions: number };
}

function percent(part: { covered: number; total: number }): number {
  return part.total === 0 ? 100 : Math.floor((part.covered / part.total) * 100);
}

/** Generates the machine's paths: tens to hundreds of ms of CPU for the larger machines. */
export function summaryOf(entry: CatalogueEntry): MachineSummary {
  const { paths, coverage } = generatePaths(entry);
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    specRef: entry.specRef,
    counts: graphCounts(extractGraph(entry.machine)),
    paths: paths.length,
    coverage: { states: percent(coverage.states), transitions: percent(coverage.transitions) },
  };
}
