import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useActionData } from '@remix-run/react';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import type { FormPostEvent } from '~/machines/form-post';

/**
 * The wiring every server-decided form shares (login, register, verify by code, forgot and
 * reset password): the machine hears the post, the rejection and the redirect, and the submit
 * button and status line render from its state.
 */
export function useFormPostMachine<Machine extends AnyStateMachine>(machine: Machine, actionData: unknown) {
  const [state, send] = useFlowMachine(machine);
  const post = send as (event: FormPostEvent) => void;
  useSubmissionBridge(
    actionData,
    () => post({ type: 'SUBMIT' }),
    () => post({ type: 'REJECTED' }),
    () => post({ type: 'REDIRECTED' }),
  );
  return [state, send] as const;
}

/** What a server-decided form's action answers when it does not redirect: Conform's reply. */
type FormPostAnswer = { result?: SubmissionResult<string[]> } | undefined;

/**
 * The page wiring of a server-decided form: its machine fed from the navigation, and Conform
 * validating the same schema as the action on blur, showing the action's reply.
 */
export function useServerDecidedForm<Machine extends AnyStateMachine, Schema extends z.ZodTypeAny>(
  machine: Machine,
  schema: Schema,
  defaultValue?: NonNullable<Parameters<typeof useForm<z.input<Schema>>>[0]>['defaultValue'],
) {
  const actionData = useActionData() as FormPostAnswer;
  const [state, send] = useFormPostMachine(machine, actionData);
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    defaultValue,
  });
  return { state, send, form, fields, answered: Boolean(actionData) };
}

const STATUS: Record<string, string> = {
  waitingForRobotCheck: 'Complete the robot check to submit.',
  submitting: 'Sending…',
  leaving: 'Done: opening the next page…',
};

/** Submit opens only in `ready` / `editing`; the status line says why it is closed. */
export function FormPostSubmit({ state, label }: { state: SnapshotFrom<AnyStateMachine>; label: string }) {
  const value = String(state.value);
  const busy = value === 'submitting' || value === 'leaving';
  return (
    <>
      <Button type="submit" disabled={value !== 'ready' && value !== 'editing'} aria-busy={busy}>
        {label}
      </Button>
      <p className="form-status" role="status">
        {STATUS[value] ?? ''}
      </p>
    </>
  );
}
