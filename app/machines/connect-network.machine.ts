import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { CONNECTION_MESSAGES, type Network } from '~/lib/connections/networks';
import { NETWORK_IMPORT_POLL_MS } from '~/lib/constants';

export interface ImportProgress {
  status: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
}

interface XertFieldErrors {
  username?: string;
  password?: string;
}

export type ConnectNetworkEvent =
  | { type: 'LOADED'; network: Network; linked: boolean; outcome: 'connected' | 'failed' | null; progress: ImportProgress | null }
  | { type: 'CONNECT' }
  | { type: 'SUBMIT_XERT'; username: string; password: string }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | { type: 'DISCONNECT' }
  | { type: 'CONFIRM' };

interface ConnectNetworkContext {
  network: Network | null;
  /** The alert 'An error has occurred. Please try again' on the card. */
  failed: boolean;
  errors: XertFieldErrors;
  progress: ImportProgress | null;
}

/**
 * One card of the Connections tab (spec 1 §2 Connections, §4 OAuth callback, §5 Xert, §8):
 * Connect leaves for the provider (or opens Xert's form), the callback's outcome comes back in
 * LOADED, Disconnect asks first, and a running import is polled until it ends. The route
 * provides `connectXert`, `disconnect`, `pollImport` and the `leaveForProvider` action.
 */
export const connectNetworkMachine = setup({
  types: { context: {} as ConnectNetworkContext, events: {} as ConnectNetworkEvent },
  actors: {
    connectXert: fromPromise<{ ok: boolean }, { username: string; password: string }>(async () => {
      throw new Error('connectXert is provided by the route');
    }),
    disconnect: fromPromise<void, { network: Network | null }>(async () => {
      throw new Error('disconnect is provided by the route');
    }),
    pollImport: fromPromise<ImportProgress | null, { network: Network | null }>(async () => {
      throw new Error('pollImport is provided by the route');
    }),
  },
  actions: {
    leaveForProvider: () => {},
    load: assign(({ event }) => {
      assertEvent(event, 'LOADED');
      return { network: event.network, progress: event.progress, failed: event.outcome === 'failed' };
    }),
    setFailed: assign({ failed: true }),
    clearFailed: assign({ failed: false, errors: {} }),
    setFieldErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_XERT');
      return {
        errors: {
          ...(event.username.trim() ? {} : { username: CONNECTION_MESSAGES.usernameRequired }),
          ...(event.password ? {} : { password: CONNECTION_MESSAGES.passwordRequired }),
        },
      };
    }),
    setProgress: assign((_, progress: ImportProgress | null) => ({ progress })),
  },
  guards: {
    callbackFailed: ({ event }) => {
      assertEvent(event, 'LOADED');
      return event.outcome === 'failed';
    },
    isLinked: ({ event }) => {
      assertEvent(event, 'LOADED');
      return event.linked;
    },
    isXert: ({ context }) => context.network === 'xert',
    fieldsFilled: ({ event }) => {
      assertEvent(event, 'SUBMIT_XERT');
      return event.username.trim() !== '' && event.password !== '';
    },
    xertAccepted: (_, answer: { ok: boolean }) => answer.ok,
    importRunning: ({ context }) => context.progress?.status === 'running',
    stillRunning: (_, progress: ImportProgress | null) => progress?.status === 'running',
  },
  delays: { importPoll: NETWORK_IMPORT_POLL_MS },
}).createMachine({
  id: 'connectNetwork',
  context: { network: null, failed: false, errors: {}, progress: null },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: [
          { guard: 'callbackFailed', target: 'disconnected', actions: 'load' },
          { guard: 'isLinked', target: 'connected', actions: 'load' },
          { target: 'disconnected', actions: 'load' },
        ],
      },
    },
    disconnected: {
      on: {
        CONNECT: [
          { guard: 'isXert', target: 'xertForm', actions: 'clearFailed' },
          { target: 'redirecting', actions: 'clearFailed' },
        ],
        DISMISS: { actions: 'clearFailed' },
      },
    },
    // The browser leaves for the provider's authorize page; the callback brings it back.
    redirecting: { type: 'final', entry: 'leaveForProvider' },
    xertForm: {
      on: {
        SUBMIT_XERT: [{ guard: 'fieldsFilled', target: 'submittingXert', actions: 'clearFailed' }, { actions: 'setFieldErrors' }],
        CANCEL: { target: 'disconnected', actions: 'clearFailed' },
      },
    },
    submittingXert: {
      invoke: {
        id: 'connectXert',
        src: 'connectXert',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_XERT');
          return { username: event.username, password: event.password };
        },
        onDone: [
          { guard: { type: 'xertAccepted', params: ({ event }) => event.output }, target: 'connected' },
          { target: 'xertForm', actions: 'setFailed' },
        ],
        onError: { target: 'xertForm', actions: 'setFailed' },
      },
    },
    connected: {
      initial: 'checkingImport',
      states: {
        checkingImport: { always: [{ guard: 'importRunning', target: 'importing' }, { target: 'idle' }] },
        idle: {},
        importing: { after: { importPoll: 'polling' } },
        polling: {
          invoke: {
            id: 'pollImport',
            src: 'pollImport',
            input: ({ context }) => ({ network: context.network }),
            onDone: [
              {
                guard: { type: 'stillRunning', params: ({ event }) => event.output },
                target: 'importing',
                actions: { type: 'setProgress', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'setProgress', params: ({ event }) => event.output } },
            ],
            onError: { target: 'importing' },
          },
        },
      },
      on: { DISCONNECT: { target: 'confirmingDisconnect', actions: 'clearFailed' }, DISMISS: { actions: 'clearFailed' } },
    },
    confirmingDisconnect: {
      on: { CONFIRM: 'disconnecting', CANCEL: 'connected' },
    },
    disconnecting: {
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }) => ({ network: context.network }),
        onDone: { target: 'disconnected', actions: assign({ progress: null }) },
        onError: { target: 'connected', actions: 'setFailed' },
      },
    },
  },
});
