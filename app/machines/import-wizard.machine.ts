import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { hasErrors, IMPORT_MESSAGES, validateProof, validateStats, type FieldErrors, type ProofInput, type StatsInput } from '~/lib/activities/import-rules';

export interface ImportWizardContext {
  platform: string;
  stats: StatsInput | null;
  proof: ProofInput | null;
  errors: FieldErrors;
  /** First message of each server error list (spec 2 §8 "Import submit failure"). */
  serverErrors: string[];
}

export type ImportWizardEvent =
  | { type: 'PICK_PLATFORM'; platform: string }
  | { type: 'SUBMIT_STATS'; stats: StatsInput }
  | { type: 'SUBMIT_PROOF'; proof: ProofInput }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

export interface SubmitOutcome {
  ok: boolean;
  errors?: string[];
}

/**
 * The 3-step import modal (spec 2 §2, §5): platform (picking advances), stats, proof, submit,
 * success. Closing at any step (the modal's close, Escape, or Done) ends the flow and the page
 * reloads. The route provides `submitImport` and `leave`.
 */
export const importWizardMachine = setup({
  types: {
    context: {} as ImportWizardContext,
    events: {} as ImportWizardEvent,
  },
  actors: {
    submitImport: fromPromise<SubmitOutcome, ImportWizardContext>(async () => {
      throw new Error('submitImport is provided by the route');
    }),
  },
  guards: {
    statsAreValid: ({ event }) => {
      assertEvent(event, 'SUBMIT_STATS');
      return !hasErrors(validateStats(event.stats));
    },
    proofIsValid: ({ event }) => {
      assertEvent(event, 'SUBMIT_PROOF');
      return !hasErrors(validateProof(event.proof));
    },
    serverAccepted: (_, outcome: SubmitOutcome) => outcome.ok,
  },
  actions: {
    rememberPlatform: assign(({ event }) => {
      assertEvent(event, 'PICK_PLATFORM');
      return { platform: event.platform, errors: {} };
    }),
    rememberStats: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_STATS');
      return { stats: event.stats, errors: {} };
    }),
    showStatsErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_STATS');
      return { stats: event.stats, errors: validateStats(event.stats) };
    }),
    rememberProof: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_PROOF');
      return { proof: event.proof, errors: {}, serverErrors: [] };
    }),
    showProofErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_PROOF');
      return { errors: validateProof(event.proof) };
    }),
    /** The server's messages, or the spec's fallback when it gave none (or no answer came). */
    showServerErrors: assign((_, outcome: SubmitOutcome | null) => ({
      serverErrors: outcome?.errors?.length ? outcome.errors : [IMPORT_MESSAGES.submitFailed],
    })),
    clearErrors: assign({ errors: {}, serverErrors: [] }),
    /** The page supplies it: closing the modal reloads the page (spec 2 §2). */
    leave: () => {},
  },
}).createMachine({
  id: 'importWizard',
  context: { platform: '', stats: null, proof: null, errors: {}, serverErrors: [] },
  initial: 'platform',
  on: { CLOSE: '.closed' },
  states: {
    platform: {
      on: {
        // The step offers the platforms as radio buttons, so every pick is one of them (the
        // server still checks the platform it is sent).
        PICK_PLATFORM: { target: 'stats', actions: 'rememberPlatform' },
      },
    },
    stats: {
      on: {
        SUBMIT_STATS: [{ guard: 'statsAreValid', target: 'proof', actions: 'rememberStats' }, { actions: 'showStatsErrors' }],
        BACK: { target: 'platform', actions: 'clearErrors' },
      },
    },
    proof: {
      on: {
        SUBMIT_PROOF: [{ guard: 'proofIsValid', target: 'submitting', actions: 'rememberProof' }, { actions: 'showProofErrors' }],
        BACK: { target: 'stats', actions: 'clearErrors' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitImport',
        src: 'submitImport',
        input: ({ context }) => context,
        onDone: [
          { guard: { type: 'serverAccepted', params: ({ event }) => event.output }, target: 'success' },
          { target: 'proof', actions: { type: 'showServerErrors', params: ({ event }) => event.output } },
        ],
        onError: { target: 'proof', actions: { type: 'showServerErrors', params: null } },
      },
    },
    success: {},
    closed: { type: 'final', entry: 'leave' },
  },
});
