import { Form } from '@remix-run/react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { ActionButtonForm } from '~/components/ui/ActionButtonForm';
import { Button, ButtonLink, buttonClass } from '~/components/ui/Button';
import { DismissibleAlert } from '~/components/ui/DismissibleAlert';
import { FieldError } from '~/components/ui/Field';
import { Table } from '~/components/ui/Table';
import { apiJson, apiRequest } from '~/lib/api-client';
import { CONNECTION_MESSAGES, type ConnectionCard, type ConnectionsTabData, type Network } from '~/lib/connections/networks';
import { PARTNER_MESSAGES } from '~/lib/connections/partners';
import { formatDate } from '~/lib/activities/format';
import { connectNetworkMachine, type ImportProgress } from '~/machines/connect-network.machine';
import { textOf } from '~/lib/form-text';

const ACTION = '/user/connections';

function post(fields: Record<string, string>) {
  return apiRequest<{ ok: boolean }>(ACTION, { method: 'POST', body: new URLSearchParams(fields) });
}

// Built once per process: provide() builds the whole state-node tree.
const cardMachine = connectNetworkMachine.provide({
  actors: {
    // The provider's answer ({ ok }); no answer at all is the machine's error.
    connectXert: fromPromise(({ input }: { input: { username: string; password: string } }) =>
      apiJson<{ ok: boolean }>(ACTION, { method: 'POST', body: new URLSearchParams({ intent: 'xert', ...input }) }),
    ),
    disconnect: fromPromise(async ({ input }: { input: { network: Network | null } }) => {
      const result = await post({ intent: 'disconnect', network: input.network ?? '' });
      if (!result.ok) throw new Error('disconnect failed');
    }),
    pollImport: fromPromise(async ({ input }: { input: { network: Network | null } }) => {
      const result = await apiRequest<{ progress: ImportProgress | null }>(`${ACTION}?${new URLSearchParams({ network: input.network ?? '' })}`);
      if (!result.ok) throw new Error('progress unavailable');
      return result.data.progress;
    }),
  },
});

function progressText(progress: ImportProgress): string {
  if (progress.status === 'running') return progress.total > 0 ? `Importing rides: ${progress.done} of ${progress.total}` : 'Importing rides…';
  if (progress.status === 'failed') return `The import stopped after ${progress.done} rides. Disconnect and connect again to retry.`;
  return progress.done === 1 ? '1 ride imported' : `${progress.done} rides imported`;
}

function NetworkCard({ card, data }: { card: ConnectionCard; data: ConnectionsTabData }) {
  const [snapshot, send] = useFlowMachine(cardMachine);
  const outcome = data.outcome?.network === card.network ? data.outcome.outcome : null;
  useEffect(() => {
    send({ type: 'LOADED', network: card.network, linked: card.linked, outcome, progress: card.import });
  }, [send, card.network, card.linked, outcome, card.import]);
  const loading = snapshot.matches('loading');
  // Before hydration the loader's data is what shows, and every control is a plain form or link.
  const linked = loading ? card.linked : snapshot.matches('connected') || snapshot.matches('confirmingDisconnect') || snapshot.matches('disconnecting');
  const failed = loading ? outcome === 'failed' : snapshot.context.failed;
  const confirming = snapshot.matches('confirmingDisconnect') || snapshot.matches('disconnecting') || (loading && data.confirm === card.network);
  const progress = loading ? card.import : snapshot.context.progress;
  // While the machine waits for the next count or asks for it, the status line is about to change
  // (busy); its data-state says which, as the shop's payment status does.
  const waiting = snapshot.matches({ connected: 'importing' });
  const asking = snapshot.matches({ connected: 'polling' });
  const xertOpen = snapshot.matches('xertForm') || snapshot.matches('submittingXert') || (loading && card.network === 'xert' && data.xertOpen);
  return (
    <li className="card connection-card" data-network={card.network} data-state={linked ? 'linked' : 'unlinked'} aria-label={card.name}>
      <h3>{card.name}</h3>
      {failed ? (
        <DismissibleAlert className="form-errors" message={CONNECTION_MESSAGES.failed} onDismiss={loading ? undefined : () => send({ type: 'DISMISS' })} />
      ) : null}
      {linked && progress ? (
        <p
          className="muted"
          role="status"
          aria-busy={waiting || asking}
          data-state={asking ? 'asking' : waiting ? 'waiting' : undefined}
          data-testid={`import-${card.network}`}
        >
          {progressText(progress)}
        </p>
      ) : null}
      {linked && !confirming ? (
        <div className="connection-actions">
          <ButtonLink
            variant="danger"
            to={`?tab=connections&confirm=${card.network}`}
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              send({ type: 'DISCONNECT' });
            }}
          >
            Disconnect
          </ButtonLink>
          {/* An <a>, not a ButtonLink: the partner's own page, opened in a new tab. */}
          {card.termsUrl ? (
            <a className={buttonClass('secondary')} href={card.termsUrl} target="_blank" rel="noopener noreferrer">
              Read Terms
            </a>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <Form
          method="post"
          action={ACTION}
          className="connection-confirm"
          role="alertdialog"
          aria-label={`Remove ${card.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'CONFIRM' });
          }}
        >
          <p>{CONNECTION_MESSAGES.confirmRemove(card.network)}</p>
          <input type="hidden" name="intent" value="disconnect" />
          <input type="hidden" name="network" value={card.network} />
          <Button type="submit" variant="danger" pending={snapshot.matches('disconnecting')}>
            Yes, remove
          </Button>
          <ButtonLink variant="secondary" to="?tab=connections" preventScrollReset onClick={(event) => (event.preventDefault(), send({ type: 'CANCEL' }))}>
            Cancel
          </ButtonLink>
        </Form>
      ) : null}
      {!linked && card.network !== 'xert' ? (
        <form method="post" action={ACTION} onSubmit={() => send({ type: 'CONNECT' })}>
          <input type="hidden" name="intent" value="connect" />
          <input type="hidden" name="network" value={card.network} />
          <Button type="submit" pending={snapshot.matches('redirecting')}>
            {snapshot.matches('redirecting') ? 'Connecting…' : 'Connect'}
          </Button>
        </form>
      ) : null}
      {!linked && card.network === 'xert' && !xertOpen ? (
        <ButtonLink
          to="?tab=connections&xert=open"
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            send({ type: 'CONNECT' });
          }}
        >
          Connect
        </ButtonLink>
      ) : null}
      {!linked && xertOpen ? <XertForm send={send} errors={snapshot.context.errors} busy={snapshot.matches('submittingXert')} /> : null}
    </li>
  );
}

function XertForm({
  send,
  errors,
  busy,
}: {
  send: ReturnType<typeof useFlowMachine<typeof cardMachine>>[1];
  errors: { username?: string; password?: string };
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      action={ACTION}
      className="xert-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        send({ type: 'SUBMIT_XERT', username: textOf(form.get('username')), password: textOf(form.get('password')) });
      }}
    >
      <input type="hidden" name="intent" value="xert" />
      <div className="field">
        <label htmlFor="xert-username">Username</label>
        <input
          id="xert-username"
          name="username"
          autoComplete="username"
          aria-invalid={Boolean(errors.username) || undefined}
          aria-describedby="xert-username-error"
        />
        <FieldError id="xert-username-error" errors={errors.username ? [errors.username] : undefined} />
      </div>
      <div className="field">
        <label htmlFor="xert-password">Password</label>
        <input
          id="xert-password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password) || undefined}
          aria-describedby="xert-password-error"
        />
        <FieldError id="xert-password-error" errors={errors.password ? [errors.password] : undefined} />
      </div>
      <p className="muted">
        No Xert account yet? Create one at{' '}
        <a href="https://www.xertonline.com/register" target="_blank" rel="noopener noreferrer">
          xertonline.com
        </a>
        , then connect it here. Your password is sent to Xert only and never stored by Paceline.
      </p>
      <Button type="submit" pending={busy}>
        Connect
      </Button>{' '}
      <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
        Cancel
      </Button>
    </Form>
  );
}

/** The profile's Connections tab (spec 1 §2 Connections): network cards and authorized partners. */
export function ConnectionsPanel({ data }: { data: ConnectionsTabData }) {
  return (
    <div className="connections-panel">
      {data.cards.length > 0 ? (
        <ul className="connection-cards">
          {data.cards.map((card) => (
            <NetworkCard key={card.network} card={card} data={data} />
          ))}
        </ul>
      ) : (
        <p className="connection-cards-empty">{CONNECTION_MESSAGES.noNetworks}</p>
      )}
      <h2>Authorized partners</h2>
      <Table
        testId="authorized-partners"
        rows={data.partners}
        rowKey={(partner) => partner.clientId}
        empty="You have not authorized any partner."
        columns={[
          { header: 'Partner', cell: (partner) => partner.name },
          {
            header: 'Website',
            cell: (partner) => (
              <a href={partner.website} target="_blank" rel="noopener noreferrer">
                {partner.website}
              </a>
            ),
          },
          { header: 'Access', cell: (partner) => partner.scope },
          { header: 'Authorized', cell: (partner) => formatDate(partner.authorizedAt) },
          {
            header: <span className="visually-hidden">Revoke</span>,
            cell: (partner) => (
              <ActionButtonForm action={ACTION} fields={{ intent: 'revoke-partner', clientId: partner.clientId }} label={`Revoke ${partner.name}`}>
                Revoke
              </ActionButtonForm>
            ),
          },
        ]}
      />
      <p className="muted">{PARTNER_MESSAGES.revokeHint}</p>
    </div>
  );
}
