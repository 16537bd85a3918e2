import type { Toast } from '~/machines/toast.machine';
import { NO_RESPONSE_MESSAGE } from './constants';

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
  | { ok: false; kind: 'invalid'; status: 400; formErrors: string[]; fieldErrors: Record<string, string[]> }
  | { ok: false; kind: 'failed'; status: number; message: string | null };

export interface ApiClientDeps {
  fetch: typeof fetch;
  toast: (toast: Toast) => void;
  /** Leaves the page (a full navigation, so the server's guard runs). */
  navigate: (url: string) => void;
  /** The current path and query, e.g. '/wallet?tab=2'. */
  currentPath: () => string;
}

function browserDeps(): ApiClientDeps {
  return {
    fetch: (...args) => window.fetch(...args),
    toast: (toast) => window.dispatchEvent(new CustomEvent('paceline:toast', { detail: toast })),
    navigate: (url) => window.location.assign(url),
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
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as CatalogueBody) : {};
}

/** `errors` may be a list of messages or a map of field → message(s). */
export function splitErrors(errors: unknown): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
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

export function loginUrlFor(currentPath: string): string {
  return `/auth/login?${new URLSearchParams({ redirect: currentPath, reason: 'session_expired' })}`;
}

export async function apiRequest<T = unknown>(input: string, init: RequestInit = {}, deps: ApiClientDeps = browserDeps()): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await deps.fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    deps.toast({ kind: 'error', message: NO_RESPONSE_MESSAGE });
    return { ok: false, kind: 'no-response' };
  }
  if (response.status === 401) {
    deps.navigate(loginUrlFor(deps.currentPath()));
    return { ok: false, kind: 'unauthorized', status: 401 };
  }
  const body = await readBody(response);
  const { display, message, errors } = asCatalogueBody(body);
  const displayMessage = display && typeof message === 'string' && message ? message : null;
  if (displayMessage) deps.toast({ kind: response.ok ? 'success' : 'error', message: displayMessage });
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  if (response.status === 400 && errors !== undefined) {
    return { ok: false, kind: 'invalid', status: 400, ...splitErrors(errors) };
  }
  return { ok: false, kind: 'failed', status: response.status, message: typeof message === 'string' ? message : null };
}
