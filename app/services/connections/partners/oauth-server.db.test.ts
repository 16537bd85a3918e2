import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { oauthCodes, oauthGrants, oauthTokens } from '~/db/schema';
import { createTestUser } from '../../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../../tests/helpers/db';
import { PARTNER_MESSAGES } from '~/lib/connections/partners';
import { applyProductionEnv } from '../../../../tests/helpers/production-env';
import { hashToken } from '../secrets.server';
import {
  authenticatePartnerCall,
  authorizePartner,
  checkAuthorizeRequest,
  listAuthorizedPartners,
  partnerWebsiteLink,
  registerPartnerClient,
  revocationEndpoint,
  revokePartnerForRider,
  tokenEndpoint,
} from './oauth-server.server';

setUpTestDatabase();

const REDIRECT = 'https://partner.example/callback';
const VERIFIER = 'a-long-enough-code-verifier-for-pkce-0123456789abcdefghijkl';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let riderId: string;
let publicClient: string;

beforeAll(async () => {
  riderId = (await createTestUser()).id;
  publicClient = (
    await registerPartnerClient({ name: 'Attack Test Partner', website: 'https://partner.example', redirectUris: [REDIRECT], confidential: false })
  ).clientId;
});

function authorizeQuery(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: publicClient,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'xyz',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  });
}

async function codeFor(query = authorizeQuery()): Promise<string> {
  const result = await authorizePartner(riderId, query, 'authorize');
  if (!('redirect' in result)) throw new Error(result.error);
  const url = new URL(result.redirect);
  expect(url.searchParams.get('state')).toBe('xyz');
  return url.searchParams.get('code') as string;
}

function exchange(code: string, overrides: Record<string, string> = {}) {
  return tokenEndpoint(
    new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: publicClient, code_verifier: VERIFIER, ...overrides }),
    null,
  );
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

  it('a code presented with a wrong verifier, redirect_uri or client stays usable by its rightful client (issue 25 item 5)', async () => {
    const other = (await registerPartnerClient({ name: 'Other Partner', website: 'https://other.example', redirectUris: [REDIRECT], confidential: false }))
      .clientId;
    const code = await codeFor();
    const wrongVerifier = 'another-verifier-that-is-long-enough-to-be-valid-000000000';
    const attempts: Array<Record<string, string>> = [
      { code_verifier: wrongVerifier },
      { code_verifier: '' },
      { redirect_uri: 'https://partner.example/other' },
      { client_id: other },
    ];
    for (const attempt of attempts) {
      expect(await exchange(code, attempt), JSON.stringify(attempt)).toMatchObject({ ok: false, error: 'invalid_grant' });
    }
    const [row] = await db()
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    expect(row.usedAt).toBeNull();
    const rightful = await exchange(code);
    expect(rightful.ok).toBe(true);
    // Spent now: a second exchange is refused.
    expect(await exchange(code)).toMatchObject({ ok: false, error: 'invalid_grant' });
  });

  it('a child account cannot authorize a partner: no code at the decision, none exchanged, an older grant serves nothing (issue 25 item 3)', async () => {
    const child = await createTestUser({ isKid: true, parentEmail: 'parent@example.com', dob: '2014-04-04' });
    expect(await authorizePartner(child.id, authorizeQuery(), 'authorize')).toEqual({ error: PARTNER_MESSAGES.childAccount });
    expect(await db().$count(oauthCodes, eq(oauthCodes.userId, child.id))).toBe(0);
    // A code and a grant made for the child before the rule (written as the old code did).
    const code = 'code-issued-to-a-child-before-the-rule-0123456789';
    await db()
      .insert(oauthCodes)
      .values({
        codeHash: hashToken(code),
        clientId: publicClient,
        userId: child.id,
        redirectUri: REDIRECT,
        scope: 'profile:read',
        codeChallenge: CHALLENGE,
        expiresAt: new Date(Date.now() + 60_000),
      });
    expect(await exchange(code)).toEqual({ ok: false, status: 400, error: 'invalid_grant', description: PARTNER_MESSAGES.childAccount });
    const [grant] = await db().insert(oauthGrants).values({ clientId: publicClient, userId: child.id, scope: 'profile:read activities:read' }).returning();
    const access = 'access-token-of-a-child-grant-0123456789abcdef';
    const refresh = 'refresh-token-of-a-child-grant-0123456789abcdef';
    await db()
      .insert(oauthTokens)
      .values([
        { tokenHash: hashToken(access), grantId: grant.id, kind: 'access', expiresAt: new Date(Date.now() + 3_600_000) },
        { tokenHash: hashToken(refresh), grantId: grant.id, kind: 'refresh', expiresAt: new Date(Date.now() + 3_600_000) },
      ]);
    expect(await authenticatePartnerCall(`Bearer ${access}`, 'profile:read')).toEqual({ status: 401 });
    expect(await tokenEndpoint(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: publicClient }), null)).toMatchObject({
      ok: false,
      error: 'invalid_grant',
    });
  });

  it('a partner website is linked only when it is https (http on this machine outside production) (issue 25 item 6)', async () => {
    expect(partnerWebsiteLink('https://partner.example/about')).toBe('https://partner.example/about');
    expect(partnerWebsiteLink('http://127.0.0.1:8765/')).toBe('http://127.0.0.1:8765/');
    for (const website of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://partner.example',
      'https://user:pass@partner.example',
      'ftp://partner.example',
      'vbscript:x',
      'not a url',
    ]) {
      expect(partnerWebsiteLink(website), website).toBeNull();
      await expect(registerPartnerClient({ name: 'Bad Site', website, redirectUris: [REDIRECT], confidential: false }), website).rejects.toThrow();
    }
    const restore = applyProductionEnv();
    try {
      expect(partnerWebsiteLink('http://127.0.0.1:8765/')).toBeNull();
      expect(partnerWebsiteLink('https://partner.example')).toBe('https://partner.example');
    } finally {
      restore();
    }
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
    const confidential = await registerPartnerClient({
      name: 'Server Partner',
      website: 'https://server.example',
      redirectUris: [REDIRECT],
      confidential: true,
    });
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
