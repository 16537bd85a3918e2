import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useActionData, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { showToast } from '~/components/ui/Toaster';
import { describeStateValue } from '~/lib/flows/definition';
import { leavesPage, OUTCOME_FIELD, OUTCOME_FIELD_VALUE, type SignInAnswer } from '~/lib/sign-in';
import type { FormPostEvent } from '~/machines/form-post';
import { outcomeEvent, type LeavingContext, type RobotCheckedFormEvent, type SignInOutcomeEvent } from '~/machines/sign-in-outcome';

type ConformDefaults<Schema extends z.ZodTypeAny> = NonNullable<Parameters<typeof useForm<z.input<Schema>>>[0]>['defaultValue'];

/** Conform validating the action's schema on blur and showing the action's reply. */
function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: ConformDefaults<Schema>,
) {
  return useForm<z.input<Schema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    defaultValue,
  });
}

/**
 * The page wiring of a form whose outcomes are "refused" or "on to the next page" (verify by
 * code, forgot and reset password): its machine hears the post, the rejection and the redirect.
 */
export function useServerDecidedForm<Machine extends AnyStateMachine, Schema extends z.ZodTypeAny>(
  machine: Machine,
  schema: Schema,
  defaultValue?: ConformDefaults<Schema>,
) {
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const [state, send] = useFlowMachine(machine);
  const post = send as (event: FormPostEvent) => void;
  useSubmissionBridge(
    actionData,
    () => post({ type: 'SUBMIT' }),
    () => post({ type: 'REJECTED' }),
    () => post({ type: 'REDIRECTED' }),
  );
  const [form, fields] = useSchemaForm(schema, actionData?.result, defaultValue);
  return { state, send, form, fields, answered: Boolean(actionData) };
}

/** The actions of a sign-in machine the page supplies (login.machine.ts, register.machine.ts). */
type SignInPageActions = Record<string, (args: { context: LeavingContext }) => void>;

/**
 * The page wiring of a sign-in form (login, register; decision 136): once its script runs the
 * form asks for the outcome as data, the machine takes it as one event per outcome and the page
 * shows it or leaves for the next page. Before that (or without JavaScript) the same action
 * redirects or renders the page to the same outcome.
 */
export function useSignInForm<Machine extends AnyStateMachine, Schema extends z.ZodTypeAny>(
  machine: Machine,
  schema: Schema,
  { defaultValue, actions }: { defaultValue?: ConformDefaults<Schema>; actions: SignInPageActions },
) {
  const actionData = useActionData() as SignInAnswer<SubmissionResult<string[]>> | undefined;
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [provided] = useState(
    () =>
      machine.provide({
        actions: {
          announce: ({ context }: { context: LeavingContext }) => context.message && showToast({ kind: 'info', message: context.message }),
          leave: ({ context }: { context: LeavingContext }) => context.to && navigate(context.to, { replace: true }),
          ...actions,
        },
      } as never) as Machine,
  );
  const [state, send] = useFlowMachine(provided);
  const take = send as (event: SignInOutcomeEvent | RobotCheckedFormEvent) => void;
  useSubmissionBridge(
    actionData,
    () => take({ type: 'SUBMIT' }),
    (answer) => answer.outcome && take(outcomeEvent(answer.outcome)),
  );
  const [form, fields] = useSchemaForm(schema, actionData?.result, defaultValue);
  const outcomeField = hydrated ? <input type="hidden" name={OUTCOME_FIELD} value={OUTCOME_FIELD_VALUE} /> : null;
  return { state, send: take, form, fields, outcomeField };
}

/**
 * After an outcome that leaves, the page's machine goes on to the next page itself: reloading
 * this page's loaders first would only race it (login's loader sends a signed-in rider to the
 * profile). The shell's loaders still reload, so the header shows the rider.
 */
export function keepPageWhileLeaving({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  return leavesPage((actionResult as SignInAnswer | undefined)?.outcome) ? false : defaultShouldRevalidate;
}

/** The status line under a form's button, one per state a screen reads (decision 136 for the texts). */
const ROBOT_CHECK_FIRST = 'Complete the robot check to submit.';
const STATUS: Record<string, string> = {
  waitingForRobotCheck: ROBOT_CHECK_FIRST,
  submitting: 'Sending…',
  leaving: 'Done: opening the next page…',
  wrongCredentials: ROBOT_CHECK_FIRST,
  robotCheckFailed: ROBOT_CHECK_FIRST,
  invalidFields: ROBOT_CHECK_FIRST,
  tooManyAttempts: ROBOT_CHECK_FIRST,
  'signedIn.toPartnerAuthorization': 'Signed in: back to the app asking for your authorization…',
  'signedIn.toStoredPath': 'Signed in: back to where you were…',
  'signedIn.toProfile': 'Signed in: opening your profile…',
  passwordResetRequired: 'Your password must be reset: opening Reset password…',
  parentalConsentPending: "Your account waits for a parent's consent: opening Parental consent…",
  emailNotVerified: 'Your e-mail is not verified yet: opening the code page…',
  verificationSent: 'Account created: opening login…',
};

/** Submit opens only in `ready` / `editing`; the status line says why it is closed (or `status` does). */
export function FormPostSubmit({ state, label, status }: { state: SnapshotFrom<AnyStateMachine>; label: string; status?: string }) {
  const value = describeStateValue(state.value);
  const open = value === 'ready' || value === 'editing';
  return (
    <>
      <Button type="submit" disabled={!open} pending={value === 'submitting' || state.status === 'done'}>
        {label}
      </Button>
      <p className="form-status" role="status" data-state={value}>
        {status ?? STATUS[value] ?? ''}
      </p>
    </>
  );
}
