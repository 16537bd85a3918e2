import { assign, setup } from 'xstate';
import { STEP_REQUIREMENT, stepIsRequired, WIZARD_STEPS, type StepRequirements, type WizardStep } from '~/lib/events/wizard-steps';

/**
 * The event registration wizard (spec 3 §2, §4): DISCLAIMER → PERSONAL DETAILS → RIDER
 * DETAILS → IDENTITY VERIFICATION (if identification) → DEVICE DETAILS (if device) → TEAM
 * (if team) → PHONE VERIFICATION (if otp), then one submission to the page's own action.
 *
 * The page arrives with every step on it (`allSteps`: that is how it works without
 * JavaScript); once its script runs it sends START with the event's requirements and shows
 * one step at a time. The steps and their order come from WIZARD_STEPS, the one list the page
 * and the server read too. The server answers the submission by redirecting to the thank-you
 * page (REDIRECTED) or by refusing it with messages (REJECTED: the popup).
 */
export interface EventWizardContext {
  requirements: StepRequirements;
  serverErrors: string[];
}

export type EventWizardEvent =
  | { type: 'START'; requirements: StepRequirements }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'REJECTED'; messages: string[] }
  | { type: 'REDIRECTED' }
  | { type: 'DISMISS_ERROR' };

const NO_REQUIREMENTS: StepRequirements = { identification: false, device: false, team: false, otp: false };

const needs =
  (step: WizardStep) =>
  ({ context }: { context: EventWizardContext }) =>
    stepIsRequired(step, context.requirements);

const GUARD_OF_STEP = { identity: 'needsIdentity', device: 'needsDevice', team: 'needsTeam', phone: 'needsPhone' } as const;
type StepGuard = (typeof GUARD_OF_STEP)[keyof typeof GUARD_OF_STEP];
type Move = { target: string; guard?: StepGuard };

/** The first step of `candidates` the event needs: guarded while a step is conditional, `otherwise` after the last. */
function moveTo(candidates: readonly WizardStep[], otherwise: string | null): Move[] {
  const moves: Move[] = [];
  for (const step of candidates) {
    if (!STEP_REQUIREMENT[step]) return [...moves, { target: step }];
    moves.push({ guard: GUARD_OF_STEP[step as keyof typeof GUARD_OF_STEP], target: step });
  }
  return otherwise === null ? moves : [...moves, { target: otherwise }];
}

const forwardFrom = (index: number) => moveTo(WIZARD_STEPS.slice(index + 1), 'submitting');
const backFrom = (index: number) => moveTo([...WIZARD_STEPS.slice(0, index)].reverse(), null);

const stepStates: Record<string, { on: Record<string, Move[]> }> = Object.fromEntries(
  WIZARD_STEPS.map((step, index): [string, { on: Record<string, Move[]> }] => [
    step,
    { on: index === 0 ? { NEXT: forwardFrom(index) } : { NEXT: forwardFrom(index), BACK: backFrom(index) } },
  ]),
);

export const eventWizardMachine = setup({
  types: {
    context: {} as EventWizardContext,
    events: {} as EventWizardEvent,
  },
  guards: {
    needsIdentity: needs('identity'),
    needsDevice: needs('device'),
    needsTeam: needs('team'),
    needsPhone: needs('phone'),
  },
  actions: {
    rememberRequirements: assign({ requirements: ({ event }) => (event.type === 'START' ? event.requirements : NO_REQUIREMENTS) }),
    /** Posts the form to the page's action; the route supplies it. */
    submitForm: () => {},
    rememberFailure: assign({ serverErrors: ({ event }) => (event.type === 'REJECTED' ? event.messages : []) }),
    forgetFailure: assign({ serverErrors: [] }),
  },
}).createMachine({
  id: 'eventWizard',
  context: { requirements: NO_REQUIREMENTS, serverErrors: [] },
  initial: 'allSteps',
  states: {
    allSteps: { on: { START: { target: WIZARD_STEPS[0], actions: 'rememberRequirements' } } },
    ...stepStates,
    submitting: {
      entry: ['forgetFailure', 'submitForm'],
      on: {
        REJECTED: { target: 'failed', actions: 'rememberFailure' },
        REDIRECTED: { target: 'leaving' },
      },
    },
    /** The popup with the server's messages; closing it returns to the last step. */
    failed: { on: { DISMISS_ERROR: backFrom(WIZARD_STEPS.length) } },
    leaving: { type: 'final' },
  },
});
