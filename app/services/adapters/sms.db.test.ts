import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { resetEnvForTests } from '../platform/env.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { sendCode, SmsDeliveryError } from './sms.server';

setUpTestDatabase();

const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
let status = 200;
const provider = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: JSON.parse(body) });
    response.writeHead(status).end('{}');
  });
});
let providerUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
afterEach(() => {
  delete process.env.SMS_PROVIDER_URL;
  delete process.env.SMS_PROVIDER_TOKEN;
  resetEnvForTests();
});

describe('sms / whatsapp adapter (DESIGN.md §5)', () => {
  it('keeps the code in the outbox when no provider is configured', async () => {
    await sendCode({ channel: 'sms', to: '+971500000001', code: '482913' });
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+971500000001'));
    expect(row).toMatchObject({ channel: 'sms', transport: 'outbox', meta: { code: '482913' } });
    expect(row.body).toContain('482913');
  });

  it('posts JSON with the bearer token to the provider, and still records it', async () => {
    process.env.SMS_PROVIDER_URL = providerUrl;
    process.env.SMS_PROVIDER_TOKEN = 'secret-token';
    resetEnvForTests();
    await sendCode({ channel: 'whatsapp', to: '+971500000002', code: '111222' });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer secret-token');
    expect(received.at(-1)?.headers['content-type']).toBe('application/json');
    expect(received.at(-1)?.body).toMatchObject({ channel: 'whatsapp', to: '+971500000002' });
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+971500000002'));
    expect(row).toMatchObject({ channel: 'whatsapp', transport: 'provider' });
  });

  it('fails loudly when the provider refuses', async () => {
    process.env.SMS_PROVIDER_URL = providerUrl;
    resetEnvForTests();
    status = 502;
    await expect(sendCode({ channel: 'sms', to: '+971500000003', code: '333444' })).rejects.toBeInstanceOf(SmsDeliveryError);
    status = 200;
  });
});
