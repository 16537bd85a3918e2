import type { LoaderFunctionArgs } from '@remix-run/node';
import { renderResultsBoard } from './board.server';

// GET /results-board — Paceline's own results service (the default RESULTS_URL).
export function loader({ request }: LoaderFunctionArgs) {
  return renderResultsBoard(request);
}
