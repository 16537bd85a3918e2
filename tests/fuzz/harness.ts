import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { throwIfPotentialCSRFAttack } from '@remix-run/server-runtime/dist/actions.js';
import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { settleAfterResponse } from '~/services/platform/after-response.server';
import { getEnv } from '~/services/platform/env.server';
import { screenRequest, secureResponse } from '~/services/platform/security.server';
import { createTestUser, signedInRequest } from '../helpers/users';
import type { RouteModule } from './route-table';

/**
 * What the fuzz suite sends and checks: a request answered the way server.mjs answers it
 * (screened, Remix's own Origin/Host check for a post, then the route's loader or action, then
 * the work left for after the response), the
 * identities it signs in as, and a fingerprint of every table and the uploads folder.
 */
export type Identity = 'signed out' | 'rider' | 'child' | 'staff';
export const IDENTITIES: Identity[] = ['signed out', 'rider', 'child', 'staff'];

export async function createIdentities(): Promise<Record<Exclude<Identity, 'signed out'>, string>> {
  const rider = await createTestUser({ firstname: 'Fuzz', lastname: 'Rider', weightKg: 70 });
  const child = await createTestUser({ firstname: 'Fuzz', lastname: 'Child', isKid: true, parentEmail: 'parent-of-fuzz@example.com', dob: '2015-05-05' });
  const staff = await createTestUser({ firstname: 'Fuzz', lastname: 'Staff', role: 'staff' });
  return { rider: rider.id, child: child.id, staff: staff.id };
}

/** A request as `identity` (a fresh session each time: an earlier post may have logged out). */
export async function requestAs(identity: Identity, users: Record<Exclude<Identity, 'signed out'>, string>, url: string, init: RequestInit): Promise<Request> {
  if (identity === 'signed out') return new Request(url, init);
  return (await signedInRequest(users[identity], url, init)).request;
}

export interface Answer {
  status: number;
  message: string;
  error?: unknown;
}

function payloadText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** The status and text the client would get; a thrown error is the 500 Remix would answer. */
async function answerOf(request: Request, run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  let answer: Answer;
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
  await settleAfterResponse();
  return answer;
}

/** Screened first, as the server does; then the route's handler, or `missing` when it has none. */
async function answerScreened(request: Request, handler: ((screened: Request) => Promise<unknown>) | null, missing: Answer): Promise<Answer> {
  const screened = await screenRequest(request);
  if (screened instanceof Response) return answerOf(request, async () => screened);
  if (!handler) return missing;
  return answerOf(request, () => handler(screened));
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
  return answerScreened(request, run, { status: 405, message: 'Method Not Allowed' });
}

export function get(module: RouteModule, request: Request, params: Record<string, string>): Promise<Answer> {
  const { loader } = module;
  return answerScreened(request, loader ? (screened) => loader({ request: screened, params, context: {} }) : null, { status: 200, message: '' });
}

/**
 * Every table's rows (hashed), except the counters a refused attempt is meant to change
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
    .map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`)
    .join(' union all ');
  const rows = rowsOf<{ t: string; h: string }>(await db().execute(sql.raw(query)));
  const prints: Record<string, string> = Object.fromEntries(rows.map((row) => [row.t, row.h]));
  prints['uploads folder'] = filesUnder(path.resolve(getEnv().STORAGE_DIR)).join('\n');
  return prints;
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
