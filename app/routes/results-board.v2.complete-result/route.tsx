import type { LoaderFunctionArgs } from '@remix-run/node';
import { renderResultsBoard } from '../results-board/board.server';

// GET /results-board/v2/complete-result?eventId=&dayId= — the board for one event and day.
export function loader({ request }: LoaderFunctionArgs) {
  return renderResultsBoard(request);
}
