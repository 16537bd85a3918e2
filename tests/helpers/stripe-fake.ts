import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the subset of Stripe's REST API the Stripe adapter uses:
 * form-encoded `POST /v1/checkout/sessions` (replayed for a repeated Idempotency-Key, as Stripe
 * does), `GET /v1/checkout/sessions/:id`, Bearer authentication, Stripe's JSON objects and its
 * error shape. The `stripe` package is pointed at it with `host`, `port` and `protocol: 'http'`.
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
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
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
    /** What the customer did on Stripe's hosted page. */
    settle(id: string, outcome: 'paid' | 'expired') {
      const session = sessions.get(id)!;
      Object.assign(session, outcome === 'paid' ? { status: 'complete', payment_status: 'paid', url: null } : { status: 'expired', url: null });
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
