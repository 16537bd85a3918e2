import type { Database } from '~/db/client.server';
import { oauthClients } from '~/db/schema';
import { PARTNER_SCOPES } from '~/lib/connections/partners';

/**
 * The demo partner (docs/partner-api.md): a public client, so it uses PKCE and has no secret to
 * publish. Its redirect URI is on the loopback, as a native app or a curl session would use:
 * the browser shows the code in the address bar even when nothing listens there.
 */
const DEMO_PARTNER = {
  id: 'demo-partner',
  name: 'Demo Training Log',
  website: 'https://partner.example',
  redirectUri: 'http://127.0.0.1:8765/callback',
} as const;

export async function seedPartners(database: Database): Promise<void> {
  await database
    .insert(oauthClients)
    .values({
      id: DEMO_PARTNER.id,
      name: DEMO_PARTNER.name,
      website: DEMO_PARTNER.website,
      redirectUris: [DEMO_PARTNER.redirectUri],
      secretHash: null,
      scopes: [...PARTNER_SCOPES],
    })
    .onConflictDoNothing();
}
