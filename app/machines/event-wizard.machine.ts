import { assertEvent, assign, setup } from 'xstate';
import { stepIsRequired, type StepRequirements, type WizardStep } from '~/lib/events/wizard-steps';

/**
 * The event registration wizard (spec 3 §2, §4): DISCLAIMER → PERSONAL DETAILS → RIDER
 * DETAILS → IDENTITY VERIFICATION (if identification) → DEVICE DETAILS (if device) → TEAM
 * (if team) → PHONE VERIFICATION (if otp), then one submission to the page's own action.
 *
 * The page arrives with every step on it (`allSteps`: that is how it works without
 * JavaScript); once its script runs it sends START with the event's requirements and shows
 * one step at a time. Its steps are literal states in WIZARD_STEPS' order (the list the page
 * and the server read), so the chart, the types and the generated paths all read them. The server answers the submission by redirecting to the thank-you
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
    rememberRequirements: assign(({ event }) => {
      assertEvent(event, 'START');
      return { requirements: event.requirements };
    }),
    /** Posts the form to the page's action; the route supplies it. */
    submitForm: () => {},
    rememberFailure: assign(({ event }) => {
      assertEvent(event, 'REJECTED');
      return { serverErrors: event.messages };
    }),
    forgetFailure: assign({ serverErrors: [] }),
  },
}).createMachine({
  id: 'eventWizard',
  context: { requirements: NO_REQUIREMENTS, serverErrors: [] },
  initial: 'allSteps',
  // The seven steps written out (WIZARD_STEPS' order), each NEXT and BACK trying the conditional
  // steps in turn and landing on the first one the event needs. The unit test walks every
  // combination of requirements against requiredSteps(), so this and the shared list agree.
  states: {
    allSteps: { on: { START: { target: 'disclaimer', actions: 'rememberRequirements' } } },
    disclaimer: { on: { NEXT: 'personal' } },
    personal: { on: { NEXT: 'rider', BACK: 'disclaimer' } },
    rider: {
      on: {
        NEXT: [
          { guard: 'needsIdentity', target: 'identity' },
          { guard: 'needsDevice', target: 'device' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsPhone', target: 'phone' },
          { target: 'submitting' },
        ],
        BACK: 'personal',
      },
    },
    /** IDENTITY VERIFICATION, when the event asks for identification. */
    identity: {
      on: {
        NEXT: [
          { guard: 'needsDevice', target: 'device' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsPhone', target: 'phone' },
          { target: 'submitting' },
        ],
        BACK: 'rider',
      },
    },
    /** DEVICE DETAILS, when the event asks for a device. */
    device: {
      on: {
        NEXT: [{ guard: 'needsTeam', target: 'team' }, { guard: 'needsPhone', target: 'phone' }, { target: 'submitting' }],
        BACK: [{ guard: 'needsIdentity', target: 'identity' }, { target: 'rider' }],
      },
    },
    /** TEAM, when the event is ridden in teams. */
    team: {
      on: {
        NEXT: [{ guard: 'needsPhone', target: 'phone' }, { target: 'submitting' }],
        BACK: [{ guard: 'needsDevice', target: 'device' }, { guard: 'needsIdentity', target: 'identity' }, { target: 'rider' }],
      },
    },
    /** PHONE VERIFICATION, when the event asks for a verified phone (otp). */
    phone: {
      on: {
        NEXT: 'submitting',
        BACK: [
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsDevice', target: 'device' },
          { guard: 'needsIdentity', target: 'identity' },
          { target: 'rider' },
        ],
      },
    },
    submitting: {
      entry: ['forgetFailure', 'submitForm'],
      on: {
        REJECTED: { target: 'failed', actions: 'rememberFailure' },
        REDIRECTED: { target: 'leaving' },
      },
    },
    /** The popup with the server's messages; closing it returns to the last step. */
    failed: {
      on: {
        DISMISS_ERROR: [
          { guard: 'needsPhone', target: 'phone' },
          { guard: 'needsTeam', target: 'team' },
          { guard: 'needsDevice', target: 'device' },
          { guard: 'needsIdentity', target: 'identity' },
          { target: 'rider' },
        ],
      },
    },
    leaving: { type: 'final' },
  },
});
