import { describe, expect, it } from 'vitest';
import { accentShades, contrast, parseHex } from './accent-shades';

const c = (hex: string) => parseHex(hex)!;

describe('accent shades', () => {
  it.each([
    ['#007AFF', '#ffffff'],
    ['#F5C518', '#93760e'],
    ['#34C759', '#ffffff'],
    ['#FF3B30', '#ffffff'],
    ['#AF52DE', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#FFFFFF', '#999999'],
  ])('makes %s readable: a fill for its text and inks for both themes', (accent, onAccent) => {
    const shades = accentShades(accent, onAccent)!;
    expect(contrast(c(shades.fill), c(shades.onFill))).toBeGreaterThanOrEqual(4.5);
    for (const ground of ['#ffffff', '#f6f6f7', '#ececef']) expect(contrast(c(shades.inkLight), c(ground))).toBeGreaterThanOrEqual(4.5);
    for (const ground of ['#050506', '#0e0e11', '#17171c']) expect(contrast(c(shades.inkDark), c(ground))).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens the default blue just enough: close to the accent, not black', () => {
    const { fill } = accentShades('#007AFF', '#ffffff')!;
    expect(contrast(c(fill), c('#ffffff'))).toBeLessThan(4.8);
    expect(fill).not.toBe('#007aff');
  });

  it('keeps the text on the accent where a fill can reach it, and darkens the text only where none can', () => {
    expect(accentShades('#007AFF', '#ffffff')!.onFill).toBe('#ffffff');
    const yellow = accentShades('#F5C518', '#93760e')!;
    expect(yellow.fill).toBe('#f5c518');
    expect(contrast(c(yellow.onFill), c('#f5c518'))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps an accent that already reads as it is', () => {
    expect(accentShades('#0050b3', '#ffffff')!.fill).toBe('#0050b3');
  });
});
