import * as root from '~/root';
import { readsOf, unchangedSince, type Tag } from '~/db/write-watch.server';
import { settleAfterResponse } from '~/services/platform/after-response.server';
import { createTestUser, signedInRequest } from '../helpers/users';
import { routeTable, urlOf, type RouteEntry } from '../fuzz/route-table';

/**
 * What the safety net of decision 145 needs: a page as the response cache keeps it (the data
 * of the root's and the route's loaders, what they read and the mark taken before), the people
 * who look at pages and write, and a post to an action as the browser sends it.
 */
export type Viewer = 'visitor' | 'writer' | 'other rider' | 'staff';

export interface People {
  writer: { id: string; cookie: string };
  'other rider': { id: string; cookie: string };
  staff: { id: string; cookie: string };
}

export async function createPeople(): Promise<People> {
  const person = async (fields: Parameters<typeof createTestUser>[0]) => {
    const user = await createTestUser(fields);
    return { id: user.id, cookie: (await signedInRequest(user.id)).cookie };
  };
  return {
    writer: await person({ firstname: 'Wanda', lastname: 'Writer', weightKg: 70, heightCm: 175, dob: '1990-05-01', gender: 2, country: 246 }),
    'other rider': await person({ firstname: 'Otto', lastname: 'Other', weightKg: 80 }),
    staff: await person({ firstname: 'Stella', lastname: 'Staff', role: 'staff' }),
  };
}

const ORIGIN = 'http://localhost';
let routes: RouteEntry[] | undefined;

/** The route a path names (its segments, parameters matching any one segment). */
function routeOf(path: string): { route: RouteEntry; params: Record<string, string> } {
  routes ??= routeTable();
  const parts = new URL(path, ORIGIN).pathname.split('/').filter(Boolean);
  let best: { route: RouteEntry; params: Record<string, string>; literals: number } | undefined;
  for (const route of routes) {
    const segments = route.segments.filter((segment) => !('optional' in segment && segment.optional));
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = segments.every((segment, index) => {
      if ('literal' in segment) return segment.literal === parts[index] && ++literals > 0;
      params[segment.param] = decodeURIComponent(parts[index]);
      return true;
    });
    if (matches && (!best || literals > best.literals)) best = { route, params, literals };
  }
  if (!best) throw new Error(`No route for ${path}`);
  return best;
}

function requestAs(viewer: Viewer, people: People, url: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (viewer !== 'visitor') headers.set('Cookie', people[viewer].cookie);
  return new Request(url, { ...init, headers });
}

async function payloadOf(result: unknown): Promise<unknown> {
  if (result instanceof Response) {
    const type = result.headers.get('Content-Type') ?? '';
    return { status: result.status, location: result.headers.get('Location'), body: type.includes('json') ? await result.json() : await result.text() };
  }
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit') return (result as { data: unknown }).data;
  return result;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A kept page may show the clock up to its seconds late (decision 102: "updated just now"):
 * times within a minute of now are compared as 'now', so only what the database says counts.
 */
function clockFree(_key: string, item: unknown): unknown {
  if (typeof item === 'bigint') return item.toString();
  if (typeof item === 'string' && ISO_TIME.test(item) && Math.abs(Date.parse(item) - Date.now()) < 60_000) return 'now';
  return item;
}

export interface KeptPage {
  path: string;
  viewer: Viewer;
  /** The loaders' data as JSON: what the kept document was rendered from. */
  shown: string;
  reads: ReadonlySet<Tag>;
  mark: number;
}

/** Renders a page's data as a `GET` does, recording its reads as the response cache does. */
export async function renderPage(path: string, viewer: Viewer, people: People): Promise<KeptPage> {
  const { route, params } = routeOf(path);
  const module = await route.load();
  const url = `${ORIGIN}${path}`;
  const { value, reads, mark } = await readsOf(async () => {
    const context = {};
    const request = requestAs(viewer, people, url);
    const run = async (loader: ((args: never) => unknown) | undefined) => {
      try {
        return await payloadOf(await loader?.({ request, params, context } as never));
      } catch (thrown) {
        return payloadOf(thrown);
      }
    };
    return { root: await run(root.loader as never), page: await run(module.loader as never) };
  });
  return { path, viewer, shown: JSON.stringify(value, clockFree), reads, mark };
}

/** Whether the response cache would still answer with this kept page. */
export const stillKept = (page: KeptPage) => unchangedSince(page.reads, page.mark);

/** Posts a form to a route's action as the browser does (the route's own URL), and waits for its after-response work. */
export async function post(path: string, viewer: Viewer, people: People, fields: Record<string, string | Blob>, { bearer = false } = {}): Promise<unknown> {
  const { route, params } = routeOf(path);
  const module = await route.load();
  if (!module.action) throw new Error(`${route.id} has no action`);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const headers: Record<string, string> = { Origin: ORIGIN, 'X-Paceline-Peer': '192.0.2.1' };
  // Game clients send the session token itself (api.activities).
  if (bearer && viewer !== 'visitor') headers.Authorization = `Bearer ${decodeURIComponent(/paceline_token=([^;]+)/.exec(people[viewer].cookie)?.[1] ?? '')}`;
  const request = requestAs(bearer ? 'visitor' : viewer, people, `${ORIGIN}${path}`, { method: 'POST', body, headers });
  let result: unknown;
  try {
    result = await module.action({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  await settleAfterResponse();
  return payloadOf(result);
}

export { urlOf };
