/** Masonry column count by viewport width (decisions.md): 3 above 700 px, 2 from 501 to 700, 1 at 500 and below. */
export function masonryColumns(width: number): number {
  if (width > 700) return 3;
  if (width > 500) return 2;
  return 1;
}

/**
 * Splits items into columns, each item going to the currently shortest column (by the items'
 * height-to-width ratios), so columns end at about the same height; order within a column is kept.
 */
export function splitIntoColumns<T>(items: readonly T[], columns: number, ratio: (item: T) => number): T[][] {
  const count = Math.max(1, columns);
  const result: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const item of items) {
    const shortest = heights.indexOf(Math.min(...heights));
    result[shortest]!.push(item);
    const r = ratio(item);
    heights[shortest]! += Number.isFinite(r) && r > 0 ? r : 1;
  }
  return result;
}
