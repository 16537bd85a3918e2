import { fromPromise, setup } from 'xstate';
import { SESSION_CHECK_MS } from '~/lib/constants';

/**
 * The browser's session watch (spec 1 §4 Session, DESIGN.md §3): asks the server on start,
 * every 2 minutes, on window focus and when the tab becomes visible. A lost session sends
 * the rider to login with the current path; a network failure keeps watching.
 */
export const sessionMachine = setup({
  types: {
    events: {} as { type: 'WINDOW_FOCUSED' } | { type: 'TAB_VISIBLE' },
  },
  actors: {
    /** Resolves true while the server still knows the session. The route provides the fetch. */
    checkSession: fromPromise<boolean>(async () => true),
  },
  actions: {
    goToLogin: () => {},
  },
  guards: {
    sessionIsValid: ({ event }) => (event as unknown as { output?: unknown }).output === true,
  },
  delays: { sessionCheck: SESSION_CHECK_MS },
}).createMachine({
  id: 'session',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [{ guard: 'sessionIsValid', target: 'signedIn' }, { target: 'lost' }],
        onError: { target: 'signedIn' },
      },
    },
    signedIn: {
      after: { sessionCheck: { target: 'checking' } },
      on: { WINDOW_FOCUSED: { target: 'checking' }, TAB_VISIBLE: { target: 'checking' } },
    },
    lost: { type: 'final', entry: 'goToLogin' },
  },
});
