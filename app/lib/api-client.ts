import type { Toast } from './toast';
import { NO_RESPONSE_MESSAGE, SOMETHING_WENT_WRONG_MESSAGE } from './constants';
import { loginPath } from './login-path';

/**
 * The browser's client for calls made outside Remix forms (fetch from a component or a
 * machine's actor), applying the error catalogue of spec 3 §8:
 * - no response → the 'No response received…' toast;
 * - 401 → to login, keeping the current path and query as `redirect`;
 * - 400 with errors → returned as form errors;
 * - a body with `display` → a success (2xx) or error toast with its message.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; kind: 'no-response' }
  | { ok: false; kind: 'unauthorized'; status: 401 }
  | { ok: false; kind: 'invalid'; status: 400; formErrors: string[]; fieldErrors: Record<string, string[]>; body: unknown }
  | { ok: false; kind: 'failed'; status: number; message: string | null; body: unknown };

export type ApiFailure = Exclude<ApiResult<unknown>, { ok: true }>;

export interface ApiClientDeps {
  fetch: typeof fetch;
  toast: (toast: Toast) => void;
  /** Leaves the page (a full navigation, so the server's guard runs). */
  navigate: (url: string) => void;
  /** The current path and query, e.g. '/wallet?tab=2'. */
  currentPath: () => string;
}

/**
 * Leaving for login, once per page. A lost session is noticed by whoever asks next: the session
 * machine, a JSON call, a polling machine, often several at once. Each used to start its own
 * navigation, and a second `location.assign` while the first is pending cancels it and starts
 * again (a page polling every 2 s against a slow login page never left), while the session
 * machine's client-side navigation raced the seam's document navigation. The first caller
 * leaves; the others find the page already leaving. A page the browser restores from its
 * back-forward cache is a page again (`reset`).
 */
export function oneDeparture(assign: (url: string) => void) {
  let leaving = false;
  return {
    leave(url: string): boolean {
      if (leaving) return false;
      leaving = true;
      assign(url);
      return true;
    },
    reset() {
      leaving = false;
    },
  };
}

let browserDeparture: ReturnType<typeof oneDeparture> | null = null;

/** A full navigation to `url` (the server's guard runs), unless this page is already leaving for login. */
export function leaveForLogin(url: string): void {
  if (!browserDeparture) {
    const departure = oneDeparture((to) => window.location.assign(to));
    window.addEventListener('pageshow', (event) => event.persisted && departure.reset());
    browserDeparture = departure;
  }
  browserDeparture.leave(url);
}

/** The seam's real browser: window.fetch, the toaster, the one departure for login, the current path. */
export function browserDeps(): ApiClientDeps {
  return {
    fetch: (...args) => window.fetch(...args),
    toast: (toast) => window.dispatchEvent(new CustomEvent('paceline:toast', { detail: toast })),
    navigate: leaveForLogin,
    currentPath: () => `${window.location.pathname}${window.location.search}`,
  };
}

interface CatalogueBody {
  display?: unknown;
  message?: unknown;
  errors?: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asCatalogueBody(body: unknown): CatalogueBody {
  return body && typeof body === 'object' && !Array.isArray(body) ? body : {};
}

/** `errors` may be a list of messages or a map of field → message(s). */
function splitErrors(errors: unknown): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  if (typeof errors === 'string') return { formErrors: [errors], fieldErrors: {} };
  if (Array.isArray(errors)) return { formErrors: errors.map(String), fieldErrors: {} };
  const fieldErrors: Record<string, string[]> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors)) {
      fieldErrors[field] = Array.isArray(value) ? value.map(String) : [String(value)];
    }
  }
  return { formErrors: [], fieldErrors };
}

function loginUrlFor(currentPath: string): string {
  return loginPath(currentPath, 'session_expired');
}

function landedOnLogin(response: Response): boolean {
  if (!response.redirected || !response.url) return false;
  return new URL(response.url).pathname === '/auth/login';
}

export async function apiRequest<T = unknown>(input: string, init: RequestInit = {}, deps: ApiClientDeps = browserDeps()): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await deps.fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    deps.toast({ kind: 'error', message: NO_RESPONSE_MESSAGE });
    return { ok: false, kind: 'no-response' };
  }
  // The page guard answers a lost session with a redirect to login, which fetch follows: same outcome as a 401.
  if (response.status === 401 || landedOnLogin(response)) {
    deps.navigate(loginUrlFor(deps.currentPath()));
    return { ok: false, kind: 'unauthorized', status: 401 };
  }
  const body = await readBody(response);
  const { display, message, errors } = asCatalogueBody(body);
  const displayMessage = display && typeof message === 'string' && message ? message : null;
  if (displayMessage) deps.toast({ kind: response.ok ? 'success' : 'error', message: displayMessage });
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  if (response.status === 400 && errors !== undefined) {
    return { ok: false, kind: 'invalid', status: 400, ...splitErrors(errors), body };
  }
  return { ok: false, kind: 'failed', status: response.status, message: typeof message === 'string' ? message : null, body };
}

function failureMessage(failure: ApiFailure): string {
  if (failure.kind === 'no-response') return NO_RESPONSE_MESSAGE;
  if (failure.kind === 'failed' && failure.message) return failure.message;
  return SOMETHING_WENT_WRONG_MESSAGE;
}

/** A call that did not produce the answer the caller asked for; the catalogue has already told the rider. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failureMessage(failure));
    this.name = 'ApiError';
  }
}

/**
 * The seam's everyday form: the JSON body of the answer, with the catalogue applied. No response and a
 * lost session reject with ApiError (after the toast or the trip to login); so does any other failure,
 * unless its status is in `answers`, the statuses whose JSON body the caller reads as a domain answer
 * (e.g. 400 `{ ok: false, message }`).
 */
export async function apiJson<T>(input: string, init: RequestInit = {}, options: { answers?: number[]; deps?: ApiClientDeps } = {}): Promise<T> {
  const result = await apiRequest<T>(input, init, options.deps);
  if (result.ok) return result.data;
  if ((result.kind === 'failed' || result.kind === 'invalid') && options.answers?.includes(result.status) && result.body !== null) return result.body as T;
  throw new ApiError(result);
}

/** A network failure (fetch rejects with a TypeError), as opposed to an answer from the server. */
export function isNoResponse(error: unknown): boolean {
  return error instanceof TypeError;
}

export const NO_RESPONSE_ANSWER = { noResponse: true, ok: false, messages: [NO_RESPONSE_MESSAGE] } as const;
export type NoResponseAnswer = typeof NO_RESPONSE_ANSWER;

/**
 * The seam for Remix forms and fetchers: a route's `clientAction` posts through this, so a lost network
 * shows the 'No response received…' toast and answers NO_RESPONSE_ANSWER instead of the error boundary.
 *   export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => serverActionThroughSeam(serverAction);
 *   export const shouldRevalidate = keepLoadersAfterNoResponse;
 */
export async function serverActionThroughSeam<T>(
  serverAction: () => Promise<T>,
  deps: Pick<ApiClientDeps, 'toast'> = browserDeps(),
): Promise<T | NoResponseAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    if (!isNoResponse(error)) throw error;
    deps.toast({ kind: 'error', message: NO_RESPONSE_MESSAGE });
    return NO_RESPONSE_ANSWER;
  }
}

type RevalidationArgs = { actionResult?: unknown; defaultShouldRevalidate: boolean };

/** After a no-response answer the loaders would fail the same way: keep what the page shows. */
export function keepLoadersAfterNoResponse({ actionResult, defaultShouldRevalidate }: RevalidationArgs): boolean {
  const noResponse = Boolean(actionResult && typeof actionResult === 'object' && 'noResponse' in actionResult);
  return noResponse ? false : defaultShouldRevalidate;
}

/**
 * For a route whose action answers a refusal as `{ ok: false, … }` with a 4xx: keep the loaders after a
 * refusal (and after no response, which answers the same shape). Single fetch skips revalidation after a
 * 4xx, but a clientAction hands the router plain data, so without this the router would reload the page's
 * loaders as if the action had succeeded, and a loader that redirects on what the refusal reports (the
 * wizard's "already registered" → /events) would take the rider away from the popup explaining it.
 */
export function keepLoadersAfterRefusal({ actionResult, defaultShouldRevalidate }: RevalidationArgs): boolean {
  const refused = Boolean(actionResult && typeof actionResult === 'object' && 'ok' in actionResult && actionResult.ok === false);
  return refused ? false : defaultShouldRevalidate;
}
