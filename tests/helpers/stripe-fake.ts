import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the subset of Stripe's REST API the Stripe adapter uses:
 * form-encoded `POST /v1/checkout/sessions` and `POST /v1/refunds` (each replayed for a repeated
 * Idempotency-Key, as Stripe does), `GET /v1/checkout/sessions/:id`, Bearer authentication, Stripe's
 * JSON objects and its error shape (a second refund of a refunded payment is `charge_already_refunded`). The `stripe` package is pointed at it with `host`, `port` and `protocol: 'http'`.
 * STRIPE_FAKE_PORT chooses the port (default: any free one); it listens on 127.0.0.1 only.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Set once the customer paid: the PaymentIntent a refund names. */
  payment_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

export async function startStripeFake(apiKey: string) {
  const sessions = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(7).toString('hex')}` });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, fields: Record<string, string>) =>
    send(response, status, { error: { type: 'invalid_request_error', ...fields } });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.fake');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      contentType: request.headers['content-type'],
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
    };
    requests.push(recorded);
    if (recorded.authorization !== `Bearer ${apiKey}`) {
      return error(response, 401, { message: `Invalid API Key provided: ${(recorded.authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}***` });
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const replay = recorded.idempotencyKey && byIdempotencyKey.get(recorded.idempotencyKey);
      if (replay) return send(response, 200, sessions.get(replay));
      const form = recorded.form;
      const missing = ['mode', 'success_url', 'line_items[0][price_data][currency]', 'line_items[0][price_data][unit_amount]'].find((name) => !form.get(name));
      if (missing) return error(response, 400, { code: 'parameter_missing', param: missing, message: `Missing required param: ${missing}.` });
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(
        [...form].flatMap(([name, value]) => (/^metadata\[(.+)\]$/.exec(name) ? [[/^metadata\[(.+)\]$/.exec(name)![1], value]] : [])),
      );
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('line_items[0][price_data][currency]')!,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        mode: form.get('mode')!,
        payment_status: 'unpaid',
        payment_intent: null,
        status: 'open',
        success_url: form.get('success_url')!,
        cancel_url: form.get('cancel_url') ?? '',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(id, session);
      if (recorded.idempotencyKey) byIdempotencyKey.set(recorded.idempotencyKey, id);
      return send(response, 200, session);
    }
    if (recorded.method === 'POST' && url.pathname === '/v1/refunds') {
      const replay = recorded.idempotencyKey && byIdempotencyKey.get(`refund:${recorded.idempotencyKey}`);
      if (replay) return send(response, 200, refunds.get(replay));
      const intent = recorded.form.get('payment_intent');
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent !== null && candidate.payment_intent === intent);
      if (!session) return error(response, 404, { code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${intent}'` });
      const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = Number(recorded.form.get('amount') ?? session.amount_total - refunded);
      if (refunded >= session.amount_total) {
        return error(response, 400, { code: 'charge_already_refunded', message: `Charge for ${intent} has already been refunded.` });
      }
      if (amount > session.amount_total - refunded) {
        return error(response, 400, {
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${amount}) is greater than the amount left to refund.`,
        });
      }
      const refund: FakeRefund = {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: intent!,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      if (recorded.idempotencyKey) byIdempotencyKey.set(`refund:${recorded.idempotencyKey}`, refund.id);
      return send(response, 200, refund);
    }
    const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (recorded.method === 'GET' && read) {
      const session = sessions.get(decodeURIComponent(read[1]));
      if (!session) return error(response, 404, { code: 'resource_missing', param: 'id', message: `No such checkout.session: '${read[1]}'` });
      return send(response, 200, session);
    }
    return error(response, 404, { message: `Unrecognized request URL (${recorded.method}: ${url.pathname}).` });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => send(response, 500, { error: { type: 'api_error', message: String(failure) } }));
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.STRIPE_FAKE_PORT ?? 0), '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    sessions,
    refunds,
    /** What the customer did on Stripe's hosted page. */
    settle(id: string, outcome: 'paid' | 'expired') {
      const session = sessions.get(id)!;
      Object.assign(
        session,
        outcome === 'paid'
          ? { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${randomBytes(12).toString('hex')}`, url: null }
          : { status: 'expired', url: null },
      );
    },
    /** A webhook event as Stripe sends it for the session's current state. */
    event(id: string, type: string) {
      return JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: sessions.get(id) },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
