import { assign, fromPromise, setup } from 'xstate';
import type { StepRequirements } from '~/lib/events/wizard-steps';

/**
 * The event registration wizard (spec 3 §2, §4): DISCLAIMER → PERSONAL DETAILS → RIDER
 * DETAILS → IDENTITY VERIFICATION (if identification) → DEVICE DETAILS (if device) → TEAM
 * (if team) → PHONE VERIFICATION (if otp), then one submission. Each step's fields are
 * validated by the page before NEXT; the server re-checks everything on submit.
 */
export interface WizardLoadOutput {
  requirements: StepRequirements;
  isRegistered: boolean;
}

/** What a refused submission carries: the messages to show and the form's field errors. */
export interface SubmitFailure {
  messages: string[];
  reply?: unknown;
}

export interface EventWizardContext {
  requirements: StepRequirements;
  serverErrors: string[];
  serverReply: unknown;
}

const NO_REQUIREMENTS: StepRequirements = { identification: false, device: false, team: false, otp: false };

function failureOf(error: unknown): SubmitFailure {
  if (error && typeof error === 'object' && 'messages' in error && Array.isArray((error as SubmitFailure).messages)) {
    return error as SubmitFailure;
  }
  return { messages: ['No response received. We regret the inconvenience. Please try again later.'] };
}

export const eventWizardMachine = setup({
  types: {
    context: {} as EventWizardContext,
    events: {} as { type: 'NEXT' } | { type: 'BACK' } | { type: 'DISMISS_ERROR' },
  },
  actors: {
    loadRegistration: fromPromise<WizardLoadOutput>(async () => ({ requirements: NO_REQUIREMENTS, isRegistered: false })),
    submitRegistration: fromPromise<{ redirectTo: string }>(async () => ({ redirectTo: '/events' })),
  },
  guards: {
    alreadyRegistered: (_, output: WizardLoadOutput) => output.isRegistered,
    needsIdentity: ({ context }) => context.requirements.identification,
    needsDevice: ({ context }) => context.requirements.device,
    needsTeam: ({ context }) => context.requirements.team,
    needsPhone: ({ context }) => context.requirements.otp,
  },
  actions: {
    rememberRequirements: assign({ requirements: (_, output: WizardLoadOutput) => output.requirements }),
    rememberFailure: assign(({ event }) => {
      const failure = failureOf((event as { error?: unknown }).error);
      return { serverErrors: failure.messages, serverReply: failure.reply ?? null };
    }),
    forgetFailure: assign({ serverErrors: [], serverReply: null }),
  },
}).createMachine({
  id: 'eventWizard',
  context: { requirements: NO_REQUIREMENTS, serverErrors: [], serverReply: null },
  initial: 'preparing',
  states: {
    preparing: {
      invoke: {
        id: 'loadRegistration',
        src: 'loadRegistration',
        onDone: [
          { guard: { type: 'alreadyRegistered', params: ({ event }) => event.output }, target: 'alreadyRegistered' },
          { target: 'disclaimer', actions: { type: 'rememberRequirements', params: ({ event }) => event.output } },
        ],
      },
    },
    alreadyRegistered: { type: 'final' },
    disclaimer: { on: { NEXT: 'personalDetails' } },
    personalDetails: { on: { NEXT: 'riderDetails', BACK: 'disclaimer' } },
    riderDetails: {
      on: {
        BACK: 'personalDetails',
        NEXT: [
          { guard: 'needsIdentity', target: 'identityVerification' },
          { guard: 'needsDevice', target: 'deviceDetails' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsPhone', target: 'phoneVerification' },
          { target: 'submitting' },
        ],
      },
    },
    identityVerification: {
      on: {
        BACK: 'riderDetails',
        NEXT: [
          { guard: 'needsDevice', target: 'deviceDetails' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsPhone', target: 'phoneVerification' },
          { target: 'submitting' },
        ],
      },
    },
    deviceDetails: {
      on: {
        BACK: [{ guard: 'needsIdentity', target: 'identityVerification' }, { target: 'riderDetails' }],
        NEXT: [{ guard: 'needsTeam', target: 'team' }, { guard: 'needsPhone', target: 'phoneVerification' }, { target: 'submitting' }],
      },
    },
    team: {
      on: {
        BACK: [{ guard: 'needsDevice', target: 'deviceDetails' }, { guard: 'needsIdentity', target: 'identityVerification' }, { target: 'riderDetails' }],
        NEXT: [{ guard: 'needsPhone', target: 'phoneVerification' }, { target: 'submitting' }],
      },
    },
    phoneVerification: {
      on: {
        BACK: [
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsDevice', target: 'deviceDetails' },
          { guard: 'needsIdentity', target: 'identityVerification' },
          { target: 'riderDetails' },
        ],
        NEXT: 'submitting',
      },
    },
    submitting: {
      entry: 'forgetFailure',
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        onDone: 'submitted',
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    /** The popup with the server's messages; closing it returns to the last step. */
    failed: {
      on: {
        DISMISS_ERROR: [
          { guard: 'needsPhone', target: 'phoneVerification' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsDevice', target: 'deviceDetails' },
          { guard: 'needsIdentity', target: 'identityVerification' },
          { target: 'riderDetails' },
        ],
      },
    },
    submitted: { type: 'final' },
  },
});

/** The step states in order, for the progress bar. */
export const WIZARD_STEP_STATES = [
  'disclaimer',
  'personalDetails',
  'riderDetails',
  'identityVerification',
  'deviceDetails',
  'team',
  'phoneVerification',
] as const;
export type WizardStepState = (typeof WIZARD_STEP_STATES)[number];
