import { authorizePartner, registerPartnerClient, tokenEndpoint } from '~/services/connections/partners/oauth-server.server';
import { post, requestFrom, serve } from '../pages';
import { page, type World, type WriteRow } from '../world';

/**
 * Rows of the writes → pages table: partners that riders authorized through Paceline's own
 * OAuth server (docs/partner-api.md). The rider's connections tab lists every partner with a live
 * grant; the partner calls the token and revocation endpoints itself, as the protocol has it.
 */

const connectionsTab = page('/user/profile?tab=connections', 'writer');
const REDIRECT_URI = 'https://partner.example.com/callback';

/** A confidential partner and an authorization code the rider granted it (the consent page's Authorize). */
async function authorizedCode({ people }: World): Promise<Record<string, string>> {
  const { clientId, clientSecret } = await registerPartnerClient({
    name: `Net partner ${Date.now()}`,
    website: 'https://partner.example.com',
    redirectUris: [REDIRECT_URI],
    confidential: true,
  });
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'profile:read', state: 'net' });
  const decided = await authorizePartner(people.writer.id, query, 'authorize');
  if (!('redirect' in decided)) throw new Error(decided.error);
  return { clientId, clientSecret: clientSecret!, code: new URL(decided.redirect).searchParams.get('code')! };
}

/** The same, with the code exchanged: the partner holds a grant and its tokens. */
async function grantedPartner(world: World): Promise<Record<string, string>> {
  const { clientId, clientSecret, code } = await authorizedCode(world);
  const tokens = await tokenEndpoint(new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }), { clientId, clientSecret });
  if (!tokens.ok) throw new Error(tokens.description);
  return { clientId, clientSecret, accessToken: tokens.body.access_token };
}

/** A partner's own call to an endpoint: a form body and HTTP Basic client authentication. */
function partnerCall(world: World, path: string, { clientId, clientSecret }: Record<string, string>, form: Record<string, string>) {
  const headers = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
  };
  return serve(requestFrom('visitor', world.people, path, { body: new URLSearchParams(form).toString(), headers }));
}

export const PARTNER_ROWS: WriteRow[] = [
  {
    name: "a partner exchanges the rider's code for tokens: the grant shows on the rider's connections tab",
    route: 'oauth.token',
    prepare: authorizedCode,
    write: (world, prepared) =>
      partnerCall(world, '/oauth/token', prepared, { grant_type: 'authorization_code', code: prepared.code, redirect_uri: REDIRECT_URI }),
    shows: [connectionsTab],
  },
  {
    name: "a partner revokes its token: the grant goes from the rider's connections tab",
    route: 'oauth.revoke',
    prepare: grantedPartner,
    write: (world, prepared) => partnerCall(world, '/oauth/revoke', prepared, { token: prepared.accessToken }),
    shows: [connectionsTab],
  },
  {
    name: 'the rider revokes a partner on the connections tab',
    route: 'user.connections',
    prepare: grantedPartner,
    write: ({ people }, { clientId }) => post('/user/connections', 'writer', people, { intent: 'revoke-partner', clientId }),
    shows: [connectionsTab],
  },
  {
    name: "staff delete a partner: its grants go from every rider's connections tab",
    route: 'staff.partners',
    prepare: grantedPartner,
    write: ({ people }, { clientId }) => post('/staff/partners', 'staff', people, { intent: 'delete', clientId }),
    shows: [connectionsTab],
  },
];
