import { useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Bridges a Remix form to its machine with what the browser sees of the server: SUBMIT when
 * the form posts, the action's answer when it comes back, and (if given) onRedirect when the
 * action redirected and the page is loading the place the server chose.
 */
export function useSubmissionBridge<Result>(actionData: Result | undefined, onSubmit: () => void, onResult: (result: Result) => void, onRedirect?: () => void) {
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state === 'submitting';
  // After a submission Remix loads either this page again (the action answered) or the redirect's target.
  const redirected = navigation.state === 'loading' && Boolean(navigation.formMethod) && navigation.location.pathname !== location.pathname;
  const callbacks = useRef({ onSubmit, onResult, onRedirect });
  callbacks.current = { onSubmit, onResult, onRedirect };
  useEffect(() => {
    if (submitting) callbacks.current.onSubmit();
  }, [submitting]);
  useEffect(() => {
    if (redirected) callbacks.current.onRedirect?.();
  }, [redirected]);
  useEffect(() => {
    if (actionData) callbacks.current.onResult(actionData);
  }, [actionData]);
  return submitting;
}
