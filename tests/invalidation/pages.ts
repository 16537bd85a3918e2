import * as root from '~/root';
import { readsOf, unchangedSince, type Tag } from '~/db/write-watch.server';
import { hashPassword } from '~/services/accounts/password.server';
import { settleAfterResponse } from '~/services/platform/after-response.server';
import { PEER_HEADER } from '~/services/platform/peer.server';
import { createTestUser, signedInRequest } from '../helpers/users';
import { routeTable, type RouteEntry } from '../fuzz/route-table';

/**
 * What the safety net of decision 145 needs: a page as the response cache keeps it (the data
 * of the root's and the route's loaders, what they read and the mark taken before), the people
 * who look at pages and write, and requests served by the route modules as the server serves
 * them (an action for a post, a loader for a get).
 */
export type Viewer = 'visitor' | 'writer' | 'other rider' | 'staff';

export interface Person {
  id: string;
  email: string;
  /** The session's two cookies, as the browser sends them. */
  cookie: string;
}

export type People = Record<Exclude<Viewer, 'visitor'>, Person>;

/** The password of every rider made here. */
export const PASSWORD = 'correct horse';
let passwordHash: Promise<string> | undefined;

/** A signed-in rider; the password is hashed once per file (the hash is the costly part of a rider). */
export async function createPerson(fields: Parameters<typeof createTestUser>[0] = {}): Promise<Person> {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await createTestUser({ passwordHash: await passwordHash, ...fields });
  return { id: user.id, email: user.email, cookie: (await signedInRequest(user.id)).cookie };
}

/** The rider whose writes a row makes: a new one per row, so no row sees another's writes. */
export const createWriter = () =>
  createPerson({ firstname: 'Wanda', lastname: 'Writer', weightKg: 70, heightCm: 175, dob: '1990-05-01', gender: 2, country: 246 });

const ORIGIN = 'http://localhost';
let routes: RouteEntry[] | undefined;

/** The route a path names (its segments, parameters matching one segment, a splat the rest). */
function routeOf(path: string): { route: RouteEntry; params: Record<string, string> } {
  routes ??= routeTable();
  const parts = new URL(path, ORIGIN).pathname.split('/').filter(Boolean);
  let best: { route: RouteEntry; params: Record<string, string>; literals: number } | undefined;
  for (const route of routes) {
    const segments = route.segments.filter((segment) => !('optional' in segment && segment.optional));
    const splat = segments.at(-1);
    const hasSplat = splat !== undefined && 'param' in splat && splat.param === '*';
    if (hasSplat ? parts.length < segments.length : segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = segments.every((segment, index) => {
      if ('literal' in segment) return segment.literal === parts[index] && ++literals > 0;
      params[segment.param] = segment.param === '*' ? parts.slice(index).join('/') : decodeURIComponent(parts[index]);
      return true;
    });
    if (matches && (!best || literals > best.literals)) best = { route, params, literals };
  }
  if (!best) throw new Error(`No route for ${path}`);
  return best;
}

/** An answer as the browser (or a game client, a provider) would read it. */
export interface Answer {
  status: number;
  location: string | null;
  setCookies: string[];
  body: unknown;
}

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const type = result.headers.get('Content-Type') ?? '';
    const body = type.includes('json') ? await result.json() : await result.text();
    return { status: result.status, location: result.headers.get('Location'), setCookies: result.headers.getSetCookie(), body };
  }
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, setCookies: new Headers(init?.headers).getSetCookie(), body: data };
  }
  return { status: 200, location: null, setCookies: [], body: result };
}

/**
 * Serves a request with the route it names: a get with its loader, anything else with its
 * action, and after an action the work it left for after its answer — what the server does
 * with the request, minus the document render.
 */
export async function serve(request: Request): Promise<Answer> {
  const { route, params } = routeOf(request.url);
  const module = await route.load();
  const handler = request.method === 'GET' || request.method === 'HEAD' ? module.loader : module.action;
  if (!handler) throw new Error(`${route.id} has no ${request.method === 'GET' ? 'loader' : 'action'}`);
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (request.method !== 'GET') await settleAfterResponse();
  return answerOf(result);
}

export interface SendOptions {
  method?: string;
  /** A form (its fields) or a raw body (a provider's signed webhook). */
  body?: Record<string, string | Blob> | string;
  headers?: Record<string, string>;
  /** More cookies beside the viewer's session (a flow cookie an earlier answer set). */
  cookies?: string[];
  /** Game clients send the session token itself (api.activities). */
  bearer?: boolean;
}

function cookieOf(setCookie: string): string {
  return setCookie.split(';')[0];
}

/** A request from a viewer to a path of the site, as a browser (or a game client) sends it. */
export function requestFrom(viewer: Viewer, people: People, path: string, options: SendOptions = {}): Request {
  const headers = new Headers({ Origin: ORIGIN, [PEER_HEADER]: '192.0.2.1', ...options.headers });
  const cookies = (options.cookies ?? []).map(cookieOf);
  if (viewer !== 'visitor' && options.bearer) {
    headers.set('Authorization', `Bearer ${decodeURIComponent(/paceline_token=([^;]+)/.exec(people[viewer].cookie)?.[1] ?? '')}`);
  } else if (viewer !== 'visitor') cookies.unshift(people[viewer].cookie);
  if (cookies.length > 0) headers.set('Cookie', cookies.join('; '));
  let body: BodyInit | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.body)) form.append(name, value);
    body = form;
  }
  return new Request(new URL(path, ORIGIN), { method: options.method ?? (body === undefined ? 'GET' : 'POST'), body, headers });
}

/** Posts a form to a route's action as the browser does (the route's own URL). */
export function post(
  path: string,
  viewer: Viewer,
  people: People,
  fields: Record<string, string | Blob>,
  options: Omit<SendOptions, 'body'> = {},
): Promise<Answer> {
  return serve(requestFrom(viewer, people, path, { ...options, body: fields }));
}

/**
 * Runs `work` with the network answered by the site itself: the sandboxes (the payment
 * provider's webhook delivery, the OAuth provider's token endpoint) call the site's own routes
 * over HTTP, as they do in production; here the route modules serve them. Any other address
 * fails, as there is no network in the tests.
 */
export async function withSiteNetwork<T>(work: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const pending: Array<Promise<unknown>> = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!['localhost', '127.0.0.1'].includes(new URL(request.url).hostname)) throw new Error(`No network in the tests: ${request.url}`);
    const answered = serve(request).then(({ status, body }) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
    pending.push(answered.catch(() => undefined));
    return answered;
  };
  try {
    const value = await work();
    // Deliveries the site fired without waiting (a webhook) are part of the write.
    await Promise.all(pending);
    return value;
  } finally {
    globalThis.fetch = realFetch;
  }
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
  const { value, reads, mark } = await readsOf(async () => {
    const context = {};
    const request = requestFrom(viewer, people, path);
    const run = async (loader: ((args: never) => unknown) | undefined) => {
      try {
        return await answerOf(await loader?.({ request, params, context } as never));
      } catch (thrown) {
        return answerOf(thrown);
      }
    };
    return { root: await run(root.loader), page: await run(module.loader) };
  });
  return { path, viewer, shown: JSON.stringify(value, clockFree), reads, mark };
}

/** Whether the response cache would still answer with this kept page. */
export const stillKept = (page: KeptPage) => unchangedSince(page.reads, page.mark);

/**
 * A page as the response cache keeps it: a render that wrote what it read (the day's first
 * look at the rides fits and stores the power models) is not kept, the next one is.
 */
export async function keptRender(path: string, viewer: Viewer, people: People): Promise<KeptPage> {
  const first = await renderPage(path, viewer, people);
  if (stillKept(first)) return first;
  const second = await renderPage(path, viewer, people);
  if (!stillKept(second)) throw new Error(`${viewer} ${path} writes what it reads on every render: it is never kept`);
  return second;
}
