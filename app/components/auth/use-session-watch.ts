import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { flowInspector } from '~/components/flows/flow-inspector';
import { transitionReporter } from '~/components/flows/use-flow-machine';
import { showToast } from '~/components/ui/Toaster';
import { SESSION_END_MESSAGES } from '~/lib/account-messages';
import { apiJson, browserDeps, leaveForLogin } from '~/lib/api-client';
import { loginPath } from '~/lib/login-path';
import { LOGOUT_FROM_FIELD, SESSION_PATH, type LogoutAnswer } from '~/lib/logout';
import { sessionMachine, type SessionAnswer } from '~/machines/session.machine';

/** The session machine's state as the shell shows it; 'off' while nobody is signed in. */
export type SessionWatchState = 'off' | 'checking' | 'signedIn' | 'networkDown' | 'signingOut' | 'signedOut' | 'expired' | 'revokedElsewhere';

export interface SessionWatch {
  state: SessionWatchState;
  /** Log Out through the machine; null while no watch runs (the form then posts itself). */
  logOut: ((from: string) => void) | null;
}

/** The watch as every Log Out button on the page reads it (the header's, the profile's, the confirmation page's). */
export const SessionWatchContext = createContext<SessionWatch>({ state: 'off', logOut: null });
export const useSessionWatchContext = () => useContext(SessionWatchContext);

/** A lost network is this flow's notice, as for the check: the seam's toast is left out. */
const quietDeps = () => ({ ...browserDeps(), toast: () => {} });

/**
 * The check goes through the seam, but a lost network is the machine's own screen (the notice
 * of `networkDown`), so the seam's no-response toast is left out here.
 */
function askServer(): Promise<SessionAnswer> {
  return apiJson<SessionAnswer>(SESSION_PATH, {}, { deps: quietDeps() });
}

/** Ends the session; the server answers where the rider goes next. */
function endSession({ input }: { input: { from: string } }): Promise<LogoutAnswer> {
  return apiJson<LogoutAnswer>(SESSION_PATH, { method: 'POST', body: new URLSearchParams({ [LOGOUT_FROM_FIELD]: input.from }) }, { deps: quietDeps() });
}

/** Where the rider is, kept in the login link. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Runs the session machine while a rider is signed in (spec 1 §4 Session) and returns its
 * state for the shell to show: the account menu is busy while a check runs, `networkDown`
 * shows the notice, and a lost session toasts its reason and goes to login with the path kept.
 * Login is reached the way the seam reaches it for a JSON call (`leaveForLogin`): one full
 * navigation per page, so the two never race and the server's guard runs; the login page
 * shows the reason again from its query. Log Out leaves the same way, for the page the server names.
 */
export function useSessionWatch(signedIn: boolean): SessionWatch {
  const [state, setState] = useState<SessionWatchState>('off');
  const actorRef = useRef<Actor<typeof sessionMachine> | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const actor = createActor(
      sessionMachine.provide({
        actors: { checkSession: fromPromise(askServer), endSession: fromPromise(endSession) },
        actions: {
          toastReason: ({ context }) => context.reason && showToast({ kind: 'warning', message: SESSION_END_MESSAGES[context.reason] }),
          redirectToLogin: ({ context }) => leaveForLogin(loginPath(currentPath(), context.reason ?? 'session_expired')),
          leave: (_, answer) => leaveForLogin(answer.to),
        },
      }),
      { inspect: flowInspector(transitionReporter()) },
    );
    actorRef.current = actor;
    const subscription = actor.subscribe((snapshot) => setState(snapshot.value));
    actor.start();
    const onFocus = () => actor.send({ type: 'WINDOW_FOCUSED' });
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'TAB_VISIBLE' });
    };
    const onOnline = () => actor.send({ type: 'BACK_ONLINE' });
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
      setState('off');
    };
  }, [signedIn]);
  const shown = signedIn ? state : 'off';
  return useMemo(() => ({ state: shown, logOut: shown === 'off' ? null : (from: string) => actorRef.current?.send({ type: 'LOG_OUT', from }) }), [shown]);
}
