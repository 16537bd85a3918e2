import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Button } from '~/components/ui/Button';
import { formatAed } from '~/lib/money';
import { getSandboxSession, SANDBOX_CARDS, sandboxWebhookFor, settleSandboxSession } from '~/services/adapters/payments/sandbox.server';
import { sandboxWebhookSecret } from '~/services/adapters/payments/index.server';
import { getEnv } from '~/services/platform/env.server';
import { siteUrl } from '~/services/platform/site-origin.server';
import { textOf } from '~/lib/form-text';

export const meta: MetaFunction = () => [{ title: 'Sandbox checkout · Paceline' }];

/**
 * The sandbox provider's hosted payment page (decision 080). It stands where Stripe's page
 * stands: it knows the checkout session, not the rider's Paceline session.
 */
async function openSession(id: string | undefined) {
  if (getEnv().PAYMENT_PROVIDER !== 'sandbox' || !id) throw new Response('Not found', { status: 404 });
  const session = await getSandboxSession(id);
  if (!session) throw new Response('Not found', { status: 404 });
  return session;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const session = await openSession(params.sessionId);
  return json({
    description: session.description,
    amount: formatAed(session.amountMinor),
    status: session.status,
    refunded: Boolean(session.refundId),
    cancelUrl: session.cancelUrl,
    cards: SANDBOX_CARDS,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await openSession(params.sessionId);
  const form = await request.formData();
  if (form.get('intent') === 'cancel') return redirect(session.cancelUrl);
  const settled = await settleSandboxSession(session.id, textOf(form.get('card')));
  if (!settled) return redirect(session.status === 'paid' ? session.successUrl : session.cancelUrl);
  // Like a real provider, the webhook goes out on its own, over HTTP, whether or not the rider
  // returns: to the site's webhook address, as the provider's dashboard would have it (decision 120).
  const webhook = await sandboxWebhookFor(session.id, sandboxWebhookSecret());
  if (webhook) {
    fetch(siteUrl('/api/garage/payment/webhook'), { method: 'POST', body: webhook.body, headers: webhook.headers }).catch((error: unknown) =>
      console.warn('sandbox webhook delivery failed:', error),
    );
  }
  return redirect(settled.redirectTo);
}

export default function SandboxCheckout() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="card sandbox-checkout">
      <h1>Sandbox checkout</h1>
      <p>
        {data.description}: <strong>{data.amount}</strong>
      </p>
      {data.status === 'open' ? (
        <Form method="post" className="sandbox-checkout-form">
          <label>
            Card number
            <input name="card" inputMode="numeric" autoComplete="off" required defaultValue="" />
          </label>
          <p className="hint">
            Test cards: {data.cards.success} is approved, {data.cards.declined} is declined.
          </p>
          <Button type="submit" name="intent" value="pay">
            Pay {data.amount}
          </Button>{' '}
          <Button type="submit" variant="secondary" name="intent" value="cancel" formNoValidate>
            Cancel
          </Button>
        </Form>
      ) : (
        <p>
          This checkout session is {data.status}
          {data.refunded ? ' and refunded' : ''}.
        </p>
      )}
    </div>
  );
}
