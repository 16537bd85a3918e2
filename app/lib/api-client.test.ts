import { describe, expect, it, vi } from 'vitest';
import { apiRequest, type ApiClientDeps } from './api-client';
import { NO_RESPONSE_MESSAGE } from './constants';

function harness(respond: () => Promise<Response>, currentPath = '/wallet?tab=history') {
  const deps: ApiClientDeps = {
    fetch: vi.fn(respond) as unknown as typeof fetch,
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
    const listed = await apiRequest('/x', {}, harness(() => json({ errors: ['Team name is taken', 'Try another'] }, 400)));
    expect(listed).toEqual({ ok: false, kind: 'invalid', status: 400, formErrors: ['Team name is taken', 'Try another'], fieldErrors: {} });
    const deps = harness(() => json({ errors: { email: 'A valid email is required', phone: ['Please enter a valid phone number'] } }, 400));
    const mapped = await apiRequest('/x', {}, deps);
    expect(mapped).toEqual({
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
    expect(result).toEqual({ ok: false, kind: 'failed', status: 409, message: 'The room is already fill for this event.' });
    expect(deps.toast).toHaveBeenCalledWith({ kind: 'error', message: 'The room is already fill for this event.' });
  });

  it('stays quiet for bodies without display, including empty and non-JSON ones', async () => {
    const quiet = harness(() => json({ message: 'saved' }));
    await apiRequest('/x', {}, quiet);
    expect(quiet.toast).not.toHaveBeenCalled();
    const empty = await apiRequest('/x', {}, harness(() => Promise.resolve(new Response(null, { status: 204 }))));
    expect(empty).toEqual({ ok: true, status: 204, data: null });
    const html = await apiRequest('/x', {}, harness(() => Promise.resolve(new Response('<h1>oops</h1>', { status: 500 }))));
    expect(html).toEqual({ ok: false, kind: 'failed', status: 500, message: null });
  });

  it('sends JSON accept and same-origin credentials, keeping caller headers', async () => {
    const deps = harness(() => json({}));
    await apiRequest('/x', { method: 'POST', headers: { 'Content-Type': 'application/json' } }, deps);
    const [, init] = vi.mocked(deps.fetch).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });
  });
});
