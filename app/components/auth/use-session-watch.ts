import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { createActor, fromPromise } from 'xstate';
import { transitionReporter } from '~/components/flows/use-flow-machine';
import { loginPath } from '~/lib/login-path';
import { sessionMachine } from '~/machines/session.machine';

async function sessionIsAlive(): Promise<boolean> {
  const response = await fetch('/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`session check ${response.status}`);
  return ((await response.json()) as { signedIn: boolean }).signedIn;
}

/** Runs the session machine while a rider is signed in; a lost session goes to login with the current path. */
export function useSessionWatch(signedIn: boolean) {
  const location = useLocation();
  const currentPath = useRef('');
  currentPath.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!signedIn) return;
    const actor = createActor(
      sessionMachine.provide({
        actors: { checkSession: fromPromise(sessionIsAlive) },
        actions: { goToLogin: () => window.location.assign(loginPath(currentPath.current, 'session_expired')) },
      }),
      { inspect: transitionReporter() },
    ).start();
    const onFocus = () => actor.send({ type: 'WINDOW_FOCUSED' });
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'TAB_VISIBLE' });
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      actor.stop();
    };
  }, [signedIn]);
}
