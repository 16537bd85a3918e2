import { db } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { getEnv } from '../platform/env.server';

/**
 * The SMS / WhatsApp adapter (DESIGN.md §5): an HTTP provider when SMS_PROVIDER_URL is set
 * (a JSON POST with a bearer token), otherwise only the outbox. Every code is also kept in
 * the outbox (with the code in meta) so support and the browser tests can read it.
 */
export interface CodeMessage {
  channel: 'sms' | 'whatsapp';
  /** E.164, e.g. +971501234567. */
  to: string;
  code: string;
  /** The account the code is sent for: its outbox copy is deleted with the account. */
  accountId?: string;
}

export class SmsDeliveryError extends Error {}

function codeText(code: string): string {
  return `Your Paceline verification code is ${code}. It expires in 10 minutes.`;
}

export async function sendCode(message: CodeMessage): Promise<void> {
  const env = getEnv();
  const text = codeText(message.code);
  if (env.SMS_PROVIDER_URL) {
    const response = await fetch(env.SMS_PROVIDER_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(env.SMS_PROVIDER_TOKEN ? { Authorization: `Bearer ${env.SMS_PROVIDER_TOKEN}` } : {}),
      },
      body: JSON.stringify({ channel: message.channel, to: message.to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new SmsDeliveryError(`The SMS provider answered ${response.status}`);
  }
  await db()
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.to,
      body: text,
      transport: env.SMS_PROVIDER_URL ? 'provider' : 'outbox',
      meta: { code: message.code },
      accountId: message.accountId,
    });
}
