import { assertEvent, assign, fromPromise, setup } from 'xstate';

export type PartnerDecision = 'authorize' | 'cancel';

/** Where the decision endpoint sends the browser (the partner's redirect_uri with a code or an error). */
export interface DecisionAnswer {
  redirect: string | null;
}

export type PartnerAuthorizeEvent = { type: 'LOADED'; clientKnown: boolean; failed: boolean } | { type: 'AUTHORIZE' } | { type: 'CANCEL' };

/**
 * The partner authorize screen (spec 1 §2 Partner authorize page, §4 Partner authorize, §8).
 * The server decides the first steps and the browser sees their outcome in LOADED: an unknown
 * client or unregistered redirect_uri shows the error, a known client shows the consent. (A
 * visitor never sees this page: the loader sends them to login with the full path, which is
 * routing, not a state.) Authorize and Cancel post the decision
 * (`decide`, provided by the route) and follow the redirect it returns.
 */
export const partnerAuthorizeMachine = setup({
  types: { context: {} as { redirect: string | null; decision: PartnerDecision }, events: {} as PartnerAuthorizeEvent },
  actors: {
    decide: fromPromise<DecisionAnswer, { decision: PartnerDecision }>(async () => {
      throw new Error('decide is provided by the route');
    }),
  },
  actions: {
    followRedirect: () => {},
    chooseAuthorize: assign({ decision: 'authorize' as PartnerDecision }),
    chooseCancel: assign({ decision: 'cancel' as PartnerDecision }),
    keepRedirect: assign((_, answer: DecisionAnswer) => ({ redirect: answer.redirect })),
  },
  guards: {
    clientUnknown: ({ event }) => {
      assertEvent(event, 'LOADED');
      return !event.clientKnown;
    },
    serverFailed: ({ event }) => {
      assertEvent(event, 'LOADED');
      return event.failed;
    },
    hasRedirect: (_, answer: DecisionAnswer) => Boolean(answer.redirect),
  },
}).createMachine({
  id: 'partnerAuthorize',
  context: { redirect: null, decision: 'cancel' },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: [{ guard: 'clientUnknown', target: 'clientError' }, { guard: 'serverFailed', target: 'failed' }, { target: 'consent' }],
      },
    },
    clientError: { type: 'final' },
    consent: {
      on: { AUTHORIZE: { target: 'deciding', actions: 'chooseAuthorize' }, CANCEL: { target: 'deciding', actions: 'chooseCancel' } },
    },
    deciding: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ decision: context.decision }),
        onDone: [
          {
            guard: { type: 'hasRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: { type: 'keepRedirect', params: ({ event }) => event.output },
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    // The error 'An Error has occured. Please try again.' with both buttons still offered.
    failed: {
      on: { AUTHORIZE: { target: 'deciding', actions: 'chooseAuthorize' }, CANCEL: { target: 'deciding', actions: 'chooseCancel' } },
    },
    redirecting: { type: 'final', entry: 'followRedirect' },
  },
});
