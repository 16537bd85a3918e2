import { json } from '@remix-run/node';
import type { z } from 'zod';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { decryptPayload } from '~/lib/shop/payload';
import { requireAdultRider, type ShellUser } from '../accounts/auth.server';
import { getEnv } from '../platform/env.server';
import { textOf } from '~/lib/form-text';

/**
 * Every shop call: a signed-in rider who is not a kid (spec 2 §6). A kid gets 403, not a
 * redirect: these are API calls, and a kid never sees the shop that would make them.
 */
export function requireShopRider(request: Request): Promise<ShellUser> {
  return requireAdultRider(request, { status: 403, body: { status: false, message: 'The shop is not available to kid accounts.' } });
}

/** The calls take a form (Remix fetchers, no-JS forms) or JSON (game clients). */
export async function readCallBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body: unknown = await request.json().catch(() => null);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  // An unreadable form (truncated, or no Content-Type) is an empty call: a 400, never a 500 (issue 15 item 9).
  return Object.fromEntries((await request.formData().catch(() => null)) ?? []);
}

/**
 * The rider and the decrypted `payload` of a payload-layer call (spec 2 §7), checked against
 * `schema`; a payload that does not decrypt or fit is answered 400 with the catalogue message.
 */
export async function readPayloadCall<T>(request: Request, schema: z.ZodType<T>): Promise<{ user: ShellUser; payload: T }> {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const parsed = schema.safeParse(await decryptPayload(textOf(body.payload), getEnv().PAYLOAD_KEY));
  if (!parsed.success) throw json({ status: false, message: SHOP_MESSAGES.exception }, { status: 400 });
  return { user, payload: parsed.data };
}
