import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../helpers/db';
import { createIdentities, fingerprint, get, IDENTITIES, post, requestAs, type Identity } from './harness';
import { routeTable, urlOf } from './route-table';

/**
 * Issue 15 item 9: every route with a parameter in its path ($id, $eventId, $code, splats…,
 * found in app/routes) answers malformed and out-of-range values, on GET and on POST, with no
 * 5xx; a refused post changes no row and no file. `npm test` reads each value of MALFORMED
 * signed out and as a rider and posts it as the rider; `npm run fuzz` (FUZZ_IDS_LONG) adds the child and staff and
 * generated strings.
 */
setUpTestDatabase();

const LONG = Boolean(process.env.FUZZ_IDS_LONG);

export const MALFORMED = [
  'abc',
  '-1',
  '0',
  '9223372036854775808',
  '-9223372036854775809',
  '1e3',
  '1.5',
  'NaN',
  ' 1',
  '',
  '00000000-0000-0000-0000-000000000000',
  'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  '12345',
  'a/b',
  '../../etc/passwd',
  '%2F',
  '\u0000',
  'x'.repeat(5_000),
  '😀',
];

const routes = routeTable().filter((route) => route.params.length > 0);
let users: Awaited<ReturnType<typeof createIdentities>>;

beforeAll(async () => {
  users = await createIdentities();
}, 60_000);

describe('malformed and out-of-range ids (issue 15 item 9)', () => {
  it('the routes with parameters are found', () => {
    expect(routes.map((route) => route.id)).toEqual(expect.arrayContaining(['event.$id', 'user.activities.$id.detail', 'teams_.$teamId.events']));
  });

  it('GET and POST answer every value below 500; a refused post changes nothing', async () => {
    const identities: Identity[] = LONG ? IDENTITIES : ['signed out', 'rider'];
    const values = LONG ? fc.sample(fc.oneof(fc.constantFrom(...MALFORMED), fc.string(), fc.string({ unit: 'binary' })), 200) : MALFORMED;
    const failures: string[] = [];
    for (const route of routes) {
      const module = await route.load();
      for (const identity of identities) {
        for (const value of values) {
          const params = Object.fromEntries(route.params.map((name) => [name, value]));
          const url = urlOf(route, params);
          const where = `${route.id} as ${identity} with ${JSON.stringify(value.slice(0, 40))}`;
          const read = await get(module, await requestAs(identity, users, url, {}), params);
          if (read.status >= 500) failures.push(`GET ${where}: ${read.status} ${read.message.slice(0, 200)}`);
          // Bounded run: posts as the rider (signed out, an action's session check answers first).
          if (!module.action || (!LONG && identity === 'signed out')) continue;
          const request = await requestAs(identity, users, url, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'submit' }),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          });
          const before = await fingerprint();
          const sent = await post(module, request, params);
          if (sent.status >= 500) failures.push(`POST ${where}: ${sent.status} ${sent.message.slice(0, 200)}`);
          if (sent.status >= 400 && sent.status < 500) {
            const after = await fingerprint();
            const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
            if (changed.length > 0) failures.push(`POST ${where}: refused with ${sent.status} but changed ${changed.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
