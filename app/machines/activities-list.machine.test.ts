import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActivityListPage, ActivityRow } from '~/lib/activities/types';
import { activitiesListMachine, type PageRequest } from './activities-list.machine';

function row(id: string): ActivityRow {
  return {
    id,
    date: '2026-05-01T07:00:00.000Z',
    type: 'ride',
    sportType: 'cycling',
    title: id,
    routeName: '',
    distanceKm: 10,
    elevationM: 50,
    watt: 200,
    wattPerKg: 3,
    heartrate: 140,
    rideDurationS: 1800,
    fileType: 'fit',
    hasPower: true,
    platform: 'Paceline',
  };
}

function page(currentPage: number, totalPages: number, ids: string[]): ActivityListPage {
  return { results: ids.map(row), totalCount: totalPages * 2, totalPages, currentPage };
}

function start(firstPage: ActivityListPage, pages: (request: PageRequest) => ActivityListPage) {
  const requests: PageRequest[] = [];
  const actor = createActor(
    activitiesListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
          requests.push(input);
          return pages(input);
        }),
      },
    }),
    { input: { firstPage } },
  ).start();
  return { actor, requests };
}

describe('activitiesList machine', () => {
  it('loads more pages until the last, then is finished', async () => {
    const { actor, requests } = start(page(1, 2, ['a', 'b']), ({ page: number }) => page(number, 2, ['c', 'd']));
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (snapshot) => snapshot.matches('finished'));
    expect(requests).toEqual([{ page: 2, sort: 'desc', type: 'all' }]);
    expect(actor.getSnapshot().context.rows.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts again at page 1 when the sort changes, keeping the type it was opened with', async () => {
    const { actor, requests } = start(page(1, 3, ['a']), ({ page: number, sort }) => page(number, 3, [`${sort}-${number}`]));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'SET_SORT', sort: 'asc' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.rows.map((item) => item.id)).toEqual(['asc-1']);
    expect(requests.at(-1)).toEqual({ page: 1, sort: 'asc', type: 'all' });
  });

  it('keeps at most two ticked rides, dropping the oldest, and unticks', () => {
    const { actor } = start(page(1, 1, ['a', 'b', 'c']), () => page(1, 1, []));
    expect(actor.getSnapshot().can({ type: 'LOAD_MORE' })).toBe(false);
    for (const id of ['a', 'b', 'c']) actor.send({ type: 'TOGGLE_COMPARE', id });
    expect(actor.getSnapshot().context.compare).toEqual(['b', 'c']);
    actor.send({ type: 'TOGGLE_COMPARE', id: 'b' });
    expect(actor.getSnapshot().context.compare).toEqual(['c']);
  });

  it('ticks only a ride the list shows: after a sort change, none until its first page is in', async () => {
    const { actor } = start(page(1, 2, ['a']), ({ page: number }) => page(number, 2, ['b']));
    expect(actor.getSnapshot().can({ type: 'TOGGLE_COMPARE', id: 'b' })).toBe(false);
    actor.send({ type: 'TOGGLE_COMPARE', id: 'a' });
    actor.send({ type: 'SET_SORT', sort: 'asc' });
    expect(actor.getSnapshot().can({ type: 'TOGGLE_COMPARE', id: 'a' })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'TOGGLE_COMPARE', id: 'b' });
    // The ride ticked before the sort stays ticked: its box shows it again when its row does.
    expect(actor.getSnapshot().context.compare).toEqual(['a', 'b']);
  });

  it('fails and retries', async () => {
    let fail = true;
    const actor = createActor(
      activitiesListMachine.provide({
        actors: {
          fetchPage: fromPromise(async () => {
            if (fail) throw new Error('offline');
            return page(2, 2, ['z']);
          }),
        },
      }),
      { input: { firstPage: page(1, 2, ['a']) } },
    ).start();
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('finished'));
  });
});
