import { assign, fromPromise, setup } from 'xstate';
import {
  hasErrors,
  validateProof,
  validateStats,
  type FieldErrors,
  type ProofInput,
  type StatsInput,
} from '~/lib/activities/import-rules';

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
    statsAreValid: ({ event }) => event.type === 'SUBMIT_STATS' && !hasErrors(validateStats(event.stats)),
    proofIsValid: ({ event }) => event.type === 'SUBMIT_PROOF' && !hasErrors(validateProof(event.proof)),
    serverAccepted: ({ event }) => (event as unknown as { output: SubmitOutcome }).output.ok,
  },
  actions: {
    rememberPlatform: assign({ platform: ({ context, event }) => (event.type === 'PICK_PLATFORM' ? event.platform : context.platform), errors: {} }),
    rememberStats: assign({ stats: ({ context, event }) => (event.type === 'SUBMIT_STATS' ? event.stats : context.stats), errors: {} }),
    showStatsErrors: assign({
      stats: ({ context, event }) => (event.type === 'SUBMIT_STATS' ? event.stats : context.stats),
      errors: ({ event }) => (event.type === 'SUBMIT_STATS' ? validateStats(event.stats) : {}),
    }),
    rememberProof: assign({ proof: ({ context, event }) => (event.type === 'SUBMIT_PROOF' ? event.proof : context.proof), errors: {}, serverErrors: [] }),
    showProofErrors: assign({ errors: ({ event }) => (event.type === 'SUBMIT_PROOF' ? validateProof(event.proof) : {}) }),
    showServerErrors: assign({
      serverErrors: ({ event }) => {
        const outcome = (event as unknown as { output?: SubmitOutcome }).output;
        return outcome?.errors?.length ? outcome.errors : ['Unable to process at this moment. Please try again later.'];
      },
    }),
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
        onDone: [{ guard: 'serverAccepted', target: 'success' }, { target: 'proof', actions: 'showServerErrors' }],
        onError: { target: 'proof', actions: 'showServerErrors' },
      },
    },
    success: {},
    closed: { type: 'final', entry: 'leave' },
  },
});
