import { useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Bridges a Remix form to its machine: SUBMIT when the form posts, RESULT with the action's
 * outcome when its answer arrives (redirects never come back, the page simply leaves).
 */
export function useSubmissionBridge<Result>(actionData: Result | undefined, onSubmit: () => void, onResult: (result: Result) => void) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const callbacks = useRef({ onSubmit, onResult });
  callbacks.current = { onSubmit, onResult };
  useEffect(() => {
    if (submitting) callbacks.current.onSubmit();
  }, [submitting]);
  useEffect(() => {
    if (actionData) callbacks.current.onResult(actionData);
  }, [actionData]);
  return submitting;
}
