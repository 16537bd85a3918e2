import { defineFlow, everyKind, type CatalogueEntry } from '~/lib/flows/types';
import type { ActivityListPage } from '~/lib/activities/types';
import { activitiesListMachine } from '../activities-list.machine';
import { importStatusBannerMachine } from '../import-status-banner.machine';
import { importWizardMachine, type SubmitOutcome } from '../import-wizard.machine';
import { IMPORT_MESSAGES } from '~/lib/activities/import-rules';

const morePages: ActivityListPage = { results: [], totalCount: 40, totalPages: 2, currentPage: 1 };
const lastPage: ActivityListPage = { results: [], totalCount: 40, totalPages: 2, currentPage: 2 };

/** The activities area's flows (issue 4). */
export const activitiesFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'activities-list',
    browserCoverage: 'complete',
    title: 'Activities list',
    description: 'Loads pages of rides until the last, restarts at page 1 when the sort changes (the type filter is hidden, spec 2 §2), and keeps up to two rides ticked for the power curve.',
    specRef: 'spec 2 §2 Activities tab, §4 "Activities paging", §9 "Comparison limit: 2"',
    machine: activitiesListMachine,
    serverAnswers: { outputs: { fetchPage: [morePages, lastPage] } },
    input: { firstPage: morePages },
    simplePathLimit: 40,
    eventSamples: {
      SET_SORT: [{ type: 'SET_SORT', sort: 'asc' }],
      TOGGLE_COMPARE: [{ type: 'TOGGLE_COMPARE', id: 'a' }],
      'xstate.done.actor.fetchPage': [
        { type: 'xstate.done.actor.fetchPage', output: lastPage },
        { type: 'xstate.done.actor.fetchPage', output: morePages },
      ],
      'xstate.error.actor.fetchPage': [{ type: 'xstate.error.actor.fetchPage', error: new Error('offline') }],
    },
    serializeContext: (context: { page: number; totalPages: number; sort: string; type: string; compare: string[] }) => ({
      more: context.page < context.totalPages,
      sort: context.sort,
      type: context.type,
      compare: context.compare.length,
    }),
  }),
  defineFlow({
    id: 'import-wizard',
    browserCoverage: 'complete',
    title: 'Import from other platforms',
    description: 'The 3-step import modal: picking a platform advances, stats and proof are checked with the exact messages, submit ends in success or shows the server errors; closing ends it.',
    specRef: 'spec 2 §2 "Third-party import wizard", §5 import rules, §8',
    machine: importWizardMachine,
    serverAnswers: {
      outputs: { submitImport: everyKind<SubmitOutcome>()('ok', [{ ok: true }, { ok: false, errors: [IMPORT_MESSAGES.profileLinkInvalid] }]) },
    },
    simplePathLimit: 40,
    eventSamples: {
      PICK_PLATFORM: [{ type: 'PICK_PLATFORM', platform: 'Strava' }],
      SUBMIT_STATS: [
        { type: 'SUBMIT_STATS', stats: { days: '1', hours: '2', minutes: '3', distance: '10', distanceUnit: 'kilometers', elevation: '5' } },
        { type: 'SUBMIT_STATS', stats: { days: '', hours: '', minutes: '', distance: '', distanceUnit: 'kilometers', elevation: '' } },
      ],
      SUBMIT_PROOF: [
        { type: 'SUBMIT_PROOF', proof: { profileLink: 'https://strava.com/a', fileCount: 1 } },
        { type: 'SUBMIT_PROOF', proof: { profileLink: '', fileCount: 0 } },
      ],
      'xstate.done.actor.submitImport': [
        { type: 'xstate.done.actor.submitImport', output: { ok: true } },
        { type: 'xstate.done.actor.submitImport', output: { ok: false, errors: [IMPORT_MESSAGES.profileLinkInvalid] } },
      ],
      'xstate.error.actor.submitImport': [{ type: 'xstate.error.actor.submitImport', error: new Error('offline') }],
    },
    serializeContext: (context: { platform: string; errors: object; serverErrors: string[] }) => ({
      platform: context.platform !== '',
      errors: Object.keys(context.errors).length > 0,
      serverErrors: context.serverErrors.length > 0,
    }),
  }),
  defineFlow({
    id: 'import-status-banner',
    title: 'Import status banner',
    description: 'The four banner states: none offers Import, submitted waits, approved shows Got It until seen, rejected offers re-import.',
    specRef: 'spec 2 §4 "Import status", §7 set-user-has-seen',
    machine: importStatusBannerMachine,
    // Marking the approval seen answers nothing but its success or failure.
    serverAnswers: { outputs: { markSeen: [undefined] } },
    eventSamples: {
      STATUS_LOADED: (['none', 'submitted', 'approved', 'rejected'] as const).map((status) => ({ type: 'STATUS_LOADED' as const, status })),
      'xstate.error.actor.markSeen': [{ type: 'xstate.error.actor.markSeen', error: new Error('offline') }],
    },
  }),
];
