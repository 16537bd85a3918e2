import { siteOrigin } from '../platform/site-origin.server';

/** Spec 1 §4: after sign-in, the stored redirect (site_redirect_to, then redirectTo, then a referer query), else the activities page #profile. */
export const AFTER_LOGIN_DEFAULT = '/user/activities#profile';

/**
 * The one check of every redirect parameter (issue 15 item 3, ASVS V2/V5 open redirect):
 * resolve the value against the site's origin (decision 120) the way a browser would (which drops tabs and
 * newlines and reads a backslash as a slash) and accept it only when it stays on our
 * origin. The answer is the normalised path, so it is also a valid Location header.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value) return null;
  const site = new URL(siteOrigin());
  let target: URL;
  try {
    target = new URL(value, site);
  } catch {
    return null;
  }
  if (target.origin !== site.origin) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // "//host" as a Location would leave the origin again (scheme-relative).
  return path.startsWith('//') ? null : path;
}

export function afterLoginPath(stored: string | null, redirectTo: string | null | undefined, referer: string | null | undefined): string {
  return safeRedirectTarget(stored) ?? safeRedirectTarget(redirectTo) ?? safeRedirectTarget(referer) ?? AFTER_LOGIN_DEFAULT;
}
