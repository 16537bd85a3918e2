/** Scopes a partner may ask for (docs/partner-api.md). */
export const PARTNER_SCOPES = ['profile:read', 'activities:read'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export const PARTNER_SCOPE_LABELS: Record<PartnerScope, string> = {
  'profile:read': 'your name, country and profile figures',
  'activities:read': 'your rides: dates, distance, time, elevation and power',
};

export const PARTNER_MESSAGES = {
  failed: 'An Error has occured. Please try again.',
  unknownClient: 'This application is not registered with Paceline.',
  badRedirect: 'The redirect address is not registered for this application.',
  revokeHint: 'You can revoke this access at any time under Profile → Connections.',
} as const;
