import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { apiJson } from '~/lib/api-client';
import { PARTNER_MESSAGES, PARTNER_SCOPE_LABELS, type PartnerScope } from '~/lib/connections/partners';
import { loginPath } from '~/lib/login-path';
import { partnerAuthorizeMachine, type DecisionAnswer, type PartnerDecision } from '~/machines/partner-authorize.machine';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { checkAuthorizeRequest, partnerWebsiteLink } from '~/services/connections/partners/oauth-server.server';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded && 'client' in loaded ? `Authorize ${loaded.client.name} · Paceline` : 'Authorize · Paceline' },
];

// /oauth/authorize?client_id=…&redirect_uri=…  (spec 1 §2, §4 "Partner authorize"; docs/partner-api.md)
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(loginPath(`${url.pathname}${url.search}`));
  const check = await checkAuthorizeRequest(url.searchParams);
  // An unknown client or unregistered redirect_uri is shown here and never redirected to.
  if (!check.ok) return data({ error: check.message }, { status: 400 });
  // A child account cannot give a partner access (decision 122): said here, before any button.
  if (user.isKid) return data({ error: PARTNER_MESSAGES.childAccount }, { status: 403 });
  return {
    // Only an https: website is linked (issue 25 item 6), whatever an older row holds.
    client: { name: check.client.name, website: partnerWebsiteLink(check.client.website) },
    scopes: check.scope.split(' ').map((scope) => PARTNER_SCOPE_LABELS[scope as PartnerScope]),
    decisionPath: `/oauth/decision${url.search}`,
    failed: url.searchParams.has('failed'),
  };
}

/**
 * The decision's answer: where to go, or none when the server refused it (a 400 with its
 * message). No answer at all rejects, after the catalogue's toast: the machine's onError.
 */
function submitDecision(decisionPath: string) {
  return fromPromise(async ({ input }: { input: { decision: PartnerDecision } }): Promise<DecisionAnswer> => {
    const answer = await apiJson<{ redirect?: string }>(
      decisionPath,
      { method: 'POST', body: new URLSearchParams({ decision: input.decision }) },
      { answers: [400] },
    );
    return { redirect: answer.redirect ?? null };
  });
}

export default function PartnerAuthorize() {
  const loaded = useLoaderData<typeof loader>();
  const decisionPath = 'client' in loaded ? loaded.decisionPath : '';
  const [machine] = useState(() =>
    partnerAuthorizeMachine.provide({
      actors: { decide: submitDecision(decisionPath) },
      actions: { followRedirect: ({ context }) => context.redirect && window.location.assign(context.redirect) },
    }),
  );
  const [snapshot, send] = useFlowMachine(machine);
  useEffect(() => {
    send({ type: 'LOADED', clientKnown: 'client' in loaded, failed: 'client' in loaded && loaded.failed });
  }, [send, loaded]);
  // Before hydration the loader's answer decides; after it, the machine's clientError state.
  if ('error' in loaded || snapshot.matches('clientError')) {
    return (
      <section className="card partner-authorize" data-state="clientError">
        <h1>Authorization failed</h1>
        <p role="alert">{'error' in loaded ? loaded.error : null}</p>
      </section>
    );
  }
  const busy = snapshot.matches('deciding') || snapshot.matches('redirecting');
  const failed = snapshot.matches('loading') ? loaded.failed : snapshot.matches('failed');
  return (
    <section className="card partner-authorize" data-state={String(snapshot.value)}>
      <h1>Authorize {loaded.client.name} to Paceline</h1>
      {loaded.client.website ? (
        <p>
          <a href={loaded.client.website} target="_blank" rel="noopener noreferrer">
            {loaded.client.website}
          </a>
        </p>
      ) : null}
      <p>{loaded.client.name} will be able to read:</p>
      <ul>
        {loaded.scopes.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      {failed ? (
        <p className="form-errors" role="alert">
          {PARTNER_MESSAGES.failed}
        </p>
      ) : null}
      <Form
        method="post"
        action={decisionPath}
        reloadDocument
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          send({ type: submitter?.value === 'authorize' ? 'AUTHORIZE' : 'CANCEL' });
        }}
      >
        <Button type="submit" name="decision" value="authorize" disabled={busy}>
          Authorize
        </Button>{' '}
        <Button type="submit" variant="secondary" name="decision" value="cancel" disabled={busy}>
          Cancel
        </Button>
      </Form>
      <p className="muted">{PARTNER_MESSAGES.revokeHint}</p>
    </section>
  );
}
