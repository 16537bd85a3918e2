import { describe, expect, it } from 'vitest';
import { thrownResponse } from '../../tests/helpers/responses';
import { boundedPage, MAX_PAGE_NUMBER, pageOffset, pageParam, PAGING_MESSAGES, readPageSize } from './paging';

const url = (query: string) => new URL(`http://localhost:3000/teams?${query}`);

async function refusal(query: string): Promise<{ status: number; message: string }> {
  const thrown = await thrownResponse((async () => pageParam(url(query)))());
  return { status: thrown.status, message: await thrown.text() };
}

describe('page numbers and sizes in URLs (issue 35 item 3)', () => {
  it('reads a whole number from 1 to the bound; absent or empty is page 1', () => {
    expect(pageParam(url(''))).toBe(1);
    expect(pageParam(url('page='))).toBe(1);
    expect(pageParam(url('page=7'))).toBe(7);
    expect(pageParam(url(`page=${MAX_PAGE_NUMBER}`))).toBe(MAX_PAGE_NUMBER);
  });

  it('refuses anything else with a 400 that says what a page number is', async () => {
    for (const value of ['9223372036854775808', '0', '-1', '1.5', '1e3', 'abc', 'NaN', 'Infinity', String(MAX_PAGE_NUMBER + 1), '%00', '١']) {
      expect(await refusal(`page=${encodeURIComponent(value)}`), value).toEqual({ status: 400, message: PAGING_MESSAGES.page });
    }
  });

  it('a size is a whole number from 1 to its own bound, its fallback when absent', () => {
    expect(readPageSize(null, { fallback: 20, max: 50 })).toBe(20);
    expect(readPageSize('50', { fallback: 20, max: 50 })).toBe(50);
    for (const value of ['51', '0', '1.5', '-3', 'x', '99999999999999999999']) expect(readPageSize(value, { fallback: 20, max: 50 }), value).toBeNull();
  });

  it('services bound any page they are given: the offset stays one the database can hold', () => {
    expect(boundedPage(Number.NaN)).toBe(1);
    expect(boundedPage(-5)).toBe(1);
    expect(boundedPage(2.9)).toBe(2);
    expect(boundedPage(Number.POSITIVE_INFINITY)).toBe(MAX_PAGE_NUMBER);
    expect(pageOffset(9_223_372_036_854_775_808, 10)).toBe((MAX_PAGE_NUMBER - 1) * 10);
    expect(Number.isSafeInteger(pageOffset(Number.MAX_VALUE, 1_000))).toBe(true);
  });
});
