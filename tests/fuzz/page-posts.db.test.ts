import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod';
import { db } from '~/db/client.server';
import { contactMessages, outbox, sessions, subscribers, users } from '~/db/schema';
import { ForgotPasswordSchema, LoginSchema, RegisterSchema } from '~/lib/account-fields';
import { ContactSchema, SubscribeSchema } from '~/lib/site-forms';
import { action as forgotAction } from '~/routes/auth.forgot-password/route';
import { action as loginAction } from '~/routes/auth.login/route';
import { action as registerAction } from '~/routes/auth.register/route';
import { action as contactAction } from '~/routes/contact-us/route';
import { action as subscribeAction } from '~/routes/subscribe/route';
import { screenRequest } from '~/services/platform/security.server';
import { useTestDatabase } from '../helpers/db';

/**
 * Issue 15 "Must show": form posts generated from each public route's Zod schema, mixed with
 * hostile bodies (NUL, oversize values, wrong content types, truncated multipart, foreign
 * Origin), through the same path as the server (screenRequest, then the route's action).
 * Every answer must be below 500, and a refused post (4xx) must change no row.
 * Bounded here (FUZZ_RUNS posts per route, 40 by default); `npm run fuzz` runs 2,000 per
 * route, 10,000 in all.
 */
useTestDatabase();

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

type Action = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

function fieldsOf(schema: ZodTypeAny): string[] {
  let inner: ZodTypeAny = schema;
  while ('innerType' in inner._def || 'schema' in inner._def) inner = (inner._def.innerType ?? inner._def.schema) as ZodTypeAny;
  return Object.keys((inner as ZodObject<ZodRawShape>).shape ?? {});
}

const routes: Array<{ path: string; action: Action; fields: string[] }> = [
  { path: '/contact-us', action: contactAction as Action, fields: fieldsOf(ContactSchema) },
  { path: '/subscribe', action: subscribeAction as Action, fields: [...fieldsOf(SubscribeSchema), 'redirectTo'] },
  { path: '/auth/login', action: loginAction as Action, fields: [...fieldsOf(LoginSchema), 'altcha'] },
  { path: '/auth/register', action: registerAction as Action, fields: [...fieldsOf(RegisterSchema), 'altcha'] },
  { path: '/auth/forgot-password', action: forgotAction as Action, fields: [...fieldsOf(ForgotPasswordSchema), 'altcha'] },
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '/\t/evil.example', '//evil.example', '\r\nSet-Cookie: x=1', "' or 1=1 --", '<script>alert(1)</script>', 'x'.repeat(20_000)),
  fc.emailAddress(),
  fc.integer().map(String),
);

const formBody = (fields: string[]) => fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), hostileText, { maxKeys: 8 });

type Post = { body: BodyInit | null; headers: Record<string, string> };

function post(fields: string[]): fc.Arbitrary<Post> {
  const urlencoded = formBody(fields).map((values) => ({ body: new URLSearchParams(values).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
  const multipart = formBody(fields).map((values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    return { body: form as BodyInit, headers: {} };
  });
  const truncated = fc.tuple(fc.constantFrom(...fields), fc.string({ maxLength: 20 })).map(([name, value]) => ({
    body: `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
  }));
  const wrongType = fc.tuple(fc.constantFrom('application/json', 'text/plain', 'application/xml', ''), fc.json()).map(([type, json]): Post => ({
    body: json,
    headers: type ? { 'Content-Type': type } : {},
  }));
  const foreign = urlencoded.map((sent) => ({ ...sent, headers: { ...sent.headers, Origin: 'https://evil.example' } }));
  return fc.oneof(urlencoded, multipart, truncated, wrongType, foreign);
}

async function rowCounts() {
  const tables = { users, contactMessages, subscribers, outbox, sessions };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await db().select({ n: count() }).from(table))[0].n;
  return counts;
}

async function answer(path: string, action: Action, sent: Post): Promise<number> {
  const request = new Request(`http://localhost:3000${path}`, { method: 'POST', body: sent.body, headers: sent.headers });
  const screened = await screenRequest(request);
  if (screened instanceof Response) return screened.status;
  try {
    const result = await action({ request: screened, params: {}, context: {} });
    if (result instanceof Response) return result.status;
    const init = (result as { init?: { status?: number } | null }).init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe('fuzzed page posts (issue 15: 0 responses ≥ 500, refused posts change nothing)', () => {
  it.each(routes)('$path', async ({ path, action, fields }) => {
    await fc.assert(
      fc.asyncProperty(post(fields), async (sent) => {
        const before = await rowCounts();
        const status = await answer(path, action, sent);
        expect(status).toBeLessThan(500);
        if (status >= 400) expect(await rowCounts()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
