import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { throwIfPotentialCSRFAttack } from '@remix-run/server-runtime/dist/actions.js';
import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { settleAfterResponse } from '~/services/platform/after-response.server';
import { getEnv } from '~/services/platform/env.server';
import { REQUEST_REFUSALS, screenRequest, secureResponse } from '~/services/platform/security.server';
import { createTestUser, signedInRequest } from '../helpers/users';
import type { RouteModule } from './route-table';

/**
 * What the fuzz suite sends and checks: a request answered the way server.mjs answers it
 * (screened, Remix's own Origin/Host check for a post, then the route's loader or action, then
 * the work left for after the response), the identities it signs in as, and a fingerprint of
 * every table and the uploads folder.
 */
/**
 * Every property of the fuzz suite runs from this seed, so a CI run sends the same input every
 * time and a failure reproduces; FUZZ_SEED sends other input (and replays that run).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 350_035);

export type Identity = 'visitor' | 'rider' | 'child' | 'staff';
export const IDENTITIES: Identity[] = ['visitor', 'rider', 'child', 'staff'];
type SignedIn = Exclude<Identity, 'visitor'>;

export async function createIdentities(): Promise<Record<SignedIn, string>> {
  const rider = await createTestUser({ firstname: 'Fuzz', lastname: 'Rider', weightKg: 70 });
  const child = await createTestUser({ firstname: 'Fuzz', lastname: 'Child', isKid: true, parentEmail: 'parent-of-fuzz@example.com', dob: '2015-05-05' });
  const staff = await createTestUser({ firstname: 'Fuzz', lastname: 'Staff', role: 'staff' });
  return { rider: rider.id, child: child.id, staff: staff.id };
}

/**
 * One session per identity, kept while it lives: a fresh one per request would write a row
 * before every request, and each write costs the suite a fingerprint. `cookieOf` makes a new
 * one when a request ended the last (a logout, a password change) and says so.
 */
export class IdentitySessions {
  private readonly cookies = new Map<SignedIn, { sessionId: string; cookie: string }>();

  constructor(private readonly users: Record<SignedIn, string>) {}

  /** The identity's cookie header ('' for a visitor), and whether a session had to be made for it. */
  async cookieOf(identity: Identity): Promise<{ cookie: string; created: boolean }> {
    if (identity === 'visitor') return { cookie: '', created: false };
    const kept = this.cookies.get(identity);
    if (kept && (await db().$count(sessions, eq(sessions.id, kept.sessionId))) > 0) return { cookie: kept.cookie, created: false };
    const { sessionId, cookie } = await signedInRequest(this.users[identity]);
    this.cookies.set(identity, { sessionId, cookie });
    return { cookie, created: true };
  }
}

export interface Answer {
  status: number;
  message: string;
  error?: unknown;
  /** From the request to the answer's last byte, as a client would wait (not the work after it). */
  ms: number;
}

function payloadText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** The status and text the client would get; a thrown error is the 500 Remix would answer. */
async function answerOf(request: Request, run: () => Promise<unknown>, started = performance.now()): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  let answer: Omit<Answer, 'ms'>;
  if (result instanceof Response) {
    const sent = secureResponse(request, result);
    answer = { status: sent.status, message: await sent.text() };
  } else if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
    const { data, init } = result as unknown as { data: unknown; init?: { status?: number } | null };
    answer = { status: init?.status ?? 200, message: payloadText(data) };
  } else if (result instanceof Error) {
    answer = { status: 500, message: result.message, error: result };
  } else {
    answer = { status: 200, message: payloadText(result) };
  }
  const ms = performance.now() - started;
  await settleAfterResponse();
  return { ...answer, ms };
}

/** Screened first, as the server does; then the route's handler, or `missing` when it has none. */
async function answerScreened(request: Request, handler: ((screened: Request) => Promise<unknown>) | null, missing: Omit<Answer, 'ms'>): Promise<Answer> {
  const started = performance.now();
  const screened = await screenRequest(request);
  if (screened instanceof Response) return answerOf(request, async () => screened, started);
  if (!handler) return { ...missing, ms: performance.now() - started };
  return answerOf(request, () => handler(screened), started);
}

export function post(module: RouteModule, request: Request, params: Record<string, string>): Promise<Answer> {
  const { action } = module;
  // Remix checks Origin against Host (or X-Forwarded-Host) before any page action and throws:
  // a 500 unless the screened request names the site (issue 25 item 4).
  const run = action
    ? async (screened: Request) => {
        throwIfPotentialCSRFAttack(screened.headers);
        return action({ request: screened, params, context: {} });
      }
    : null;
  // Remix's 405, as secureResponse words it (the harness calls the handlers, not Remix).
  return answerScreened(request, run, { status: 405, message: REQUEST_REFUSALS.method(request.method) });
}

export function get(module: RouteModule, request: Request, params: Record<string, string>): Promise<Answer> {
  const { loader } = module;
  return answerScreened(request, loader ? async (screened) => loader({ request: screened, params, context: {} }) : null, { status: 200, message: '' });
}

/**
 * Every table's row count and an order-free checksum of its rows (the sum of a 64-bit hash of
 * each row's text: no sort, a tenth of the time of hashing the rows in order, and a refused post
 * changes nothing, so any change shows), except the counters a refused attempt is meant to change
 * (`rate_limits`: sign-in throttling counts wrong passwords), and the uploads folder's files.
 */
const COUNTED_BY_REFUSALS = new Set(['rate_limits']);

let tableNames: string[] | undefined;

/** Rows of a raw query: PGlite's driver answers `{ rows }`, postgres.js the array itself. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

export async function fingerprint(): Promise<Record<string, string>> {
  tableNames ??= rowsOf<{ tablename: string }>(await db().execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map(
    (row) => row.tablename,
  );
  const names = tableNames.filter((name) => !COUNTED_BY_REFUSALS.has(name));
  const query = names
    .map((name) => `select '${name}' as t, count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) as h from "${name}" x`)
    .join(' union all ');
  const rows = rowsOf<{ t: string; h: string }>(await db().execute(sql.raw(query)));
  const prints: Record<string, string> = Object.fromEntries(rows.map((row) => [row.t, row.h]));
  prints['uploads folder'] = filesUnder(path.resolve(getEnv().STORAGE_DIR)).join('\n');
  return prints;
}

/** The names whose print differs. */
export function changedBetween(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => after[name] !== before[name]);
}

function filesUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.sort().flatMap((entry) => {
    const full = path.join(folder, entry);
    const stat = statSync(full);
    return stat.isDirectory() ? filesUnder(full) : [`${full} ${stat.size} ${stat.mtimeMs}`];
  });
}
