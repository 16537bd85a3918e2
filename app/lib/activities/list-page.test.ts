import { describe, expect, it } from 'vitest';
import { packActivityPage, unpackActivityPage } from './list-page';
import type { ActivityListPage, ActivityRow } from './types';

const ride = (id: string, overrides: Partial<ActivityRow> = {}): ActivityRow => ({
  id,
  date: '2026-11-20T06:30:00.000Z',
  type: 'ride',
  sportType: 'cycling',
  title: 'Morning, ride; with "quotes"',
  routeName: '',
  distanceKm: 42.195,
  elevationM: 512,
  watt: 231,
  wattPerKg: 3.3,
  heartrate: 142,
  rideDurationS: 5400,
  fileType: 'fit',
  hasPower: true,
  platform: 'Paceline',
  ...overrides,
});

describe('the activities page first page, packed', () => {
  it('reaches the browser as the page it was, through JSON', () => {
    const page: ActivityListPage = {
      results: [ride('a'), ride('b', { watt: null, wattPerKg: null, heartrate: null, hasPower: false, platform: null, title: 't' })],
      totalCount: 41,
      totalPages: 3,
      currentPage: 1,
    };
    const sent = JSON.parse(JSON.stringify(packActivityPage(page)));
    expect(typeof sent.results.rows).toBe('string');
    expect(unpackActivityPage(sent)).toEqual(page);
  });

  it('packs a kept page once', () => {
    const page: ActivityListPage = { results: [ride('a')], totalCount: 1, totalPages: 1, currentPage: 1 };
    expect(packActivityPage(page)).toBe(packActivityPage(page));
    expect(unpackActivityPage(packActivityPage(page)).results).toBe(page.results);
  });
});
