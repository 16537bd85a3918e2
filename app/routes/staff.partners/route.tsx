import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { ActionButtonForm } from '~/components/ui/ActionButtonForm';
import { Button } from '~/components/ui/Button';
import { Field, FormErrors, TextareaField } from '~/components/ui/Field';
import { Table } from '~/components/ui/Table';
import { isPartnerWebsite } from '~/lib/connections/partners';
import { requireStaff } from '~/services/accounts/auth.server';
import { deletePartnerClient, listPartnerClients, partnerWebsiteLink, registerPartnerClient } from '~/services/connections/partners/oauth-server.server';
import { textOf } from '~/lib/form-text';

export const meta: MetaFunction = () => [{ title: 'Partners · Paceline staff' }];

const PARTNER_FORM_MESSAGES = {
  name: 'Enter the partner name.',
  website: 'Enter the partner website (https://…).',
  redirect: 'Enter at least one redirect URI, one per line, each an absolute https URL (http only for localhost).',
} as const;

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    // RFC 9700 §2.1: exact URIs, no fragments; plain http only for native apps on the loopback.
    return !url.hash && (url.protocol === 'https:' || (url.protocol === 'http:' && loopback));
  } catch {
    return false;
  }
}

// The browser's check lets http://localhost through; the action refuses it in production.
const PartnerSchema = z.object({
  intent: z.literal('register'),
  name: z.string({ required_error: PARTNER_FORM_MESSAGES.name }).trim().min(1, PARTNER_FORM_MESSAGES.name).max(80),
  website: z
    .string({ required_error: PARTNER_FORM_MESSAGES.website })
    .trim()
    .refine((website) => isPartnerWebsite(website, true), PARTNER_FORM_MESSAGES.website),
  redirectUris: z
    .string({ required_error: PARTNER_FORM_MESSAGES.redirect })
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((uris) => uris.length > 0 && uris.every(isRedirectUri), PARTNER_FORM_MESSAGES.redirect),
  confidential: z.literal('on').optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const clients = await listPartnerClients();
  return {
    clients: clients.map((client) => ({
      id: client.id,
      name: client.name,
      website: client.website,
      redirectUris: client.redirectUris,
      confidential: client.secretHash !== null,
      scopes: client.scopes,
    })),
  };
}

// POST: register a partner (its secret is shown once) or remove one (every grant ends with it).
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const formData = await request.formData();
  if (formData.get('intent') === 'delete') {
    await deletePartnerClient(textOf(formData.get('clientId')));
    return { registered: null, result: undefined };
  }
  const submission = parseWithZod(formData, { schema: PartnerSchema });
  if (submission.status !== 'success') return data({ registered: null, result: submission.reply() }, { status: 400 });
  const { name, website, redirectUris, confidential } = submission.value;
  if (!partnerWebsiteLink(website))
    return data({ registered: null, result: submission.reply({ fieldErrors: { website: [PARTNER_FORM_MESSAGES.website] } }) }, { status: 400 });
  const registered = await registerPartnerClient({ name, website, redirectUris, confidential: confidential === 'on' });
  return { registered: { name, ...registered }, result: submission.reply({ resetForm: true }) };
}

export default function StaffPartners() {
  const { clients } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'staff-partners',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PartnerSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <section className="staff-page staff-partners">
      <h1>Partners</h1>
      <p className="muted">Applications that riders may authorize to read their Paceline data (OAuth 2.0; see docs/partner-api.md).</p>
      {actionData?.registered ? (
        <div className="card" role="status" data-testid="registered-partner">
          <p>
            <strong>{actionData.registered.name}</strong> is registered. Client id: <code>{actionData.registered.clientId}</code>
          </p>
          {actionData.registered.clientSecret ? (
            <p>
              Client secret (shown only now): <code>{actionData.registered.clientSecret}</code>
            </p>
          ) : (
            <p>A public client: it must use PKCE (S256).</p>
          )}
        </div>
      ) : null}
      <Table
        testId="partners"
        rows={clients}
        rowKey={(client) => client.id}
        empty="No partners are registered."
        columns={[
          { header: 'Partner', cell: (client) => client.name },
          { header: 'Client id', cell: (client) => <code>{client.id}</code> },
          { header: 'Type', cell: (client) => (client.confidential ? 'confidential' : 'public (PKCE)') },
          { header: 'Redirect URIs', cell: (client) => client.redirectUris.join(' ') },
          { header: 'Scopes', cell: (client) => client.scopes.join(' ') },
          {
            header: <span className="visually-hidden">Remove</span>,
            cell: (client) => (
              <ActionButtonForm fields={{ intent: 'delete', clientId: client.id }} label={`Remove ${client.name}`}>
                Remove
              </ActionButtonForm>
            ),
          },
        ]}
      />
      <h2>Register a partner</h2>
      <Form method="post" {...getFormProps(form)} className="card">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="intent" value="register" />
        <Field label="Name" field={fields.name} />
        <Field label="Website" field={fields.website} type="url" />
        <TextareaField label="Redirect URIs (one per line, matched exactly)" field={fields.redirectUris} />
        <div className="field">
          <label>
            <input type="checkbox" name="confidential" /> Confidential client (a server that can keep a secret)
          </label>
        </div>
        <Button type="submit">Register</Button>
      </Form>
    </section>
  );
}
