import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { subscribers } from '~/db/schema';
import { action } from './route';

const { db } = setUpTestDatabase();

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return action({
    request: new Request('http://localhost/subscribe', { method: 'POST', body: new URLSearchParams(fields), headers }),
    params: {},
    context: {},
  });
}

describe('POST /subscribe', () => {
  it('stores a valid e-mail (trimmed, lower-cased) and answers the fetcher', async () => {
    const response = await post({ email: '  Rider@Example.COM ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscribed: true });
    expect(await db().select({ email: subscribers.email }).from(subscribers)).toEqual([{ email: 'rider@example.com' }]);
  });

  it('treats subscribing twice as a success and keeps one row', async () => {
    await post({ email: 'twice@example.com' });
    const again = await post({ email: 'TWICE@example.com' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ subscribed: true });
    const rows = await db().select().from(subscribers);
    expect(rows.filter((row) => row.email === 'twice@example.com')).toHaveLength(1);
  });

  it('rejects an invalid or missing e-mail with 400 and stores nothing', async () => {
    const before = (await db().select().from(subscribers)).length;
    for (const email of ['not-an-email', '']) {
      const response = await post({ email });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ subscribed: false, result: { error: { email: ['A valid email is required'] } } });
    }
    expect(await db().select().from(subscribers)).toHaveLength(before);
  });

  it('sends a form post without JavaScript back to its page with a toast, never to another site', async () => {
    const ok = await post({ email: 'nojs@example.com', redirectTo: '/faqs?x=1' }, { 'Sec-Fetch-Dest': 'document' });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('Location')).toBe('/faqs?x=1');
    expect(ok.headers.get('Set-Cookie')).toContain('paceline_toast=');
    const bad = await post({ email: 'nope', redirectTo: '//evil.example' }, { 'Sec-Fetch-Dest': 'document' });
    expect(bad.headers.get('Location')).toBe('/');
    expect(decodeURIComponent(bad.headers.get('Set-Cookie') ?? '')).toContain('A valid email is required');
  });
});
