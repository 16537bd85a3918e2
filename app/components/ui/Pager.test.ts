import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager';

describe('pageWindow', () => {
  it('shows two pages either side of the current one', () => {
    expect(pageWindow(5, 10, 2)).toEqual([3, 4, 5, 6, 7]);
  });
  it('keeps the window full at the edges', () => {
    expect(pageWindow(1, 10, 2)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10, 2)).toEqual([6, 7, 8, 9, 10]);
  });
  it('never goes past the last page', () => {
    expect(pageWindow(1, 3, 2)).toEqual([1, 2, 3]);
  });
});
