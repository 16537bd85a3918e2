import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ActivityListPage, ActivityRow, ActivitySort, ActivityTypeFilter } from '~/lib/activities/types';
import { COMPARE_LIMIT } from '~/lib/constants';

export interface PageRequest {
  page: number;
  sort: ActivitySort;
  type: ActivityTypeFilter;
}

export interface ActivitiesListContext extends PageRequest {
  rows: ActivityRow[];
  totalPages: number;
  totalCount: number;
  /** Ticked for the power-curve panel, oldest first (spec 2 §4: at most 2, a third drops the oldest). */
  compare: string[];
}

export type ActivitiesListEvent = { type: 'LOAD_MORE' } | { type: 'SET_SORT'; sort: ActivitySort } | { type: 'TOGGLE_COMPARE'; id: string } | { type: 'RETRY' };

/**
 * The ACTIVITIES tab (spec 2 §2, §4 "Activities paging"): pages load one after another until
 * the last; changing the sort starts again at page 1; up to two listed rides ticked for comparison.
 * The type filter exists but is hidden (spec 2 §2): no rider can change it, so the machine
 * has no event for it; `type` is the one the page was opened with (the list route takes ?type=).
 * The route supplies `fetchPage` (the paging resource route) with `.provide()`.
 * The tab always opens with its first page: sent with the document for `?tab=activities`, or
 * with the tab's part the page's loader answers when the tab opens in the browser (decision 161).
 */
export const activitiesListMachine = setup({
  types: {
    context: {} as ActivitiesListContext,
    events: {} as ActivitiesListEvent,
    input: {} as { firstPage: ActivityListPage; sort?: ActivitySort; type?: ActivityTypeFilter },
  },
  actors: {
    fetchPage: fromPromise<ActivityListPage, PageRequest>(async () => {
      throw new Error('fetchPage is provided by the route');
    }),
  },
  guards: {
    hasMorePages: ({ context }) => context.page < context.totalPages,
    // A ride is ticked or unticked by its row's box: one the list does not show (its rows start
    // again after a sort change) cannot be.
    isListed: ({ context, event }) => {
      assertEvent(event, 'TOGGLE_COMPARE');
      return context.rows.some((row) => row.id === event.id);
    },
    loadedPageLeavesMore: (_, page: ActivityListPage) => page.currentPage < page.totalPages,
  },
  actions: {
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    startOver: assign({ page: 1, rows: [] as ActivityRow[] }),
    rememberSort: assign(({ event }) => {
      assertEvent(event, 'SET_SORT');
      return { sort: event.sort };
    }),
    appendPage: assign(({ context }, page: ActivityListPage) => ({
      rows: [...context.rows, ...page.results],
      totalPages: page.totalPages,
      totalCount: page.totalCount,
      page: page.currentPage,
    })),
    toggleCompare: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_COMPARE');
      if (context.compare.includes(event.id)) return { compare: context.compare.filter((id) => id !== event.id) };
      return { compare: [...context.compare, event.id].slice(-COMPARE_LIMIT) };
    }),
  },
}).createMachine({
  id: 'activitiesList',
  context: ({ input }) => ({
    page: input.firstPage.currentPage,
    totalPages: input.firstPage.totalPages,
    totalCount: input.firstPage.totalCount,
    rows: input.firstPage.results,
    sort: input.sort ?? 'desc',
    type: input.type ?? 'all',
    compare: [],
  }),
  initial: 'ready',
  on: {
    SET_SORT: { target: '.loading', actions: ['rememberSort', 'startOver'] },
    TOGGLE_COMPARE: { guard: 'isListed', actions: 'toggleCompare' },
  },
  states: {
    ready: {
      // Page 1 comes from the loader; LOAD MORE shows while this transition is possible.
      on: { LOAD_MORE: { guard: 'hasMorePages', target: 'loading', actions: 'nextPage' } },
    },
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page, sort: context.sort, type: context.type }),
        onDone: [
          {
            guard: { type: 'loadedPageLeavesMore', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'appendPage', params: ({ event }) => event.output },
          },
          { target: 'finished', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
    finished: {},
  },
});
