import type { AnyStateMachine, SnapshotFrom } from 'xstate';
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
