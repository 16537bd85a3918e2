import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionEndReason } from '~/lib/login-path';
import type { LogoutAnswer } from '~/lib/logout';
import { SESSION_CHECK_MS, SESSION_OFFLINE_RETRY_MS } from '~/lib/constants';

/** What the server answers the check (`GET /auth/session`). */
export type SessionAnswer = { status: 'valid' } | { status: 'expired'; reason: Exclude<SessionEndReason, 'session_revoked'> } | { status: 'revoked' };

/** `from`: the page the rider pressed Log Out on (path and query). */
export type SessionEvent = { type: 'WINDOW_FOCUSED' } | { type: 'TAB_VISIBLE' } | { type: 'BACK_ONLINE' } | { type: 'LOG_OUT'; from: string };

/**
 * The browser's session watch (spec 1 §4 Session, DESIGN.md §3), while a rider is signed in:
 * it asks the server on start, every 2 minutes, on window focus and when the tab becomes
 * visible. The server decides and the machine takes its answer:
 * - valid: the page stays as it is (the account menu is busy only while a check runs);
 * - expired (cookies gone, or the token past its end) and revoked elsewhere (a logout on another
 *   device, a password change, staff): a toast with the reason, then login keeping the path;
 * - no answer (the network is down): a notice says so and the check is tried again, on a timer
 *   or when the browser is back online; the rider is not signed out.
 * Log Out (decision 180) goes through the machine too, so a check answering while the logout is
 * on its way cannot send the rider somewhere else: the server ends the session and names the
 * page to open next, the page the rider was on (whose guard sends a page that needs a rider to
 * login with its path and session_expired); no answer keeps the rider signed in, with the notice.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { reason: SessionEndReason | null },
    events: {} as SessionEvent,
  },
  actors: {
    /** The route provides the real call to /auth/session. */
    checkSession: fromPromise<SessionAnswer>(async () => ({ status: 'valid' })),
    /** The route provides the real call that ends the session (`POST /auth/session`). */
    endSession: fromPromise<LogoutAnswer, { from: string }>(async ({ input }) => ({ to: input.from })),
  },
  guards: {
    sessionValid: (_, answer: SessionAnswer) => answer.status === 'valid',
    sessionExpired: (_, answer: SessionAnswer) => answer.status === 'expired',
  },
  actions: {
    rememberReason: assign((_, answer: SessionAnswer) => ({
      reason: answer.status === 'expired' ? answer.reason : answer.status === 'revoked' ? ('session_revoked' as const) : null,
    })),
    /** The screen supplies both: a toast saying why, and the trip to login with the current path and the reason. */
    toastReason: () => {},
    redirectToLogin: () => {},
    /** The screen supplies it: a full navigation to where the server sent the rider after logout. */
    leave: (_, _answer: LogoutAnswer) => {},
  },
  delays: { sessionCheck: SESSION_CHECK_MS, offlineRetry: SESSION_OFFLINE_RETRY_MS },
}).createMachine({
  id: 'session',
  context: { reason: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          { guard: { type: 'sessionValid', params: ({ event }) => event.output }, target: 'signedIn' },
          {
            guard: { type: 'sessionExpired', params: ({ event }) => event.output },
            target: 'expired',
            actions: [{ type: 'rememberReason', params: ({ event }) => event.output }, 'toastReason', 'redirectToLogin'],
          },
          { target: 'revokedElsewhere', actions: [{ type: 'rememberReason', params: ({ event }) => event.output }, 'toastReason', 'redirectToLogin'] },
        ],
        onError: { target: 'networkDown' },
      },
      // A press while a check runs is not lost: the logout replaces the check.
      on: { LOG_OUT: { target: 'signingOut' } },
    },
    signedIn: {
      after: { sessionCheck: { target: 'checking' } },
      on: { WINDOW_FOCUSED: { target: 'checking' }, TAB_VISIBLE: { target: 'checking' }, LOG_OUT: { target: 'signingOut' } },
    },
    /** The notice 'No response from Paceline…'; still signed in. */
    networkDown: {
      after: { offlineRetry: { target: 'checking' } },
      on: {
        WINDOW_FOCUSED: { target: 'checking' },
        TAB_VISIBLE: { target: 'checking' },
        BACK_ONLINE: { target: 'checking' },
        LOG_OUT: { target: 'signingOut' },
      },
    },
    /** Log Out pressed: the account menu is busy and its button reads 'Logging out…'; checks wait. */
    signingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ event }) => {
          assertEvent(event, 'LOG_OUT');
          return { from: event.from };
        },
        onDone: { target: 'signedOut', actions: { type: 'leave', params: ({ event }) => event.output } },
        onError: { target: 'networkDown' },
      },
    },
    /** Signed out: the page the server named opens (login with the path and session_expired for a page that needs a rider). */
    signedOut: { type: 'final' },
    /** The toast 'Your session has expired…' and the login page. */
    expired: { type: 'final' },
    /** The toast 'You were signed out because your session was ended elsewhere…' and the login page. */
    revokedElsewhere: { type: 'final' },
  },
});
