import { useEffect, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { transitionReporter } from '~/components/flows/use-flow-machine';
import { showToast } from '~/components/ui/Toaster';
import { SESSION_END_MESSAGES } from '~/lib/account-messages';
import { apiJson, browserDeps, leaveForLogin } from '~/lib/api-client';
import { loginPath } from '~/lib/login-path';
import { sessionMachine, type SessionAnswer } from '~/machines/session.machine';

/** The session machine's state as the shell shows it; 'off' while nobody is signed in. */
export type SessionWatchState = 'off' | 'checking' | 'signedIn' | 'networkDown' | 'expired' | 'revokedElsewhere';

/**
 * The check goes through the seam, but a lost network is the machine's own screen (the notice
 * of `networkDown`), so the seam's no-response toast is left out here.
 */
function askServer(): Promise<SessionAnswer> {
  return apiJson<SessionAnswer>('/auth/session', {}, { deps: { ...browserDeps(), toast: () => {} } });
}

/** Where the rider is, kept in the login link. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Runs the session machine while a rider is signed in (spec 1 §4 Session) and returns its
 * state for the shell to show: the account menu is busy while a check runs, `networkDown`
 * shows the notice, and a lost session toasts its reason and goes to login with the path kept.
 * Login is reached the way the seam reaches it for a JSON call (`leaveForLogin`): one full
 * navigation per page, so the two never race and the server's guard runs; the login page
 * shows the reason again from its query.
 */
export function useSessionWatch(signedIn: boolean): SessionWatchState {
  const [state, setState] = useState<SessionWatchState>('off');
  useEffect(() => {
    if (!signedIn) return;
    const actor = createActor(
      sessionMachine.provide({
        actors: { checkSession: fromPromise(askServer) },
        actions: {
          toastReason: ({ context }) => context.reason && showToast({ kind: 'warning', message: SESSION_END_MESSAGES[context.reason] }),
          redirectToLogin: ({ context }) => leaveForLogin(loginPath(currentPath(), context.reason ?? 'session_expired')),
        },
      }),
      { inspect: transitionReporter() },
    );
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
      setState('off');
    };
  }, [signedIn]);
  return signedIn ? state : 'off';
}
