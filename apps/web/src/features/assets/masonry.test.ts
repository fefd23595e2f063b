import { describe, expect, it } from 'vitest';
import { masonryColumns, splitIntoColumns } from './masonry';

describe('masonry', () => {
  it('uses 3 columns above 700 px, 2 from 501 to 700 and 1 at 500 and below', () => {
    expect([1280, 701, 700, 501, 500, 390].map(masonryColumns)).toEqual([3, 3, 2, 2, 1, 1]);
  });

  it('puts each item in the shortest column and keeps the order within columns', () => {
    const items = [
      { id: 'a', r: 2 },
      { id: 'b', r: 1 },
      { id: 'c', r: 0.5 },
      { id: 'd', r: 1 },
      { id: 'e', r: 1 },
    ];
    const columns = splitIntoColumns(items, 3, (i) => i.r).map((c) => c.map((i) => i.id));
    // Heights after a, b, c: 2, 1, 0.5 -> d goes to the third, then 2, 1, 1.5 -> e to the second.
    expect(columns).toEqual([['a'], ['b', 'e'], ['c', 'd']]);
    expect(splitIntoColumns(items, 1, (i) => i.r)).toEqual([items]);
  });
});
