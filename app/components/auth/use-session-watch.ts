import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { createActor, fromPromise } from 'xstate';
import { apiJson } from '~/lib/api-client';
import { transitionReporter } from '~/components/flows/use-flow-machine';
import { loginPath } from '~/lib/login-path';
import { sessionMachine } from '~/machines/session.machine';

async function sessionIsAlive(): Promise<boolean> {
  return (await apiJson<{ signedIn: boolean }>('/auth/session')).signedIn;
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
