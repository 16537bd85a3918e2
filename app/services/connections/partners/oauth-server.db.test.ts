import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { oauthCodes, oauthGrants, oauthTokens } from '~/db/schema';
import { createTestUser } from '../../../../tests/helpers/users';
import { useTestDatabase } from '../../../../tests/helpers/db';
import { authenticatePartnerCall, authorizePartner, checkAuthorizeRequest, listAuthorizedPartners, registerPartnerClient, revocationEndpoint, revokePartnerForRider, tokenEndpoint } from './oauth-server.server';

useTestDatabase();

const REDIRECT = 'https://partner.example/callback';
const VERIFIER = 'a-long-enough-code-verifier-for-pkce-0123456789abcdefghijkl';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let riderId: string;
let publicClient: string;

beforeAll(async () => {
  riderId = (await createTestUser()).id;
  publicClient = (await registerPartnerClient({ name: 'Attack Test Partner', website: 'https://partner.example', redirectUris: [REDIRECT], confidential: false })).clientId;
});

function authorizeQuery(overrides: Record<string, string> = {}) {
  return new URLSearchParams({ client_id: publicClient, redirect_uri: REDIRECT, response_type: 'code', state: 'xyz', code_challenge: CHALLENGE, code_challenge_method: 'S256', ...overrides });
}

async function codeFor(query = authorizeQuery()): Promise<string> {
  const result = await authorizePartner(riderId, query, 'authorize');
  if (!('redirect' in result)) throw new Error(result.error);
  const url = new URL(result.redirect);
  expect(url.searchParams.get('state')).toBe('xyz');
  return url.searchParams.get('code') as string;
}

function exchange(code: string, overrides: Record<string, string> = {}) {
  return tokenEndpoint(new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: publicClient, code_verifier: VERIFIER, ...overrides }), null);
}

async function grantCount() {
  return db().$count(oauthGrants, eq(oauthGrants.clientId, publicClient));
}

describe('partner authorization server', () => {
  it('refuses an unknown client and an unregistered redirect_uri before any redirect', async () => {
    expect(await checkAuthorizeRequest(authorizeQuery({ client_id: 'nobody' }))).toMatchObject({ ok: false, error: 'unknown_client' });
    for (const redirect of ['https://evil.example/callback', `${REDIRECT}/extra`, `${REDIRECT}?x=1`, 'https://partner.example/CALLBACK']) {
      expect(await checkAuthorizeRequest(authorizeQuery({ redirect_uri: redirect }))).toMatchObject({ ok: false, error: 'bad_redirect' });
      expect(await authorizePartner(riderId, authorizeQuery({ redirect_uri: redirect }), 'authorize')).not.toHaveProperty('redirect');
    }
    expect(await db().$count(oauthCodes, eq(oauthCodes.clientId, publicClient))).toBe(0);
  });

  it('refuses the implicit flow, a plain challenge and a public client without PKCE', async () => {
    expect(await checkAuthorizeRequest(authorizeQuery({ response_type: 'token' }))).toMatchObject({ ok: false, error: 'bad_request' });
    expect(await checkAuthorizeRequest(authorizeQuery({ code_challenge_method: 'plain' }))).toMatchObject({ ok: false });
    const query = authorizeQuery();
    query.delete('code_challenge');
    query.delete('code_challenge_method');
    expect(await checkAuthorizeRequest(query)).toMatchObject({ ok: false });
  });

  it('Cancel returns access_denied with the state and stores nothing', async () => {
    const result = await authorizePartner(riderId, authorizeQuery(), 'cancel');
    expect('redirect' in result && result.redirect).toBe(`${REDIRECT}?error=access_denied&state=xyz`);
    expect(await db().$count(oauthCodes, eq(oauthCodes.clientId, publicClient))).toBe(0);
  });

  it('a PKCE verifier that does not match is refused and nothing is issued', async () => {
    const before = await grantCount();
    const refused = await exchange(await codeFor(), { code_verifier: 'another-verifier-that-is-long-enough-to-be-valid-000000000' });
    expect(refused).toMatchObject({ ok: false, error: 'invalid_grant' });
    const missing = await exchange(await codeFor(), { code_verifier: '' });
    expect(missing).toMatchObject({ ok: false, error: 'invalid_grant' });
    expect(await grantCount()).toBe(before);
  });

  it('a code for another redirect_uri is refused', async () => {
    const before = await grantCount();
    expect(await exchange(await codeFor(), { redirect_uri: 'https://partner.example/other' })).toMatchObject({ ok: false, error: 'invalid_grant' });
    expect(await grantCount()).toBe(before);
  });

  it('a code used twice is refused the second time and the tokens from the first are revoked', async () => {
    const code = await codeFor();
    const first = await exchange(code);
    expect(first.ok).toBe(true);
    const access = first.ok ? first.body.access_token : '';
    expect(await authenticatePartnerCall(`Bearer ${access}`, 'profile:read')).toMatchObject({ userId: riderId });
    const before = await grantCount();
    expect(await exchange(code)).toMatchObject({ ok: false, error: 'invalid_grant' });
    expect(await grantCount()).toBe(before);
    expect(await authenticatePartnerCall(`Bearer ${access}`, 'profile:read')).toEqual({ status: 401 });
  });

  it('refresh tokens rotate; reusing a rotated one is refused and ends the grant', async () => {
    const issued = await exchange(await codeFor());
    if (!issued.ok) throw new Error('exchange failed');
    const refresh = (token: string) => tokenEndpoint(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: publicClient }), null);
    const rotated = await refresh(issued.body.refresh_token);
    if (!rotated.ok) throw new Error('rotation failed');
    expect(rotated.body.refresh_token).not.toBe(issued.body.refresh_token);
    const tokensBefore = await db().$count(oauthTokens);
    expect(await refresh(issued.body.refresh_token)).toMatchObject({ ok: false, error: 'invalid_grant' });
    expect(await db().$count(oauthTokens)).toBeLessThan(tokensBefore);
    // The leak is contained: the rotated pair dies with the grant too.
    expect(await refresh(rotated.body.refresh_token)).toMatchObject({ ok: false, error: 'invalid_grant' });
    expect(await authenticatePartnerCall(`Bearer ${rotated.body.access_token}`, 'activities:read')).toEqual({ status: 401 });
  });

  it('a confidential client must prove its secret', async () => {
    const confidential = await registerPartnerClient({ name: 'Server Partner', website: 'https://server.example', redirectUris: [REDIRECT], confidential: true });
    const code = await codeFor(new URLSearchParams({ client_id: confidential.clientId, redirect_uri: REDIRECT, state: 'xyz' }));
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(await tokenEndpoint(form, { clientId: confidential.clientId, clientSecret: 'wrong' })).toMatchObject({ ok: false, error: 'invalid_client' });
    expect(await tokenEndpoint(form, { clientId: confidential.clientId, clientSecret: confidential.clientSecret as string })).toMatchObject({ ok: true });
  });

  it('revocation and the rider revoking a partner end access; the partner list follows', async () => {
    const issued = await exchange(await codeFor());
    if (!issued.ok) throw new Error('exchange failed');
    expect((await listAuthorizedPartners(riderId)).map((partner) => partner.name)).toContain('Attack Test Partner');
    expect(await revocationEndpoint(new URLSearchParams({ token: issued.body.refresh_token, client_id: publicClient }), null)).toBe(true);
    expect(await authenticatePartnerCall(`Bearer ${issued.body.access_token}`, 'profile:read')).toEqual({ status: 401 });
    const again = await exchange(await codeFor());
    if (!again.ok) throw new Error('exchange failed');
    await revokePartnerForRider(riderId, publicClient);
    expect(await authenticatePartnerCall(`Bearer ${again.body.access_token}`, 'profile:read')).toEqual({ status: 401 });
    expect((await listAuthorizedPartners(riderId)).map((partner) => partner.name)).not.toContain('Attack Test Partner');
  });
});
