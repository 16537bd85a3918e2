import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { warmFlowsCatalogue } from '~/services/platform/flows-catalogue.server';
import { siteOrigin } from '~/services/platform/site-origin.server';
import { setUpTestDatabase } from '../helpers/db';
import { formValues, numericFields, queryNames, renderedFields, routeSchemas } from './form-arbitraries';
import { changedBetween, createIdentities, FUZZ_SEED, fingerprint, get, IDENTITIES, IdentitySessions, post, type Answer, type Identity } from './harness';
import { CONTENT_TYPES, INPUT_KINDS, readProbe, writeProbe, type Probe, type RouteInputs } from './probe-arbitrary';
import { routeTable, urlOf, type RouteEntry, type RouteModule } from './route-table';
import { Spread } from './spread';

/**
 * Issue 35 (decision 174): every route of app/routes — page and resource routes, found in the
 * folder, so a new one is fuzzed without editing this file — read and written as a visitor, a
 * rider, a child and staff, with requests fast-check generates (probe-arbitrary.ts): no body,
 * each content type and none, NUL, odd Unicode and huge values in the path, the query, the
 * headers and the body, out-of-range numbers. No answer may be a 5xx or take longer than 5 s; a
 * refusal (4xx) must say why, and a refused write may change no row and no uploaded file.
 *
 * Each route is read once per identity, and written once or twice per identity so that the
 * four identities together send every content type to each route with an action. FUZZ_ROUNDS
 * (1 in `npm test`; `npm run fuzz` sends 20) repeats that with new values. The seed is fixed
 * (harness.ts), so every run of `npm test` sends the same requests. The spread of what was sent
 * is printed, and checked below.
 */
setUpTestDatabase();

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1);
const ANSWER_LIMIT_MS = 5_000;

interface Fuzzed {
  route: RouteEntry;
  module: RouteModule;
  inputs: RouteInputs;
  kind: 'page' | 'resource';
}

const routes: Fuzzed[] = [];
let sessions: IdentitySessions;

/** Common parameter names any route might read, beside those its source names. */
const COMMON_QUERY = ['page', 'search', 'redirect', 'redirectTo', 'es', 'code', 'childUserId', 'client_id', 'redirect_uri', 'state', 'limit', 'tab', 'id'];

beforeAll(async () => {
  for (const route of routeTable()) {
    const module = await route.load();
    const schemas = await routeSchemas(route, module);
    const fields = [
      ...new Set([
        ...schemas.keys,
        ...schemas.schemas.flatMap((schema) => Object.keys((schema as { shape?: object }).shape ?? {})),
        ...renderedFields(route.source),
      ]),
    ];
    const inputs: RouteInputs = {
      route,
      values: formValues(schemas, route.source),
      fields,
      numericFields: numericFields(schemas.schemas),
      queryNames: [...new Set([...queryNames(route.source), ...COMMON_QUERY])],
    };
    routes.push({ route, module, inputs, kind: (module as { default?: unknown }).default ? 'page' : 'resource' });
  }
  sessions = new IdentitySessions(await createIdentities());
  // As server.mjs does at start: /flows then reads the summaries a worker made, not its own.
  await warmFlowsCatalogue();
}, 120_000);

/** Files under app/routes whose text exports an action or a loader: each must be fuzzed. */
function filesExportingHandlers(folder = path.resolve('app/routes')): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return filesExportingHandlers(full);
    if (!/\.(tsx?|jsx?)$/.test(entry) || /\.test\./.test(entry)) return [];
    const source = readFileSync(full, 'utf8');
    return /export\s+((async\s+)?function\s+(action|loader)\b|const\s+(action|loader)\b|\{[^}]*\b(action|loader)\b)/.test(source) ? [full] : [];
  });
}

/**
 * The writes of identity number `index` (0–3): a route with an action gets two content types
 * from each identity, in turn, so the four send all six; a route without one gets one (its
 * answer is Remix's 405, after the screen).
 */
function writeTypes(fuzzed: Fuzzed, index: number) {
  if (!fuzzed.module.action) return [CONTENT_TYPES[index % CONTENT_TYPES.length]];
  return [CONTENT_TYPES[(2 * index) % CONTENT_TYPES.length], CONTENT_TYPES[(2 * index + 1) % CONTENT_TYPES.length]];
}

async function requestFor(fuzzed: Fuzzed, identity: Identity, probe: Probe): Promise<{ request: Request; newSession: boolean }> {
  const url = new URL(urlOf(fuzzed.route, probe.params, siteOrigin()));
  for (const [name, value] of probe.query) url.searchParams.append(name, value);
  const { cookie, created } = await sessions.cookieOf(identity);
  const headers = new Headers(probe.method === 'GET' ? {} : { Origin: siteOrigin() });
  for (const [name, value] of Object.entries(probe.headers)) headers.set(name, value);
  // An odd cookie goes first: the cookie parser keeps the first of two with one name.
  const cookies = [probe.headers.Cookie, cookie].filter(Boolean).join('; ');
  if (cookies) headers.set('Cookie', cookies);
  const init = { method: probe.method, headers, body: probe.method === 'GET' ? undefined : probe.body(), duplex: 'half' };
  return { request: new Request(url, init as RequestInit), newSession: created };
}

describe('every route, as every identity, with generated input (issue 35)', () => {
  it('fuzzes every route file that exports an action or a loader', () => {
    expect(routes.map(({ route }) => route.file).sort()).toEqual(expect.arrayContaining(filesExportingHandlers().sort()));
    expect(routes.filter(({ module }) => module.action).length).toBeGreaterThan(40);
    expect(routes.filter(({ kind }) => kind === 'resource').length).toBeGreaterThan(30);
  });

  it('the fingerprint covers the tables (users, sessions, activities…) and the uploads folder', async () => {
    expect(Object.keys(await fingerprint())).toEqual(expect.arrayContaining(['users', 'sessions', 'activities', 'outbox', 'uploads folder']));
  });

  it('answers every request below 500 within 5 s; refusals say why and change nothing', async () => {
    const spread = new Spread();
    const failures: string[] = [];
    // The print after the last write, while nothing has run since: the next write's "before".
    let lastPrint: Record<string, string> | undefined;
    const check = async (fuzzed: Fuzzed, identity: Identity, probe: Probe) => {
      const { request, newSession } = await requestFor(fuzzed, identity, probe);
      if (newSession) lastPrint = undefined;
      const writes = probe.method !== 'GET';
      const before = writes ? (lastPrint ?? (await fingerprint())) : undefined;
      const params = probe.params;
      const answer: Answer = writes ? await post(fuzzed.module, request, params) : await get(fuzzed.module, request, params);
      spread.add(fuzzed.route.id, fuzzed.kind, identity, probe);
      const where = `${probe.method} ${fuzzed.route.id} as ${identity}, ${probe.kind}, ${probe.contentType}: ${probe.note}`;
      if (answer.status >= 500) failures.push(`${where} → ${answer.status} ${answer.message.slice(0, 200)}`);
      if (answer.ms > ANSWER_LIMIT_MS) failures.push(`${where} → answered after ${Math.round(answer.ms)} ms`);
      if (answer.status >= 400 && answer.status < 500 && !/[A-Za-z]{3}/.test(answer.message)) failures.push(`${where} → ${answer.status} without a message`);
      lastPrint = writes ? await fingerprint() : undefined;
      if (before && lastPrint && answer.status >= 400 && answer.status < 500) {
        const changed = changedBetween(before, lastPrint);
        if (changed.length > 0) failures.push(`${where} → refused with ${answer.status} but changed ${changed.join(', ')}`);
      }
    };
    let cell = 0;
    for (const fuzzed of routes) {
      for (const [index, identity] of IDENTITIES.entries()) {
        const probes = fc.tuple(readProbe(fuzzed.inputs), ...writeTypes(fuzzed, index).map((type) => writeProbe(fuzzed.inputs, type)));
        // A seed of its own per route and identity (one seed for all would send every cell the
        // same choices), and unbiased: a biased first run leans to each arbitrary's first option.
        await fc.assert(
          fc.asyncProperty(probes, async (sent) => {
            for (const probe of sent) await check(fuzzed, identity, probe);
          }),
          { numRuns: ROUNDS, seed: (FUZZ_SEED + 7_919 * cell++) | 0, unbiased: true },
        );
      }
    }
    console.log(
      spread.report(`Fuzz: ${spread.total} requests to ${routes.length} routes, ${ROUNDS} round(s), seed ${FUZZ_SEED} (FUZZ_SEED=${FUZZ_SEED} replays it)`),
    );
    spread.writeCsv();
    // Every route as every identity, every content type to every route with an action, every kind.
    for (const { route, module } of routes) {
      for (const identity of IDENTITIES)
        expect(
          spread.sum((r, i) => r === route.id && i === identity),
          `${route.id} as ${identity}`,
        ).toBeGreaterThan(0);
      if (!module.action) continue;
      for (const type of CONTENT_TYPES)
        expect(
          spread.sum((r, _i, _k, t, m) => r === route.id && t === type && m !== 'GET'),
          `${route.id} ${type}`,
        ).toBeGreaterThan(0);
    }
    for (const kind of INPUT_KINDS)
      expect(
        spread.sum((_r, _i, k) => k === kind),
        kind,
      ).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 1_800_000);
});
