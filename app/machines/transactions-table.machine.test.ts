import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { transactionsTableMachine, type TransactionsPage } from './transactions-table.machine';

const pageOf = (current: number): TransactionsPage<unknown> => ({
  rows: [{ id: current }],
  meta: { current_page: current, last_page: 3, total: 25, per_page: 10 },
});

describe('transactionsTable', () => {
  it('loads once, 500 ms after the last keystroke, from page 1', async () => {
    const clock = new SimulatedClock();
    const calls: Array<{ search: string; page: number }> = [];
    const actor = createActor(
      transactionsTableMachine.provide({
        actors: { loadPage: fromPromise(async ({ input }: { input: { search: string; page: number } }) => (calls.push(input), pageOf(input.page))) },
      }),
      { input: { search: '', page: 2, result: pageOf(2) }, clock },
    ).start();
    actor.send({ type: 'SEARCH_CHANGED', search: 'pr' });
    clock.increment(400);
    actor.send({ type: 'SEARCH_CHANGED', search: 'prize' });
    clock.increment(499);
    expect(calls).toEqual([]);
    clock.increment(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([{ search: 'prize', page: 1 }]);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('shows an empty list on page 1 when a page fails to load', async () => {
    const actor = createActor(transactionsTableMachine.provide({ actors: { loadPage: fromPromise(async () => Promise.reject(new Error('down'))) } }), {
      input: { search: '', page: 1, result: pageOf(1) },
    }).start();
    actor.send({ type: 'PAGE', page: 3 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.result.rows).toEqual([]);
    expect(actor.getSnapshot().context.page).toBe(1);
  });
});
