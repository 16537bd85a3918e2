import { defineFlow, everyKind, type CatalogueEntry } from '~/lib/flows/types';
import { connectNetworkMachine, type ImportProgress } from '../connect-network.machine';
import { partnerAuthorizeMachine } from '../partner-authorize.machine';

const running: ImportProgress = { status: 'running', done: 1, total: 3 };
const finished: ImportProgress = { status: 'done', done: 3, total: 3 };

/** Fitness networks and partner authorization (issue 12). */
export const connectionsFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'connect-network',
    browserPaths: 'required',
    title: 'Connect a fitness network',
    description:
      'One card of the Connections tab: Connect leaves for the provider (Xert opens its username and password form), the callback outcome shows connected or the error, Disconnect asks first, and a running ride import is polled until it ends.',
    specRef: 'spec 1 §2 Connections, §4 OAuth callback, §5 Xert connect, §8',
    machine: connectNetworkMachine,
    mainPath: ['loading', 'disconnected', 'redirecting', 'connected'],
    serverAnswers: {
      outputs: {
        connectXert: everyKind<{ ok: boolean }>()('ok', [{ ok: true }, { ok: false }]),
        disconnect: [undefined],
        pollImport: [
          ...everyKind<ImportProgress>()('status', [{ status: 'idle', done: 0, total: 0 }, running, finished, { status: 'failed', done: 1, total: 3 }]),
          null,
        ],
      },
    },
    simplePathLimit: 60,
    eventSamples: {
      LOADED: [
        { type: 'LOADED', network: 'strava', linked: false, outcome: null, progress: null },
        { type: 'LOADED', network: 'xert', linked: false, outcome: null, progress: null },
        { type: 'LOADED', network: 'strava', linked: false, outcome: 'failed', progress: null },
        { type: 'LOADED', network: 'strava', linked: true, outcome: 'connected', progress: running },
        { type: 'LOADED', network: 'strava', linked: true, outcome: null, progress: finished },
      ],
      SUBMIT_XERT: [{ type: 'SUBMIT_XERT', username: '', password: '' }, { type: 'SUBMIT_XERT', username: 'rider', password: 'sandbox' }],
      'xstate.done.actor.connectXert': [{ type: 'xstate.done.actor.connectXert', output: { ok: true } }, { type: 'xstate.done.actor.connectXert', output: { ok: false } }],
      'xstate.error.actor.connectXert': [{ type: 'xstate.error.actor.connectXert', error: new Error('offline') }],
      'xstate.done.actor.pollImport': [{ type: 'xstate.done.actor.pollImport', output: running }, { type: 'xstate.done.actor.pollImport', output: finished }],
      'xstate.error.actor.pollImport': [{ type: 'xstate.error.actor.pollImport', error: new Error('offline') }],
      'xstate.error.actor.disconnect': [{ type: 'xstate.error.actor.disconnect', error: new Error('offline') }],
    },
    serializeContext: (context: { network: string | null; failed: boolean; errors: object; progress: { status: string } | null }) => ({
      xert: context.network === 'xert',
      failed: context.failed,
      errors: Object.keys(context.errors).length,
      importing: context.progress?.status === 'running',
    }),
  }),
  defineFlow({
    id: 'partner-authorize',
    browserPaths: 'required',
    title: 'Authorize a partner',
    description:
      'The partner consent page (a visitor never reaches it: the server sends them to login with the full path kept): an unknown client or unregistered redirect_uri shows the error, a known client shows the consent; Authorize returns a code, Cancel returns access_denied, both to the registered redirect_uri.',
    specRef: 'spec 1 §2 Partner authorize page, §4 Partner authorize, §8',
    machine: partnerAuthorizeMachine,
    mainPath: ['loading', 'consent', 'deciding', 'redirecting'],
    serverAnswers: { outputs: { decide: [{ redirect: 'https://partner.example/callback?code=abc&state=xyz' }, { redirect: null }] } },
    eventSamples: {
      LOADED: [
        { type: 'LOADED', clientKnown: false, failed: false },
        { type: 'LOADED', clientKnown: true, failed: true },
        { type: 'LOADED', clientKnown: true, failed: false },
      ],
      'xstate.done.actor.decide': [
        { type: 'xstate.done.actor.decide', output: { redirect: 'https://partner.example/callback?code=abc&state=xyz' } },
        { type: 'xstate.done.actor.decide', output: { redirect: null } },
      ],
      'xstate.error.actor.decide': [{ type: 'xstate.error.actor.decide', error: new Error('offline') }],
    },
    serializeContext: (context: { redirect: string | null; decision: string }) => ({ redirect: Boolean(context.redirect), decision: context.decision }),
  }),
];
