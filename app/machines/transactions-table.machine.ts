import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { WALLET_SEARCH_DEBOUNCE_MS } from '~/lib/constants';

/**
 * The wallet's transactions table (spec 1 §2, §9: search with a 500 ms debounce, 10 per
 * page, page numbers): typing restarts the debounce, a page link loads that page, and a failed
 * call shows an empty list on page 1 (spec 1 §8). The loader is supplied with .provide().
 */
export interface TransactionsPage<Row> {
  rows: Row[];
  meta: { current_page: number; last_page: number; total: number; per_page: number };
}

export interface TransactionsTableContext {
  search: string;
  page: number;
  result: TransactionsPage<unknown>;
}

const EMPTY: TransactionsPage<unknown> = { rows: [], meta: { current_page: 1, last_page: 1, total: 0, per_page: 10 } };

export const transactionsTableMachine = setup({
  types: {
    context: {} as TransactionsTableContext,
    input: {} as { search: string; page: number; result: TransactionsPage<unknown> },
    events: {} as { type: 'SEARCH_CHANGED'; search: string } | { type: 'PAGE'; page: number },
  },
  actors: {
    loadPage: fromPromise<TransactionsPage<unknown>, { search: string; page: number }>(async () => EMPTY),
  },
  actions: {
    rememberSearch: assign(({ event }) => {
      assertEvent(event, 'SEARCH_CHANGED');
      return { search: event.search, page: 1 };
    }),
    rememberPage: assign(({ event }) => {
      assertEvent(event, 'PAGE');
      return { page: event.page };
    }),
    showResult: assign((_, result: TransactionsPage<unknown>) => ({ result, page: result.meta.current_page })),
    showEmpty: assign({ result: EMPTY, page: 1 }),
    logFailure: () => {},
  },
  delays: { searchDebounce: WALLET_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'transactionsTable',
  context: ({ input }) => ({ search: input.search, page: input.page, result: input.result }),
  initial: 'showing',
  on: {
    SEARCH_CHANGED: { target: '.debouncing', actions: 'rememberSearch' },
  },
  states: {
    showing: {
      on: { PAGE: { target: 'loading', actions: 'rememberPage' } },
    },
    debouncing: {
      after: { searchDebounce: 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ search: context.search, page: context.page }),
        onDone: { target: 'showing', actions: { type: 'showResult', params: ({ event }) => event.output } },
        onError: { target: 'showing', actions: ['showEmpty', 'logFailure'] },
      },
      on: { PAGE: { target: 'loading', reenter: true, actions: 'rememberPage' } },
    },
  },
});
