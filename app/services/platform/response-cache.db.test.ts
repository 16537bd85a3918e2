import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { events, subscribers, teams } from '~/db/schema';
import { RESPONSE_CACHE_HEADER } from '~/lib/response-cache';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { cachedResponse, keepResponse, recordRender, releaseTicket, ticketFor } from './response-cache.server';

// The response cache's rules with per-tag invalidation (decision 145), as server.mjs drives it.
setUpTestDatabase();

let pages = 0;
/** One request for `url` as server.mjs answers it; `render` stands for Remix (its reads are recorded). */
async function request(url: string, render: () => Promise<string>): Promise<{ body: string; kept: boolean }> {
  const ticket = await ticketFor({ method: 'GET', origin: 'http://test', url, cookie: undefined, fetchDest: undefined });
  try {
    const kept = ticket && (await cachedResponse(ticket));
    if (kept) return { body: kept.body.toString(), kept: true };
    const response = await recordRender(ticket, async () => new Response(await render(), { headers: { [RESPONSE_CACHE_HEADER]: '5' } }));
    return { body: await (await keepResponse(ticket, response)).text(), kept: false };
  } finally {
    releaseTicket(ticket);
  }
}

const teamList = async () => {
  pages += 1;
  return JSON.stringify(await db().select({ name: teams.name }).from(teams).orderBy(teams.id));
};

describe('the response cache with per-tag invalidation', () => {
  it('keeps a page until a write to what it read; other writes leave it kept', async () => {
    const url = `/teams-${Date.now()}`;
    await request(url, teamList);
    expect((await request(url, teamList)).kept).toBe(true);
    await db()
      .insert(subscribers)
      .values({ email: `kept-${Date.now()}@example.com` });
    await db().update(events).set({ name: 'Elsewhere' }).where(eq(events.id, 1));
    expect((await request(url, teamList)).kept).toBe(true);
    await db()
      .insert(teams)
      .values({ name: `Written ${Date.now()}` });
    const after = await request(url, teamList);
    expect(after.kept).toBe(false);
    expect(after.body).toContain('Written');
  });

  it('does not keep a render that a write to what it read overtook', async () => {
    const url = `/overtaken-${Date.now()}`;
    await request(url, async () => {
      const list = await teamList();
      await db()
        .insert(teams)
        .values({ name: `During ${Date.now()}` });
      return list;
    });
    expect((await request(url, teamList)).kept).toBe(false);
  });

  it('requests for a page being rendered wait for that render instead of rendering it again', async () => {
    const url = `/together-${Date.now()}`;
    const before = pages;
    const answers = await Promise.all([1, 2, 3, 4].map(() => request(url, teamList)));
    expect(pages - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.kept)).toHaveLength(3);
  });

  it('a waiter renders for itself when the render it waited for could not be kept', async () => {
    const url = `/unkeepable-${Date.now()}`;
    const before = pages;
    const [first, second] = await Promise.all([
      request(url, async () => {
        const list = await teamList();
        await db()
          .insert(teams)
          .values({ name: `Racing ${Date.now()}` });
        return list;
      }),
      request(url, teamList),
    ]);
    expect(pages - before).toBe(2);
    expect(first.kept).toBe(false);
    expect(second.kept).toBe(false);
    expect(second.body).toContain('Racing');
  });
});
