import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '~/db/client.server';
import { oauthCodes, outbox, rateLimits } from '~/db/schema';
import { isPartnerWebsite } from '~/lib/connections/partners';
import * as checkoutRoute from '~/routes/api.garage.redirect-to-checkout/route';
import * as consentRoute from '~/routes/parental-consent/route';
import * as revokeRoute from '~/routes/oauth.revoke/route';
import * as sandboxCheckoutRoute from '~/routes/sandbox.checkout.$sessionId/route';
import * as tokenRoute from '~/routes/oauth.token/route';
import * as webhookRoute from '~/routes/api.garage.payment.webhook/route';
import { sandboxWebhookSecret } from '~/services/adapters/payments/index.server';
import { SANDBOX_CARDS } from '~/services/adapters/payments/sandbox.server';
import { signWebhook, SIGNATURE_HEADER } from '~/services/adapters/payments/signature.server';
import { authorizePartner, registerPartnerClient, tokenEndpoint } from '~/services/connections/partners/oauth-server.server';
import { hashToken } from '~/services/connections/secrets.server';
import { writeFlow } from '~/services/platform/flow-state.server';
import { siteOrigin } from '~/services/platform/site-origin.server';
import { setUpTestDatabase } from '../helpers/db';
import { createTestUser, signedInRequest } from '../helpers/users';
import { FUZZ_SEED, post, type Answer } from './harness';
import type { RouteModule } from './route-table';

/**
 * Issue 25: what a client may not choose, each finding as a property over generated input so it
 * stays closed. Every request goes through the screening, Remix's Origin/Host check and the
 * route, as the server runs them (harness.ts); no answer may be a 5xx.
 */
setUpTestDatabase();
fc.configureGlobal({ seed: FUZZ_SEED });

const RUNS = Number(process.env.FUZZ_TRUST_RUNS ?? 25);
/** Each run takes up to a few hundred ms on the shared machine (a sign-in, a code, a mail). */
const TIMEOUT_MS = 30_000 + RUNS * 500;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const hostArbitrary = fc.oneof(
  fc.domain(),
  fc.tuple(fc.domain(), fc.integer({ min: 1, max: 65_535 })).map(([name, port]) => `${name}:${port}`),
  fc.ipV4().map((ip) => `${ip}:3000`),
  fc.constantFrom('127.0.0.1:3000', '[::1]:3000', 'localhost:3955', 'localhost'),
);

let rider: { id: string };
beforeAll(async () => {
  rider = await createTestUser({ firstname: 'Trust', lastname: 'Fuzz' });
}, 60_000);
afterAll(() => {
  vi.unstubAllGlobals();
});

function expectNo5xx(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.message.slice(0, 200)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(answer.message, what).toMatch(/[A-Za-z]{3}/);
}

describe('a request header never builds a URL or a call (item 1)', () => {
  it(
    'checkout session and return links are on the site origin whatever Host and forwarded headers say',
    async () => {
      const urlsCalled: string[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        urlsCalled.push(String(input instanceof Request ? input.url : input));
        return new Response(null, { status: 204 });
      });
      await fc.assert(
        fc.asyncProperty(hostArbitrary, fc.constantFrom('http', 'https', 'javascript'), async (host, proto) => {
          const headers = { ...FORM, Host: host, 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto, Origin: siteOrigin() };
          const { request } = await signedInRequest(rider.id, `http://${host}/api/garage/redirect-to-checkout`, {
            method: 'POST',
            body: 'package_id=gems_250',
            headers,
          });
          const answer = await post(checkoutRoute, request, {});
          expectNo5xx(answer, host);
          const { session_url: sessionUrl } = (JSON.parse(answer.message) as { data: { session_url: string } }).data;
          expect(sessionUrl.startsWith(`${siteOrigin()}/sandbox/checkout/`), sessionUrl).toBe(true);
          // Paying it: the return link and the sandbox's webhook go to the site, never to `host`.
          const sessionId = new URL(sessionUrl).pathname.split('/').pop()!;
          const pay = new Request(`http://${host}/sandbox/checkout/${sessionId}`, {
            method: 'POST',
            body: `intent=pay&card=${SANDBOX_CARDS.success}`,
            headers,
          });
          const paid = await sandboxCheckoutRoute.action({ request: pay, params: { sessionId }, context: {} }).catch((thrown: unknown) => thrown);
          const location = (paid as Response).headers.get('Location') ?? '';
          expect(location.startsWith(`${siteOrigin()}/user/activities?payment_result=success`), location).toBe(true);
          expect(urlsCalled.pop()).toBe(`${siteOrigin()}/api/garage/payment/webhook`);
        }),
        { numRuns: RUNS },
      );
      vi.unstubAllGlobals();
    },
    TIMEOUT_MS,
  );

  it(
    'a post from the site origin that reached another Host is never a 5xx; a Host with its own matching Origin is refused',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostArbitrary, async (host) => {
          const from = (origin: string) =>
            new Request(`http://${host}/parental-consent?childUserId=x`, {
              method: 'POST',
              body: 'intent=submit&parentEmail=a%40b.c',
              headers: { ...FORM, Host: host, Origin: origin },
            });
          expectNo5xx(await post(consentRoute, from(siteOrigin()), {}), `site Origin, Host ${host}`);
          const forged = await post(consentRoute, from(`http://${host}`), {});
          if (`http://${host}` !== siteOrigin()) expect(forged.status, host).toBe(403);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

describe('HTTP Basic credentials (item 4)', () => {
  it(
    'any decoded text answers the token and revocation endpoints with a 4xx, never a 5xx',
    async () => {
      const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('%', '%z', '%zz', '%E0%A4%A', '%C0%80', '%FF'));
      await fc.assert(
        fc.asyncProperty(text, text, async (id, secret) => {
          const headers = { ...FORM, Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` };
          const endpoints: Array<[string, RouteModule]> = [
            ['/oauth/token', { action: tokenRoute.action }],
            ['/oauth/revoke', { action: revokeRoute.action }],
          ];
          for (const [path, route] of endpoints) {
            const answer = await post(
              route,
              new Request(`http://localhost:3000${path}`, { method: 'POST', body: 'grant_type=authorization_code&code=x&token=x', headers }),
              {},
            );
            expectNo5xx(answer, `${path} ${JSON.stringify(`${id}:${secret}`)}`);
            expect(answer.status).toBeGreaterThanOrEqual(400);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

describe('correctly signed payment webhooks (item 4)', () => {
  it(
    "any JSON value or text, signed, is a 200 or a 400 with our message, never a parser's",
    async () => {
      // Payment events whose id is any text, NUL and lone surrogates included (issue 35 item 4).
      const eventText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('\u0000', 'a\u0000', '\ud800', ''));
      const event = fc
        .tuple(eventText, fc.constantFrom('checkout.session.completed', 'checkout.session.declined'), fc.constantFrom('paid', 'declined'))
        .map(([id, type, status]) => JSON.stringify({ type, data: { object: { id, status } } }));
      const body = fc.oneof(fc.json(), event, fc.constantFrom('[]', 'null', '{}', '0', '"x"', 'true', '{"type":', '{"data":{"object":null}}'), fc.string());
      await fc.assert(
        fc.asyncProperty(body, async (raw) => {
          const request = new Request('http://localhost:3000/api/garage/payment/webhook', {
            method: 'POST',
            body: raw,
            headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signWebhook(sandboxWebhookSecret(), raw) },
          });
          const answer = await post(webhookRoute, request, {});
          expectNo5xx(answer, raw);
          expect(answer.message, raw).not.toMatch(/Unexpected|position|JSON at|is not valid JSON|undefined/);
        }),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT_MS,
  );
});

describe('authorization codes (item 5)', () => {
  it(
    'whatever a holder of the code sends first, the rightful client still exchanges it',
    async () => {
      const redirect = 'https://fuzz-partner.example/cb';
      const verifier = 'fuzz-rightful-verifier-0123456789-0123456789-0123456789';
      const clientId = (
        await registerPartnerClient({ name: 'Fuzz Partner', website: 'https://fuzz-partner.example', redirectUris: [redirect], confidential: false })
      ).clientId;
      const other = (
        await registerPartnerClient({ name: 'Other Fuzz Partner', website: 'https://other.example', redirectUris: [redirect], confidential: false })
      ).clientId;
      const wrong = fc.record(
        {
          code_verifier: fc.oneof(fc.string(), fc.constant(verifier.slice(1))),
          redirect_uri: fc.oneof(fc.constant(redirect), fc.webUrl()),
          client_id: fc.constantFrom(clientId, other, 'nobody'),
        },
        { requiredKeys: ['code_verifier'] },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(wrong, { minLength: 1, maxLength: 3 }), async (attempts) => {
          const query = new URLSearchParams({
            client_id: clientId,
            redirect_uri: redirect,
            state: 's',
            code_challenge: createHash('sha256').update(verifier).digest('base64url'),
            code_challenge_method: 'S256',
          });
          const decided = await authorizePartner(rider.id, query, 'authorize');
          const code = new URL((decided as { redirect: string }).redirect).searchParams.get('code')!;
          for (const attempt of attempts) {
            if (attempt.code_verifier === verifier && (attempt.redirect_uri ?? redirect) === redirect && (attempt.client_id ?? clientId) === clientId) continue;
            const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: clientId, ...attempt });
            expect(await tokenEndpoint(form, null)).toMatchObject({ ok: false });
          }
          const [row] = await db()
            .select({ usedAt: oauthCodes.usedAt })
            .from(oauthCodes)
            .where(eq(oauthCodes.codeHash, hashToken(code)));
          expect(row.usedAt).toBeNull();
          const rightful = await tokenEndpoint(
            new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: clientId, code_verifier: verifier }),
            null,
          );
          expect(rightful.ok).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

describe('partner websites (item 6)', () => {
  it('an accepted website is https, or http on this machine when allowed; never another scheme', () => {
    const candidate = fc.oneof(
      fc.webUrl({ validSchemes: ['http', 'https', 'javascript', 'data', 'ftp', 'vbscript', 'file'], withQueryParameters: true, withFragments: true }),
      fc.string(),
      fc.constantFrom(
        'javascript:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'JAVASCRIPT:alert(1)',
        'https:alert(1)',
        'http://localhost:3000',
        'http://[::1]/x',
      ),
    );
    fc.assert(
      fc.property(candidate, fc.boolean(), (website, loopbackHttp) => {
        if (!isPartnerWebsite(website, loopbackHttp)) return;
        const url = new URL(website);
        expect(
          url.protocol === 'https:' || (loopbackHttp && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)),
          website,
        ).toBe(true);
      }),
      { numRuns: RUNS * 20 },
    );
  });
});

describe('parental consent (item 2)', () => {
  it(
    "any parent address but the child's own gets one answer, whoever holds it",
    async () => {
      const child = await createTestUser({ isKid: true, status: 'pending', dob: '2015-02-02' });
      const cookie = (await writeFlow('consent', { childUserId: child.id, userAge: 11, childEmail: child.email })).split(';')[0];
      const answers = new Set<string>();
      // Addresses the form accepts (a refused one would be a 400 whoever held it), in any case.
      const address = fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9._+-]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]\.[a-z]{2,6}$/), fc.boolean())
        .filter(([local]) => !local.includes('..'))
        .map(([local, domain, shout]) => (shout ? `${local}@${domain}`.toUpperCase() : `${local}@${domain}`));
      await fc.assert(
        fc.asyncProperty(address, fc.constantFrom('new', 'adult', 'child'), async (typed, holder) => {
          const email = `${randomUUID().slice(0, 8)}.${typed}`;
          if (holder !== 'new') await createTestUser({ email: email.toLowerCase(), isKid: holder === 'child' });
          const request = new Request(`http://localhost:3000/parental-consent?childUserId=${child.id}`, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'submit', parentEmail: email }),
            headers: { ...FORM, Cookie: cookie },
          });
          const answer = await post(consentRoute, request, {});
          await db().delete(rateLimits);
          answers.add(`${answer.status} ${answer.message}`);
        }),
        { numRuns: RUNS },
      );
      expect([...answers]).toEqual(['200 {"sent":true,"message":""}']);
      expect(await db().$count(outbox, eq(outbox.recipient, child.email))).toBe(0);
    },
    TIMEOUT_MS,
  );
});
