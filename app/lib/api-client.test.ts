import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiJson,
  apiRequest,
  keepLoadersAfterNoResponse,
  keepLoadersAfterRefusal,
  NO_RESPONSE_ANSWER,
  oneDeparture,
  serverActionThroughSeam,
  type ApiClientDeps,
} from './api-client';
import { NO_RESPONSE_MESSAGE } from './constants';

function harness(respond: () => Promise<Response>, currentPath = '/wallet?tab=history') {
  const deps: ApiClientDeps = {
    fetch: vi.fn(respond),
    toast: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => currentPath,
  };
  return deps;
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('apiRequest (spec 3 §8 error catalogue)', () => {
  it('shows the no-response toast when the request never gets an answer', async () => {
    const deps = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await apiRequest('/teams/join', { method: 'POST' }, deps);
    expect(result).toEqual({ ok: false, kind: 'no-response' });
    expect(deps.toast).toHaveBeenCalledWith({ kind: 'error', message: NO_RESPONSE_MESSAGE });
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('sends a 401 to login with the current path and query as redirect', async () => {
    const deps = harness(() => json({ message: 'expired' }, 401));
    const result = await apiRequest('/wallet/balance', {}, deps);
    expect(result).toMatchObject({ ok: false, kind: 'unauthorized' });
    const url = new URL(vi.mocked(deps.navigate).mock.calls[0][0], 'http://localhost');
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/wallet?tab=history');
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('returns 400 errors as form and field errors without a toast', async () => {
    const listed = await apiRequest(
      '/x',
      {},
      harness(() => json({ errors: ['Team name is taken', 'Try another'] }, 400)),
    );
    expect(listed).toMatchObject({ ok: false, kind: 'invalid', status: 400, formErrors: ['Team name is taken', 'Try another'], fieldErrors: {} });
    const deps = harness(() => json({ errors: { email: 'A valid email is required', phone: ['Please enter a valid phone number'] } }, 400));
    const mapped = await apiRequest('/x', {}, deps);
    expect(mapped).toMatchObject({
      ok: false,
      kind: 'invalid',
      status: 400,
      formErrors: [],
      fieldErrors: { email: ['A valid email is required'], phone: ['Please enter a valid phone number'] },
    });
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('shows a success toast for a 2xx body with display and returns the body', async () => {
    const deps = harness(() => json({ display: true, message: 'Team joined', team: { id: 4 } }));
    const result = await apiRequest<{ team: { id: number } }>('/teams/join', { method: 'POST' }, deps);
    expect(result).toMatchObject({ ok: true, status: 200, data: { team: { id: 4 } } });
    expect(deps.toast).toHaveBeenCalledWith({ kind: 'success', message: 'Team joined' });
  });

  it('shows an error toast for a failed body with display', async () => {
    const deps = harness(() => json({ display: true, message: 'The room is already fill for this event.' }, 409));
    const result = await apiRequest('/event/1/register', { method: 'POST' }, deps);
    expect(result).toMatchObject({ ok: false, kind: 'failed', status: 409, message: 'The room is already fill for this event.' });
    expect(deps.toast).toHaveBeenCalledWith({ kind: 'error', message: 'The room is already fill for this event.' });
  });

  it('stays quiet for bodies without display, including empty and non-JSON ones', async () => {
    const quiet = harness(() => json({ message: 'saved' }));
    await apiRequest('/x', {}, quiet);
    expect(quiet.toast).not.toHaveBeenCalled();
    const empty = await apiRequest(
      '/x',
      {},
      harness(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    expect(empty).toEqual({ ok: true, status: 204, data: null });
    const html = await apiRequest(
      '/x',
      {},
      harness(() => Promise.resolve(new Response('<h1>oops</h1>', { status: 500 }))),
    );
    expect(html).toMatchObject({ ok: false, kind: 'failed', status: 500, message: null });
  });

  it('sends JSON accept and same-origin credentials, keeping caller headers', async () => {
    const deps = harness(() => json({}));
    await apiRequest('/x', { method: 'POST', headers: { 'Content-Type': 'application/json' } }, deps);
    const [, init] = vi.mocked(deps.fetch).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });
  });
});

describe('apiJson and the form seam', () => {
  it('returns the body, or a 400 body the caller reads as an answer', async () => {
    expect(await apiJson('/x', {}, { deps: harness(() => json({ signedIn: true })) })).toEqual({ signedIn: true });
    expect(await apiJson('/x', {}, { answers: [400], deps: harness(() => json({ ok: false, message: 'Wrong code' }, 400)) })).toEqual({
      ok: false,
      message: 'Wrong code',
    });
  });

  it('rejects with the catalogue message after the toast when nothing answers', async () => {
    const deps = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiJson('/x', {}, { deps })).rejects.toThrow(NO_RESPONSE_MESSAGE);
    expect(deps.toast).toHaveBeenCalledWith({ kind: 'error', message: NO_RESPONSE_MESSAGE });
  });

  it('treats a guard redirect to login like a 401', async () => {
    const landed = new Response('<html>login</html>', { status: 200 });
    Object.defineProperty(landed, 'redirected', { value: true });
    Object.defineProperty(landed, 'url', { value: 'http://localhost/auth/login?redirect=%2Fuser%2Factivities' });
    const deps = harness(() => Promise.resolve(landed), '/user/activities');
    await expect(apiJson('/user/activities/list', {}, { deps })).rejects.toBeInstanceOf(ApiError);
    expect(new URL(vi.mocked(deps.navigate).mock.calls[0][0], 'http://localhost').searchParams.get('redirect')).toBe('/user/activities');
  });

  it('turns a Remix action that got no response into the no-response answer, and keeps the loaders', async () => {
    const toast = vi.fn();
    expect(await serverActionThroughSeam(() => Promise.reject(new TypeError('Failed to fetch')), { toast })).toBe(NO_RESPONSE_ANSWER);
    expect(toast).toHaveBeenCalledWith({ kind: 'error', message: NO_RESPONSE_MESSAGE });
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- Remix rejects with a Response (a redirect): the seam passes it on
    await expect(serverActionThroughSeam(() => Promise.reject(new Response(null, { status: 302 })), { toast })).rejects.toBeInstanceOf(Response);
    expect(keepLoadersAfterNoResponse({ actionResult: NO_RESPONSE_ANSWER, defaultShouldRevalidate: true })).toBe(false);
    expect(keepLoadersAfterNoResponse({ actionResult: { ok: true }, defaultShouldRevalidate: true })).toBe(true);
  });

  it('keeps the loaders after a refusal or no response, and revalidates as usual otherwise', () => {
    expect(
      keepLoadersAfterRefusal({ actionResult: { ok: false, messages: ['You are already registered for this event.'] }, defaultShouldRevalidate: true }),
    ).toBe(false);
    expect(keepLoadersAfterRefusal({ actionResult: NO_RESPONSE_ANSWER, defaultShouldRevalidate: true })).toBe(false);
    expect(keepLoadersAfterRefusal({ actionResult: { ok: true }, defaultShouldRevalidate: true })).toBe(true);
    expect(keepLoadersAfterRefusal({ actionResult: undefined, defaultShouldRevalidate: false })).toBe(false);
  });
});

describe('oneDeparture (leaving for login once per page)', () => {
  it('navigates for the first caller only: the session machine, a JSON call and a poll finding the session gone together leave once', () => {
    const assign = vi.fn();
    const departure = oneDeparture(assign);
    expect(departure.leave('/auth/login?redirect=%2Fwallet&reason=session_expired')).toBe(true);
    expect(departure.leave('/auth/login?redirect=%2Fwallet&reason=session_revoked')).toBe(false);
    expect(departure.leave('/auth/login?redirect=%2Fwallet&reason=session_expired')).toBe(false);
    expect(assign.mock.calls).toEqual([['/auth/login?redirect=%2Fwallet&reason=session_expired']]);
  });

  it('lets a page restored from the back-forward cache leave again', () => {
    const assign = vi.fn();
    const departure = oneDeparture(assign);
    departure.leave('/auth/login?redirect=%2F');
    departure.reset();
    departure.leave('/auth/login?redirect=%2Fteams');
    expect(assign).toHaveBeenCalledTimes(2);
  });
});
