import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { apiRequest } from '~/lib/api-client';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { codeRequestMachine, type CodeRequestResult } from '~/machines/code-request.machine';

function toast(kind: 'success' | 'error', message: string) {
  window.dispatchEvent(new CustomEvent('paceline:toast', { detail: { kind, message } }));
}

/**
 * A Get Code button driven by the codeRequest machine: posts `body()` to `url`, then counts
 * down; the issued key goes into a hidden input named `keyName` for the form's submission.
 */
export function CodeButton({
  url,
  body,
  canRequest,
  keyName,
  label = 'Get Code',
}: {
  url: string;
  body: () => Record<string, string>;
  canRequest: boolean;
  keyName: string;
  label?: string;
}) {
  const [state, send] = useFlowMachine(
    codeRequestMachine.provide({
      actors: {
        sendCode: fromPromise<CodeRequestResult>(async () => {
          const result = await apiRequest<{ status: boolean; message: string; key?: string }>(url, { method: 'POST', body: new URLSearchParams(body()) });
          if (result.ok) return { ok: result.data.status, message: result.data.message, key: result.data.key };
          if (result.kind === 'failed' || result.kind === 'invalid')
            return { ok: false, message: (result.kind === 'failed' && result.message) || WALLET_MESSAGES.codeFailed };
          // No answer (or a lost session, which the seam handles): the machine's exception path.
          throw new Error('The code request got no answer');
        }),
      },
      actions: {
        notifySent: (_, result) => toast('success', result.message),
        notifyFailed: (_, message) => toast('error', message),
      },
    }),
    { input: {} },
  );
  const text = state.matches('sending') ? 'Sending...' : state.matches('waiting') ? `Wait ${state.context.secondsLeft}s` : label;
  return (
    <>
      <input type="hidden" name={keyName} value={state.context.key ?? ''} />
      <Button
        variant="secondary"
        disabled={!state.can({ type: 'REQUEST', canRequest })}
        onClick={() => send({ type: 'REQUEST', canRequest })}
        data-testid={`${keyName}-button`}
      >
        {text}
      </Button>
      {state.context.error ? (
        <p className="field-error" role="alert">
          {state.context.error}
        </p>
      ) : null}
    </>
  );
}
