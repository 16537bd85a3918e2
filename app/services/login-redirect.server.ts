import { safeRedirectPath } from './flow-state.server';

/** Spec 1 §4: after sign-in, the stored redirect (site_redirect_to, then redirectTo, then a referer query), else the activities page #profile. */
export const AFTER_LOGIN_DEFAULT = '/user/activities#profile';

export function afterLoginPath(stored: string | null, redirectTo: string | null | undefined, referer: string | null | undefined): string {
  return safeRedirectPath(stored) ?? safeRedirectPath(redirectTo) ?? safeRedirectPath(referer) ?? AFTER_LOGIN_DEFAULT;
}
