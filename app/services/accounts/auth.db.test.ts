import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { thrownResponse } from '../../../tests/helpers/responses';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { getOptionalUser, logout, requireAdultRider, requireAdultRiderRow, requireStaff, requireUser, requireUserRow } from './auth.server';
import { revokeAllSessions } from './session.server';

setUpTestDatabase();

describe('the session guard', () => {
  it('sends a visitor without cookies to login with session_expired and the full path', async () => {
    const response = await thrownResponse(requireUser(new Request('http://localhost/event/7?step=2')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/auth/login?redirect=%2Fevent%2F7%3Fstep%3D2&reason=session_expired');
  });

  it('clears both cookies and says token_expired when the session was revoked', async () => {
    const user = await createTestUser();
    const { request, sessionId } = await signedInRequest(user.id, 'http://localhost/user/profile');
    expect((await requireUser(request)).id).toBe(user.id);
    await revokeAllSessions(user.id);
    const response = await thrownResponse(requireUser(request));
    expect(response.headers.get('Location')).toBe('/auth/login?redirect=%2Fuser%2Fprofile&reason=token_expired');
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((cookie) => cookie.startsWith('paceline_uuid=;'))).toBe(true);
    expect(cleared.some((cookie) => cookie.startsWith('paceline_token=;'))).toBe(true);
    expect(sessionId.length).toBeGreaterThanOrEqual(43);
  });

  it('reads the session row and the account on every request, though a token signature is checked once', async () => {
    const user = await createTestUser();
    const { request } = await signedInRequest(user.id, 'http://localhost/user/profile');
    expect((await getOptionalUser(request, {}))?.firstname).toBe('Test');
    await db().update(users).set({ firstname: 'Renamed' }).where(eq(users.id, user.id));
    expect((await getOptionalUser(request, {}))?.firstname).toBe('Renamed');
    await db().update(users).set({ status: 'pending' }).where(eq(users.id, user.id));
    expect(await getOptionalUser(request, {})).toBeNull();
    const response = await thrownResponse(requireUserRow(request, {}));
    expect(response.headers.get('Location')).toBe('/auth/login?redirect=%2Fuser%2Fprofile&reason=token_expired');
  });

  it('shares one session lookup between the loaders of a GET request, never across requests or for actions', async () => {
    const user = await createTestUser();
    const { request } = await signedInRequest(user.id, 'http://localhost/user/activities');
    const context = {};
    expect((await getOptionalUser(request, context))?.id).toBe(user.id);
    await revokeAllSessions(user.id);
    // The route's guard in the same request reuses the root loader's lookup (one read, not two)…
    expect((await requireUserRow(request, context)).email).toBe(user.email);
    // …while another request, a call without the request's context, or an action reads afresh.
    expect(await getOptionalUser(request, {})).toBeNull();
    expect(await getOptionalUser(request)).toBeNull();
    const fresh = await signedInRequest(user.id, 'http://localhost/user/activities', { method: 'POST' });
    const postContext = {};
    expect((await getOptionalUser(fresh.request, postContext))?.id).toBe(user.id);
    await revokeAllSessions(user.id);
    const response = await thrownResponse(requireUserRow(fresh.request, postContext));
    expect(response.headers.get('Location')).toContain('reason=token_expired');
  });

  it('rejects a token signed for another user id', async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const { cookie } = await signedInRequest(owner.id);
    const forged = cookie.replace(owner.id, other.id);
    expect(await getOptionalUser(new Request('http://localhost/', { headers: { Cookie: forged } }))).toBeNull();
  });

  it('refuses staff pages to riders on the server', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id);
    expect((await thrownResponse(requireStaff(request))).status).toBe(403);
    const staff = await createTestUser({ role: 'staff' });
    expect((await requireStaff((await signedInRequest(staff.id)).request)).isStaff).toBe(true);
  });

  it('logout deletes the session row', async () => {
    const user = await createTestUser();
    const { request } = await signedInRequest(user.id);
    await logout(request);
    expect(await getOptionalUser(request)).toBeNull();
  });

  it('keeps children out of adult areas with the refusal the area chose, and lets adults through', async () => {
    const kid = await createTestUser({ isKid: true });
    const adult = await createTestUser();
    const page = (await signedInRequest(kid.id, 'http://localhost/wallet')).request;
    const redirected = await thrownResponse(requireAdultRiderRow(page, { redirectTo: '/user/activities' }));
    expect([redirected.status, redirected.headers.get('Location')]).toEqual([302, '/user/activities']);
    const text = await thrownResponse(requireAdultRider(page, { status: 403, body: 'Adults only' }));
    expect([text.status, await text.text()]).toEqual([403, 'Adults only']);
    const json = await thrownResponse(requireAdultRider(page, { status: 403, body: { status: false, message: 'No kids' } }));
    expect([json.status, json.headers.get('Content-Type'), await json.json()]).toEqual([403, 'application/json', { status: false, message: 'No kids' }]);
    const { request } = await signedInRequest(adult.id, 'http://localhost/wallet');
    expect((await requireAdultRiderRow(request, { redirectTo: '/' }, {})).email).toBe(adult.email);
    expect((await requireAdultRider(request, { status: 403, body: 'x' })).id).toBe(adult.id);
  });
});
