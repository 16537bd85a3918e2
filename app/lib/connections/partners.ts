/** Scopes a partner may ask for (docs/partner-api.md). */
export const PARTNER_SCOPES = ['profile:read', 'activities:read'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export const PARTNER_SCOPE_LABELS: Record<PartnerScope, string> = {
  'profile:read': 'your name, country and profile figures',
  'activities:read': 'your rides: dates, distance, time, elevation and power',
};

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a partner's website may be stored and linked (issue 25 item 6): an https: address,
 * or http: on this machine when `loopbackHttp` (outside production); never javascript:, data:
 * or an address with a user name in it.
 */
export function isPartnerWebsite(value: string, loopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  return url.protocol === 'https:' || (loopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname));
}

export const PARTNER_MESSAGES = {
  failed: 'An Error has occured. Please try again.',
  unknownClient: 'This application is not registered with Paceline.',
  badRedirect: 'The redirect address is not registered for this application.',
  revokeHint: 'You can revoke this access at any time under Profile → Connections.',
  childAccount: 'Child accounts cannot authorize partner apps. A rider must be above 18 to give an app access to their Paceline data.',
} as const;
