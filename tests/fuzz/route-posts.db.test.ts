import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../helpers/db';
import { formValues, posts, renderedFields, routeSchemas } from './form-arbitraries';
import { createIdentities, fingerprint, IDENTITIES, post, requestAs } from './harness';
import { routeTable, urlOf, type RouteModule } from './route-table';

/**
 * Issue 15 "Must show" and item 9: every route with an action (found in app/routes, so a new
 * route is fuzzed without editing this file) receives posts generated from its Zod schemas and
 * hostile bodies (NUL, oversize, wrong content types, truncated multipart, foreign Origin),
 * signed out and signed in as a rider, a child and staff. No answer may be ≥ 500, a refusal
 * (4xx) must say why, and a refused post may change no row and no uploaded file.
 * `npm test` sends FUZZ_POSTS (400) posts in all; `npm run fuzz` sends 10,000.
 */
setUpTestDatabase();

const TOTAL_POSTS = Number(process.env.FUZZ_POSTS ?? 400);
const routes = routeTable();
const withAction: Array<{ route: (typeof routes)[number]; module: RouteModule }> = [];
let users: Awaited<ReturnType<typeof createIdentities>>;

beforeAll(async () => {
  for (const route of routes) {
    const module = await route.load();
    if (typeof module.action === 'function') withAction.push({ route, module });
  }
  users = await createIdentities();
}, 120_000);

/** Files under app/routes whose text exports an action: each must be in the fuzzed table. */
function filesExportingAction(folder = path.resolve('app/routes')): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return filesExportingAction(full);
    if (!/\.(tsx?|jsx?)$/.test(entry) || /\.test\./.test(entry)) return [];
    return /export\s+((async\s+)?function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(readFileSync(full, 'utf8')) ? [full] : [];
  });
}

describe('every route with an action is fuzzed (issue 15)', () => {
  it('the fuzzed routes are every route file that exports an action', () => {
    expect(withAction.map(({ route }) => route.file).sort()).toEqual(filesExportingAction().sort());
    expect(withAction.length).toBeGreaterThan(20);
  });

  it('the fingerprint covers the tables (users, sessions, activities…) and the uploads folder', async () => {
    expect(Object.keys(await fingerprint())).toEqual(expect.arrayContaining(['users', 'sessions', 'activities', 'outbox', 'uploads folder']));
  });

  it('posts from each schema and hostile bodies: no 5xx, refusals say why and change nothing', async () => {
    const runsPerCase = Math.max(1, Math.ceil(TOTAL_POSTS / (withAction.length * IDENTITIES.length)));
    const failures: string[] = [];
    for (const { route, module } of withAction) {
      const schemas = await routeSchemas(route, module);
      const fields = [
        ...new Set([
          ...schemas.keys,
          ...schemas.schemas.flatMap((schema) => Object.keys((schema as { shape?: object }).shape ?? {})),
          ...renderedFields(route.source),
        ]),
      ];
      const params = Object.fromEntries(route.params.map((name) => [name, '1']));
      for (const identity of IDENTITIES) {
        await fc.assert(
          fc.asyncProperty(posts(formValues(schemas, route.source), fields), async (sent) => {
            const request = await requestAs(identity, users, urlOf(route, params), {
              method: 'POST',
              body: sent.body(),
              headers: sent.headers,
              duplex: 'half',
            });
            const before = await fingerprint();
            const answer = await post(module, request, params);
            const where = `${route.id} as ${identity}, ${sent.kind}`;
            if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.message.slice(0, 200)}`);
            if (answer.status >= 400 && answer.status < 500) {
              if (!/[A-Za-z]{3}/.test(answer.message)) failures.push(`${where}: ${answer.status} without a message`);
              const after = await fingerprint();
              const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
              if (changed.length > 0) failures.push(`${where}: refused with ${answer.status} but changed ${changed.join(', ')}`);
            }
          }),
          { numRuns: runsPerCase, endOnFailure: true },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
