import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpTestDatabase } from '../../tests/helpers/db';
import { createTestUser } from '../../tests/helpers/users';
import { db } from './client.server';
import { cachedRiderPage, invalidateRiderPage, RIDER_PAGE_CACHE_TTL_MS, RIDER_PAGE_DAILY_TTL_MS } from './rider-reads.server';
import { teams, users } from './schema';
import { readsOf } from './write-watch.server';

setUpTestDatabase();

afterEach(() => vi.useRealTimers());

/** Waits until `check` holds (a read in the background has ended), looking every 10 ms. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Date.now() stands still from here until the test sets it (timers still run); answers that time. */
function stopTheClock(): number {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return start;
}

describe("a rider's kept reads", () => {
  const nameOf = (id: string) => db().select({ firstname: users.firstname }).from(users).where(eq(users.id, id));

  it('are read again before answering once anything they read is written', async () => {
    const rider = await createTestUser();
    let loads = 0;
    const load = () => (loads++, nameOf(rider.id));
    await cachedRiderPage('name', rider.id, load);
    await cachedRiderPage('name', rider.id, load);
    expect(loads).toBe(1);
    await db().update(users).set({ firstname: 'Renamed' }).where(eq(users.id, rider.id));
    expect(await cachedRiderPage('name', rider.id, load)).toEqual([{ firstname: 'Renamed' }]);
    expect(loads).toBe(2);
  });

  it('past the TTL answer once more as they were while one read runs beside, then answer what it read', async () => {
    const rider = await createTestUser();
    const start = stopTheClock();
    let loads = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      if (loads === 1) return 'first';
      await db().select({ id: teams.id }).from(teams).limit(1);
      await gate;
      return 'second';
    };
    expect(await cachedRiderPage('clock', rider.id, load)).toBe('first');

    vi.setSystemTime(start + RIDER_PAGE_CACHE_TTL_MS);
    // The request that finds it old neither waits for the read nor counts its reads as its own.
    const found = await readsOf(() => cachedRiderPage('clock', rider.id, load));
    expect(found.value).toBe('first');
    // While that read runs, others are answered as they were, and start no second read.
    expect(await cachedRiderPage('clock', rider.id, load)).toBe('first');
    expect(loads).toBe(2);
    release();
    await until(async () => (await cachedRiderPage('clock', rider.id, load)) === 'second');
    expect(loads).toBe(2);
    expect([...found.reads].some((tag) => tag.startsWith('teams'))).toBe(false);
  });

  it('keep the kept value when the read past the TTL fails, and try again on the next request', async () => {
    const rider = await createTestUser();
    const start = stopTheClock();
    let failing = false;
    let loads = 0;
    const load = async () => {
      loads++;
      if (failing) throw new Error('database away');
      return 'kept';
    };
    await cachedRiderPage('failing', rider.id, load);
    failing = true;
    vi.setSystemTime(start + RIDER_PAGE_CACHE_TTL_MS);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await cachedRiderPage('failing', rider.id, load)).toBe('kept');
    await until(() => errors.mock.calls.length === 1);
    errors.mockRestore();
    failing = false;
    expect(await cachedRiderPage('failing', rider.id, load)).toBe('kept');
    expect(loads).toBe(3);
  });

  it('with a longer TTL of their own, are read again only past it', async () => {
    const rider = await createTestUser();
    const start = stopTheClock();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRiderPage('daily', rider.id, load, RIDER_PAGE_DAILY_TTL_MS)).toBe(1);
    vi.setSystemTime(start + RIDER_PAGE_CACHE_TTL_MS);
    expect(await cachedRiderPage('daily', rider.id, load, RIDER_PAGE_DAILY_TTL_MS)).toBe(1);
    expect(loads).toBe(1);
    vi.setSystemTime(start + RIDER_PAGE_DAILY_TTL_MS);
    expect(await cachedRiderPage('daily', rider.id, load, RIDER_PAGE_DAILY_TTL_MS)).toBe(1);
    await until(async () => (await cachedRiderPage('daily', rider.id, load, RIDER_PAGE_DAILY_TTL_MS)) === 2);
  });

  it('are forgotten for one rider at once', async () => {
    const [one, other] = [await createTestUser(), await createTestUser()];
    let loads = 0;
    const load = async () => ++loads;
    await cachedRiderPage('count', one.id, load);
    await cachedRiderPage('count', other.id, load);
    invalidateRiderPage(one.id);
    expect(await cachedRiderPage('count', one.id, load)).toBe(3);
    expect(await cachedRiderPage('count', other.id, load)).toBe(2);
  });
});
