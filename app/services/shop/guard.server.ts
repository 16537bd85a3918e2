import { json } from '@remix-run/node';
import { requireUser, type ShellUser } from '../auth.server';

/**
 * Every shop call: a signed-in rider who is not a kid (spec 2 §6). A kid gets 403, not a
 * redirect: these are API calls, and a kid never sees the shop that would make them.
 */
export async function requireShopRider(request: Request): Promise<ShellUser> {
  const user = await requireUser(request);
  if (user.isKid) throw json({ status: false, message: 'The shop is not available to kid accounts.' }, { status: 403 });
  return user;
}

/** The calls take a form (Remix fetchers, no-JS forms) or JSON (game clients). */
export async function readCallBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body: unknown = await request.json().catch(() => null);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  return Object.fromEntries(await request.formData());
}
