import { defineFlow, type CatalogueEntry } from '~/lib/flows/types';
import { eventWizardMachine, type EventWizardContext } from '../event-wizard.machine';
import { identityFilesMachine, type IdentityFilesContext } from '../identity-files.machine';
import { phoneVerificationMachine, type PhoneVerificationContext } from '../phone-verification.machine';
import { resultsFrameMachine } from '../results-frame.machine';
import { PHONE_CODE_MESSAGES, PHONE_MESSAGE } from '~/lib/events/phone';
import { ROOM_FULL_MESSAGE } from '~/lib/events/categories';


/** Every combination of the wizard's four conditional steps, so each skip is generated. */
const requirementCombinations = Array.from({ length: 16 }, (_, bits) => ({
  identification: Boolean(bits & 1),
  device: Boolean(bits & 2),
  team: Boolean(bits & 4),
  otp: Boolean(bits & 8),
}));

/** The events area's flows (issue 5). */
export const eventsFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'event-wizard',
    browserCoverage: 'complete',
    title: 'Event registration wizard',
    description:
      'The page arrives with every step on it (no JavaScript needed); its script then shows seven steps in order (disclaimer, personal, rider, identity, device, team, phone), the last four only when the event needs them; one submission to the page itself, refused ones shown in a popup, accepted ones redirect to the thank-you page.',
    specRef: 'spec 3 §2 "Registration wizard", §4 "Event page and wizard", §5',
    machine: eventWizardMachine,
    serverAnswers: { events: { waitingIn: ['submitting'], answers: [{ type: 'REJECTED', messages: [ROOM_FULL_MESSAGE] }, { type: 'REDIRECTED' }] } },
    eventSamples: {
      START: requirementCombinations.map((requirements) => ({ type: 'START' as const, requirements })),
      REJECTED: [{ type: 'REJECTED', messages: [ROOM_FULL_MESSAGE] }],
    },
    serializeContext: (context: EventWizardContext) => ({ requirements: context.requirements, failed: context.serverErrors.length > 0 }),
  }),
  defineFlow({
    id: 'phone-verification',
    title: 'Phone verification',
    description: 'Sends a code by SMS or WhatsApp, allows a resend, verifies the code; verified locks the phone and shows the terms.',
    specRef: 'spec 3 §4 "Phone verification", §5 "Phone step"',
    machine: phoneVerificationMachine,
    serverAnswers: { outputs: { sendCode: [{ key: 'k1', phone: '+971501234567' }], verifyCode: [undefined] } },
    eventSamples: {
      SEND: [{ type: 'SEND', phone: '+971501234567', channel: 'sms' }],
      VERIFY: [{ type: 'VERIFY', code: '123456' }],
      'xstate.done.actor.sendCode': [{ type: 'xstate.done.actor.sendCode', output: { key: 'k1', phone: '+971501234567' } }],
      'xstate.error.actor.sendCode': [{ type: 'xstate.error.actor.sendCode', error: new Error(PHONE_MESSAGE) }],
      'xstate.error.actor.verifyCode': [{ type: 'xstate.error.actor.verifyCode', error: new Error(PHONE_CODE_MESSAGES.wrong) }],
    },
    serializeContext: (context: PhoneVerificationContext) => ({ sent: context.key !== null, failed: context.error !== null, phone: context.phone }),
  }),
  defineFlow({
    id: 'identity-files',
    title: 'Identity files',
    description: 'Use the files of an earlier registration or upload new ones (switching resets the fields); existing files open in a new window.',
    specRef: 'spec 3 §4 "Identity step", §8 "File download failure"',
    machine: identityFilesMachine,
    // The browser downloads the file; the answer is its success or failure.
    serverAnswers: { outputs: { downloadFile: [undefined] } },
    input: { hasExistingFiles: true },
    eventSamples: {
      DOWNLOAD: [{ type: 'DOWNLOAD', side: 'front' }],
      'xstate.error.actor.downloadFile': [{ type: 'xstate.error.actor.downloadFile', error: new Error('404') }],
    },
    serializeContext: (context: IdentityFilesContext) => ({ hasExistingFiles: context.hasExistingFiles, failed: context.downloadError !== null }),
  }),
  defineFlow({
    id: 'results-frame',
    title: 'Results frame',
    description: 'Follows pacelineEvent messages from the results frame (origin checked): series to event and day, single to event, events to plain results.',
    specRef: 'spec 3 §2 "Results page"',
    machine: resultsFrameMachine,
    input: { frameOrigin: 'http://localhost', eventId: '1', dayId: '1' },
    eventSamples: {
      FRAME_MESSAGE: [
        { type: 'FRAME_MESSAGE', origin: 'http://localhost', data: { type: 'pacelineEvent', eventType: 'series', eventId: 1, dayId: 2 } },
        { type: 'FRAME_MESSAGE', origin: 'http://localhost', data: { type: 'pacelineEvent', eventType: 'single', eventId: 3 } },
        { type: 'FRAME_MESSAGE', origin: 'http://localhost', data: { type: 'pacelineEvent', eventType: 'events' } },
        { type: 'FRAME_MESSAGE', origin: 'https://elsewhere.example', data: { type: 'pacelineEvent', eventType: 'events' } },
      ],
      LOCATION_CHANGED: [{ type: 'LOCATION_CHANGED', eventId: '1', dayId: '1' }],
    },
    serializeContext: (context: { eventId: string | null; dayId: string | null; target: string | null }) => context,
  }),
];
