import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_WEBHOOK_TOLERANCE_S } from '~/lib/constants';
import { WebhookRejectedError } from './types';

/**
 * The sandbox's webhook signature, the same scheme as Stripe's: the header
 * `Paceline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */
export const SIGNATURE_HEADER = 'Paceline-Signature';

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signWebhook(secret: string, body: string, timestampS = Math.floor(Date.now() / 1000)): string {
  return `t=${timestampS},v1=${hmac(secret, timestampS, body)}`;
}

/** Throws unless the header carries a valid signature made within the tolerance. */
export function verifyWebhookSignature(secret: string, body: string, header: string | null, nowS = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new WebhookRejectedError('missing signature');
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookRejectedError('malformed signature');
  if (Math.abs(nowS - timestamp) > PAYMENT_WEBHOOK_TOLERANCE_S) throw new WebhookRejectedError('timestamp outside the tolerance');
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRejectedError('bad signature');
}

/** What a signed webhook whose body Paceline cannot use is told (never a parser's own message). */
export const WEBHOOK_REFUSALS = {
  notJson: 'The webhook body is not JSON.',
  notEvent: 'The webhook body is not a payment event.',
  nul: 'The webhook body holds a NUL character, which no payment event contains.',
} as const;

/** The verified body as JSON; a body that is not JSON is refused with a fixed message. */
export function webhookJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookRejectedError(WEBHOOK_REFUSALS.notJson);
  }
}
