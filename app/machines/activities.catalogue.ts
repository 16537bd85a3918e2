import type { CatalogueEntry } from '~/lib/flows/types';
import type { ActivityListPage } from '~/lib/activities/types';
import { activitiesListMachine } from './activitiesList.machine';

const morePages: ActivityListPage = { results: [], totalCount: 40, totalPages: 2, currentPage: 1 };
const lastPage: ActivityListPage = { results: [], totalCount: 40, totalPages: 2, currentPage: 2 };

/** Catalogue entries of the activities area (appended to catalogue.ts). */
export const activitiesListSample: CatalogueEntry[] = [
  {
    id: 'activities-list',
    title: 'Activities list',
    description: 'Loads pages of rides until the last, restarts at page 1 when sort or type changes, and keeps up to two rides ticked for the power curve.',
    specRef: 'spec 2 §2 Activities tab, §4 "Activities paging", §9 "Comparison limit: 2"',
    machine: activitiesListMachine,
    input: { firstPage: morePages },
    simplePathLimit: 40,
    eventSamples: {
      SET_SORT: [{ type: 'SET_SORT', sort: 'asc' } as never],
      SET_TYPE: [{ type: 'SET_TYPE', filter: 'workout' } as never],
      TOGGLE_COMPARE: [{ type: 'TOGGLE_COMPARE', id: 'a' } as never],
      'xstate.done.actor.fetchPage': [
        { type: 'xstate.done.actor.fetchPage', output: lastPage } as never,
        { type: 'xstate.done.actor.fetchPage', output: morePages } as never,
      ],
      'xstate.error.actor.fetchPage': [{ type: 'xstate.error.actor.fetchPage', error: new Error('offline') } as never],
    },
    serializeContext: (context: { page: number; totalPages: number; sort: string; type: string; compare: string[] }) => ({
      more: context.page < context.totalPages,
      sort: context.sort,
      type: context.type,
      compare: context.compare.length,
    }),
  },
];
