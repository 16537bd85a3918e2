import { Link } from '@remix-run/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { linkVerificationMachine, type LinkAnswer } from '~/machines/link-verification.machine';

/** The verify-user, verify-kid and delete-user pages: pending → success ('Thank you') or failed (Resend). */
async function postLink(kind: string, intent: 'verify' | 'resend', token: string): Promise<LinkAnswer> {
  const response = await fetch('/auth/links', { method: 'POST', body: new URLSearchParams({ kind, intent, token }) });
  return (await response.json()) as LinkAnswer;
}

export function LinkVerificationPage({ kind, token, title }: { kind: 'verify-user' | 'verify-kid' | 'delete-user'; token: string; title: string }) {
  const [state, send] = useMachine(
    linkVerificationMachine.provide({
      actors: {
        verifyLink: fromPromise(() => postLink(kind, 'verify', token)),
        resendLink: fromPromise(() => postLink(kind, 'resend', token)),
      },
    }),
    { input: { canResend: kind !== 'delete-user' } },
  );
  const { message, canResend } = state.context;
  return (
    <section className="auth-card link-page" aria-live="polite">
      <h1>{title}</h1>
      {state.matches('pending') || state.matches('resending') ? <p className="link-page-pending">Please wait…</p> : null}
      {state.matches('success') ? (
        <div className="link-page-success">
          <h2>Thank you</h2>
          <p>{message}</p>
          <Link to="/auth/login" className="button button-primary">
            ENJOY YOUR RIDE
          </Link>
        </div>
      ) : null}
      {state.matches('failed') ? (
        <div className="link-page-failed">
          <p>
            <span className="warning-icon" aria-hidden="true">⚠</span> {message}
          </p>
          {canResend ? (
            <button type="button" className="button" onClick={() => send({ type: 'RESEND' })}>
              Resend
            </button>
          ) : null}
        </div>
      ) : null}
      {state.matches('resent') ? <p className="link-page-resent">{message}</p> : null}
    </section>
  );
}
