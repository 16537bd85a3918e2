import { useRef } from 'react';
import { useActionData, useLoaderData } from '@remix-run/react';
import { apiJson } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { fromPromise } from 'xstate';
import { linkVerificationMachine, type LinkAnswer } from '~/machines/link-verification.machine';
import { Button, ButtonLink } from '~/components/ui/Button';

/** The verify-user, verify-kid and delete-user pages: pending → success ('Thank you') or failed (Resend). */
type LinkReply = LinkAnswer & { retry?: boolean };

async function postLink(kind: string, intent: 'verify' | 'resend', token: string): Promise<LinkReply> {
  // 400 (a malformed link), 429 (too many attempts), and a deletion refused (409) or rolled back
  // (503) answer with a message the page shows.
  return apiJson<LinkReply>('/auth/links', { method: 'POST', body: new URLSearchParams({ kind, intent, token }) }, { answers: [400, 409, 429, 503] });
}

type LinkKind = 'verify-user' | 'verify-kid' | 'delete-user' | 'export-data';

/** Links that have no Resend: asking again is done from the profile. */
const WITHOUT_RESEND: LinkKind[] = ['delete-user', 'export-data'];
type LinkPageAnswer = { ok: boolean; message: string; intent: 'verify' | 'resend'; retry?: boolean };

/** A deletion that was refused or rolled back left the link unspent: the same link can be posted again. */
function TryAgain() {
  return (
    <form method="post">
      <Button type="submit" name="intent" value="verify">
        Try again
      </Button>
    </form>
  );
}

/** A link page's route component: the token from its loader, the no-script answer from its action. */
export function LinkRoutePage({ kind, title }: { kind: LinkKind; title: string }) {
  const { token } = useLoaderData() as { token: string };
  const answer = useActionData() as LinkPageAnswer | undefined;
  return <LinkVerificationPage kind={kind} token={token} title={title} answer={answer} />;
}

function LinkVerificationPage({
  kind,
  token,
  title,
  answer,
}: {
  kind: LinkKind;
  token: string;
  title: string;
  /** The server's answer to the no-script form, when the page was posted without JavaScript. */
  answer?: LinkPageAnswer;
}) {
  if (answer) return <StaticAnswer kind={kind} title={title} answer={answer} />;
  return <MachineDrivenPage kind={kind} token={token} title={title} />;
}

function Success({ message }: { message: string }) {
  return (
    <div className="link-page-success">
      <h2>Thank you</h2>
      <p>{message}</p>
      <ButtonLink to="/auth/login">ENJOY YOUR RIDE</ButtonLink>
    </div>
  );
}

function StaticAnswer({ kind, title, answer }: { kind: LinkKind; title: string; answer: LinkPageAnswer }) {
  return (
    <section className="auth-card link-page">
      <h1>{title}</h1>
      {answer.ok && answer.intent === 'verify' ? <Success message={answer.message} /> : null}
      {answer.ok && answer.intent === 'resend' ? <p className="link-page-resent">{answer.message}</p> : null}
      {answer.ok ? null : (
        <div className="link-page-failed">
          <p>
            <span className="warning-icon" aria-hidden="true">
              ⚠
            </span>{' '}
            {answer.message}
          </p>
          {WITHOUT_RESEND.includes(kind) ? (
            answer.retry ? (
              <TryAgain />
            ) : null
          ) : (
            <form method="post">
              <Button type="submit" name="intent" value="resend">
                Resend
              </Button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

function MachineDrivenPage({ kind, token, title }: { kind: LinkKind; token: string; title: string }) {
  // Whether the last answer left the link usable (no answer at all: the request never arrived, so it did too).
  const lastReply = useRef<LinkReply>();
  const [state, send] = useFlowMachine(
    linkVerificationMachine.provide({
      actors: {
        verifyLink: fromPromise(async () => (lastReply.current = await postLink(kind, 'verify', token))),
        resendLink: fromPromise(() => postLink(kind, 'resend', token)),
      },
    }),
    { input: { canResend: !WITHOUT_RESEND.includes(kind) } },
  );
  const { message, canResend } = state.context;
  return (
    <section className="auth-card link-page" aria-live="polite">
      <h1>{title}</h1>
      {state.matches('pending') || state.matches('resending') ? <p className="link-page-pending">Please wait…</p> : null}
      <noscript>
        <form method="post">
          <Button type="submit" name="intent" value="verify">
            {kind === 'delete-user' ? 'Confirm deletion' : kind === 'export-data' ? 'Confirm' : 'Verify'}
          </Button>
        </form>
      </noscript>
      {state.matches('success') ? <Success message={message} /> : null}
      {state.matches('failed') ? (
        <div className="link-page-failed">
          <p>
            <span className="warning-icon" aria-hidden="true">
              ⚠
            </span>{' '}
            {message}
          </p>
          {canResend ? <Button onClick={() => send({ type: 'RESEND' })}>Resend</Button> : null}
          {kind === 'delete-user' && (lastReply.current?.retry ?? true) ? <TryAgain /> : null}
        </div>
      ) : null}
      {state.matches('resent') ? <p className="link-page-resent">{message}</p> : null}
    </section>
  );
}
