import { describe, expect, it } from 'vitest';
import { loader as logoutLoader } from '~/routes/auth.logout/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { getOptionalUser } from '../accounts/auth.server';
import { REQUEST_ID_HEADER } from './after-response.server';
import { FLOW_REPORT_PATH } from '~/lib/flows/activity';
import { FORM_TEXT_MAX_BYTES, REQUEST_REFUSALS, screenRequest } from './security.server';

setUpTestDatabase();

// The site's origin in unit tests is http://localhost:3000 (SITE_URL unset, no server listening: decision 120).
const post = (body: BodyInit | null, headers: Record<string, string>, path = '/contact-us') =>
  new Request(`http://localhost:3000${path}`, { method: 'POST', body, headers });

async function refusedWith(request: Request) {
  const screened = await screenRequest(request);
  if (!(screened instanceof Response)) throw new Error('expected a refusal');
  return { status: screened.status, message: await screened.text() };
}

describe('screenRequest: page posts a Remix action can read, from our origin only (issue 15 items 9, 10)', () => {
  it('refuses a foreign Origin or a cross-site fetch with 403, on pages and /api alike', async () => {
    const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect(await refusedWith(post('a=1', { ...urlencoded, Origin: 'https://evil.example' }))).toEqual({ status: 403, message: REQUEST_REFUSALS.crossSite });
    expect((await refusedWith(post('', { ...urlencoded, 'Sec-Fetch-Site': 'cross-site' }, '/auth/logout'))).status).toBe(403);
    expect((await refusedWith(post('x', { Origin: 'null' }, '/api/activities'))).status).toBe(403);
    const same = await screenRequest(post('a=1', { ...urlencoded, Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' }));
    expect(same).toBeInstanceOf(Request);
    expect(await (same as Request).text()).toBe('a=1');
  });

  it('answers JSON, text and wrong content types with 415', async () => {
    expect(await refusedWith(post('{"email":"a@b.c"}', { 'Content-Type': 'application/json' }))).toEqual({
      status: 415,
      message: REQUEST_REFUSALS.contentType,
    });
    expect((await refusedWith(post('email=a', { 'Content-Type': 'text/plain' }))).status).toBe(415);
    expect((await refusedWith(post('email=a', {}))).status).toBe(415);
  });

  it("hands the flow activity report's text body on to its route (which caps and reads it), from our origin only", async () => {
    const text = { 'Content-Type': 'text/plain;charset=UTF-8' };
    const screened = await screenRequest(post('{"v":1,"m":[]}', { ...text, Origin: 'http://localhost:3000' }, FLOW_REPORT_PATH));
    expect(screened).toBeInstanceOf(Request);
    expect(await (screened as Request).text()).toBe('{"v":1,"m":[]}');
    expect((await refusedWith(post('{}', { ...text, Origin: 'https://evil.example' }, FLOW_REPORT_PATH))).status).toBe(403);
    expect((await refusedWith(post('{}', text, `${FLOW_REPORT_PATH}/more`))).status).toBe(415);
  });

  it('answers a truncated multipart body with 400', async () => {
    const truncated = '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nfan@exa';
    expect(await refusedWith(post(truncated, { 'Content-Type': 'multipart/form-data; boundary=b' }))).toEqual({
      status: 400,
      message: REQUEST_REFUSALS.unreadable,
    });
  });

  it('answers a NUL character in a field or a field name with 400', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect(await refusedWith(post('message=hello%00world', form))).toEqual({ status: 400, message: REQUEST_REFUSALS.nul });
    expect((await refusedWith(post('na%00me=x', form))).status).toBe(400);
    const multipart = new FormData();
    multipart.append('message', 'a\u0000b');
    expect((await refusedWith(new Request('http://localhost:3000/contact-us', { method: 'POST', body: multipart }))).status).toBe(400);
  });

  it('hands on a post with no body and no type as an empty form, which the action reads (issue 35 item 1)', async () => {
    const screened = await screenRequest(post(null, { Origin: 'http://localhost:3000' }, '/auth/login'));
    expect(screened).toBeInstanceOf(Request);
    expect((screened as Request).headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect([...(await (screened as Request).formData())]).toEqual([]);
    // A body without a type, or an empty one of another type, is still refused.
    expect((await refusedWith(post('a=1', {}))).status).toBe(415);
    expect((await refusedWith(post('', { 'Content-Type': 'application/json' }))).status).toBe(415);
  });

  it('refuses a form of more than 1 MB of text with 413, having read no more than that (issue 35 item 5)', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`message=${'a'.repeat(64 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const urlencoded = new Request('http://localhost:3000/contact-us', {
      method: 'POST',
      body: endless,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expect(await refusedWith(urlencoded)).toEqual({ status: 413, message: REQUEST_REFUSALS.textTooLarge });
    expect(pulled).toBeLessThan(FORM_TEXT_MAX_BYTES + 4 * chunk.byteLength);
    // In a multipart form the files may be larger; the text may not.
    const text = new FormData();
    text.append('message', 'b'.repeat(FORM_TEXT_MAX_BYTES + 1));
    expect(await refusedWith(new Request('http://localhost:3000/contact-us', { method: 'POST', body: text }))).toEqual({
      status: 413,
      message: REQUEST_REFUSALS.textTooLarge,
    });
    const file = new FormData();
    file.append('message', 'hello');
    file.append('proof', new Blob([new Uint8Array(2 * FORM_TEXT_MAX_BYTES)]), 'proof.png');
    expect(await screenRequest(new Request('http://localhost:3000/user/activities/import', { method: 'POST', body: file }))).toBeInstanceOf(Request);
  });

  it('hands on a readable form unchanged, multipart files included', async () => {
    const multipart = new FormData();
    multipart.append('email', 'fan@example.com');
    multipart.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'proof.png');
    const screened = await screenRequest(new Request('http://localhost:3000/user/activities/import', { method: 'POST', body: multipart }));
    const form = await (screened as Request).formData();
    expect(form.get('email')).toBe('fan@example.com');
    expect(new Uint8Array(await (form.get('file') as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe('screenRequest: the site origin, never the Host (issue 25 items 1 and 4, decision 120)', () => {
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const to = (host: string, headers: Record<string, string>, path = '/contact-us') =>
    new Request(`http://${host}${path}`, { method: 'POST', body: 'a=1', headers: { ...form, Host: host, ...headers } });

  it("refuses a forged Host with a matching Origin: the origin that counts is the site's", async () => {
    expect(await refusedWith(to('localhost:3955', { Origin: 'http://localhost:3955' }))).toEqual({ status: 403, message: REQUEST_REFUSALS.crossSite });
    expect((await refusedWith(to('localhost:3955', { Origin: 'http://localhost:3955' }, '/api/garage/redirect-to-checkout'))).status).toBe(403);
    expect((await refusedWith(to('127.0.0.1:3000', { Origin: 'http://127.0.0.1:3000' }))).status).toBe(403);
  });

  it('hands on a post from the site origin that reached another Host (127.0.0.1, [::1], a proxy) on the site origin', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000', 'internal-name:8080']) {
      const screened = await screenRequest(to(host, { Origin: 'http://localhost:3000', 'X-Forwarded-Host': 'evil.example' }));
      expect(screened, host).toBeInstanceOf(Request);
      expect((screened as Request).url).toBe('http://localhost:3000/contact-us');
      expect((screened as Request).headers.get('Host')).toBe('localhost:3000');
      expect((screened as Request).headers.has('X-Forwarded-Host')).toBe(false);
      expect(await (screened as Request).text()).toBe('a=1');
    }
  });

  it('reads and /api/ posts reach the routes on the site origin too', async () => {
    const read = (await screenRequest(
      new Request('http://evil.example:3955/user/activities?tab=files', { headers: { Host: 'evil.example:3955' } }),
    )) as Request;
    expect(read.url).toBe('http://localhost:3000/user/activities?tab=files');
    const api = (await screenRequest(to('evil.example:3955', {}, '/api/activities'))) as Request;
    expect(api.url).toBe('http://localhost:3000/api/activities');
    expect(await api.text()).toBe('a=1');
  });
});

describe('screenRequest: addresses and request ids (issue 15 item 9, decision 064)', () => {
  it('answers a NUL or a broken escape in the path with 400 on GET and POST', async () => {
    expect(await refusedWith(new Request('http://localhost:3000/sandbox/checkout/%00'))).toEqual({ status: 400, message: REQUEST_REFUSALS.address });
    expect((await refusedWith(post('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' }, '/event/%E0%A4%A'))).status).toBe(400);
    expect(await screenRequest(new Request('http://localhost:3000/event/%2F..%2F'))).toBeInstanceOf(Request);
  });

  it('answers a NUL in a query name or value with 400 on GET and POST (issue 35 item 2)', async () => {
    for (const query of ['search=%00', 'client_id=%00&redirect_uri=x', '%00=1', 'a=b%00c']) {
      expect(await refusedWith(new Request(`http://localhost:3000/wallet/transactions?${query}`)), query).toEqual({
        status: 400,
        message: REQUEST_REFUSALS.address,
      });
    }
    expect((await refusedWith(post('intent=authorize', { 'Content-Type': 'application/x-www-form-urlencoded' }, '/oauth/decision?client_id=%00'))).status).toBe(
      400,
    );
    // A %-sign that escapes nothing, or an escaped "%00" (text, not a NUL), is a query like any other.
    expect(await screenRequest(new Request('http://localhost:3000/wallet/transactions?search=%2500&q=%zz'))).toBeInstanceOf(Request);
  });

  it('tags every request with its own id, overwriting one a client sent', async () => {
    const first = (await screenRequest(new Request('http://localhost:3000/', { headers: { [REQUEST_ID_HEADER]: 'chosen-by-client' } }))) as Request;
    const second = (await screenRequest(new Request('http://localhost:3000/'))) as Request;
    expect(first.headers.get(REQUEST_ID_HEADER)).not.toBe('chosen-by-client');
    expect(first.headers.get(REQUEST_ID_HEADER)).not.toBe(second.headers.get(REQUEST_ID_HEADER));
  });
});

describe('logout changes state only on POST (issue 15 item 10)', () => {
  it('GET /auth/logout asks and leaves the session alive', async () => {
    const user = await createTestUser();
    const { request } = await signedInRequest(user.id, 'http://localhost:3000/auth/logout');
    expect(await logoutLoader({ request, params: {}, context: {} })).toBeNull();
    expect((await getOptionalUser(request))?.id).toBe(user.id);
    const visitor = await thrownResponse(logoutLoader({ request: new Request('http://localhost:3000/auth/logout'), params: {}, context: {} }));
    expect(visitor.headers.get('Location')).toBe('/');
  });
});
