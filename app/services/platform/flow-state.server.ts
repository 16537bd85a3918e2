import { createCookie } from '@remix-run/node';
import { getEnv } from './env.server';

/**
 * What the spec keeps "stored locally" (redirectTo/site_redirect_to, user_key, user_email,
 * the child being consented for, a sent reset request) lives in short-lived signed httpOnly
 * cookies instead (DESIGN.md §3, decision 010): the browser cannot read or forge them.
 */
const MINUTE_S = 60;

function flowCookie(name: string, maxAgeS: number) {
  return () =>
    createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: getEnv().APP_MODE === 'production',
      path: '/',
      maxAge: maxAgeS,
      secrets: [getEnv().SESSION_SECRET],
    });
}

const cookies = {
  /** Where to go after sign-in (site_redirect_to / redirectTo of the spec). */
  redirect: flowCookie('paceline_redirect', 30 * MINUTE_S),
  /** The pending e-mail verification: its key and the address (user_key, user_email). */
  verify: flowCookie('paceline_verify', 30 * MINUTE_S),
  /** The child account this browser just registered, so only it can name the parent. */
  consent: flowCookie('paceline_consent', 30 * MINUTE_S),
  /** The address a reset link was sent to: the forgot page then reads 'Send Again'. */
  reset: flowCookie('paceline_reset', 30 * MINUTE_S),
};
export type FlowCookie = keyof typeof cookies;
export const FLOW_COOKIES = Object.keys(cookies) as FlowCookie[];

export interface FlowValues {
  redirect: string;
  verify: { key: string; email: string };
  /** `childEmail`: the address the child typed (registering or signing in), never looked up. */
  consent: { childUserId: string; userAge: number | null; childEmail?: string };
  reset: { email: string };
}

export async function readFlow<Name extends FlowCookie>(request: Request, name: Name): Promise<FlowValues[Name] | null> {
  const value: unknown = await cookies[name]().parse(request.headers.get('Cookie'));
  return value === null || value === undefined || value === '' ? null : (value as FlowValues[Name]);
}

export function writeFlow<Name extends FlowCookie>(name: Name, value: FlowValues[Name]): Promise<string> {
  return cookies[name]().serialize(value);
}

export function clearFlow(name: FlowCookie): Promise<string> {
  return cookies[name]().serialize('', { maxAge: 0 });
}
