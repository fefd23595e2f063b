import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it.each([0, 7, 25, 100, 999, 1000, 2000, 5000, 12345, 1234567, -1234, -5, 9007199254740991, 1.5, 1234.5])(
    'writes %d as en-US does',
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    },
  );
});
