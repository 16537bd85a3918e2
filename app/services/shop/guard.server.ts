import { json } from '@remix-run/node';
import type { z } from 'zod';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { decryptPayload } from '~/lib/shop/payload';
import { requireAdultRider, type ShellUser } from '../accounts/auth.server';
import { getEnv } from '../platform/env.server';
import { BodyTooLargeError, FORM_TEXT_MAX_BYTES, readBodyWithin, REQUEST_REFUSALS } from '../platform/security.server';
import { holdsNul } from '~/lib/nul';
import { textOf } from '~/lib/form-text';

/**
 * Every shop call: a signed-in rider who is not a kid (spec 2 §6). A kid gets 403, not a
 * redirect: these are API calls, and a kid never sees the shop that would make them.
 */
export function requireShopRider(request: Request): Promise<ShellUser> {
  return requireAdultRider(request, { status: 403, body: { status: false, message: 'The shop is not available to kid accounts.' } });
}

/**
 * The calls take a form (Remix fetchers, no-JS forms) or JSON (game clients), as /api/ routes
 * outside the page screen: the same text cap and NUL rule are applied here (issue 35 items 4, 5).
 */
export async function readCallBody(request: Request): Promise<Record<string, unknown>> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyWithin(request, FORM_TEXT_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw json({ status: false, message: REQUEST_REFUSALS.textTooLarge }, { status: 413 });
    bytes = new Uint8Array();
  }
  const contentType = request.headers.get('Content-Type') ?? '';
  const body = contentType.includes('application/json') ? jsonObject(new TextDecoder().decode(bytes)) : await formObject(bytes, contentType);
  if (holdsNul(body)) throw json({ status: false, message: REQUEST_REFUSALS.nul }, { status: 400 });
  return body;
}

function jsonObject(text: string): Record<string, unknown> {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: an empty call, answered by the route's own 400.
  }
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** An unreadable form (truncated, or no Content-Type) is an empty call: a 400, never a 500 (issue 15 item 9). */
async function formObject(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData().catch(() => null);
  return Object.fromEntries(form ?? []);
}

/**
 * The rider and the decrypted `payload` of a payload-layer call (spec 2 §7), checked against
 * `schema`; a payload that does not decrypt or fit is answered 400 with the catalogue message.
 */
export async function readPayloadCall<T>(request: Request, schema: z.ZodType<T>): Promise<{ user: ShellUser; payload: T }> {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const decrypted = await decryptPayload(textOf(body.payload), getEnv().PAYLOAD_KEY);
  const parsed = holdsNul(decrypted) ? null : schema.safeParse(decrypted);
  if (!parsed?.success) throw json({ status: false, message: SHOP_MESSAGES.exception }, { status: 400 });
  return { user, payload: parsed.data };
}
