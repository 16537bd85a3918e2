import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Table } from '~/components/ui/Table';
import { useLoaderData } from '@remix-run/react';
import { requireDeveloperTools } from '~/services/accounts/auth.server';
import { getEnv } from '~/services/platform/env.server';
import { listOutbox } from '~/services/content/site.server';

export const meta: MetaFunction = () => [{ title: 'Outbox · Paceline (development)' }];

// DESIGN.md §5: the mail/SMS outbox — a 404 in production; elsewhere only for staff (or
// loopback when OUTBOX_LOOPBACK=true): it holds every reset link, so a visitor reading it
// could take over any account (issue 15, item 1).
export async function loader({ request }: LoaderFunctionArgs) {
  if (getEnv().APP_MODE === 'production') throw new Response('Not Found', { status: 404 });
  await requireDeveloperTools(request);
  const messages = await listOutbox();
  return { messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })) };
}

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="dev-outbox">
      <h1>Outbox</h1>
      <p className="muted">Every e-mail and code the system sent, newest first (development and test only).</p>
      {messages.length === 0 ? (
        <p>The outbox is empty.</p>
      ) : (
        <Table
          rows={messages}
          rowKey={(message) => message.id}
          columns={[
            { header: 'Sent', cell: (message) => message.createdAt.replace('T', ' ').slice(0, 19) },
            { header: 'Channel', cell: (message) => message.channel },
            { header: 'To', cell: (message) => message.recipient },
            { header: 'Subject', cell: (message) => message.subject ?? '—' },
            { header: 'Body', cell: (message) => <pre className="dev-outbox-body">{message.body}</pre> },
            { header: 'Via', cell: (message) => message.transport },
          ]}
        />
      )}
    </section>
  );
}
