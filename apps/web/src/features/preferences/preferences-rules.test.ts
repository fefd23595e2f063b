import { DEFAULT_SHORTLIST, IMAGE_MODELS } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { clampFontSize, colorBrightness, darken, migrateShortlist, resolveModelForType, textOnAccent } from './preferences-rules';

describe('textOnAccent (text colour on the accent)', () => {
  it('is white on the default accent #007AFF', () => {
    expect(textOnAccent('#007AFF')).toBe('#ffffff');
  });

  it('is white on a dark accent', () => {
    expect(textOnAccent('#1a1a2e')).toBe('#ffffff');
  });

  it('is the accent darkened by 40 percent when its brightness exceeds 0.6', () => {
    expect(colorBrightness('#FFD60A')).toBeGreaterThan(0.6);
    // 0xff * 0.6 = 153 = 0x99, 0xd6 * 0.6 = 128.4 -> 0x80, 0x0a * 0.6 = 6 -> 0x06
    expect(textOnAccent('#FFD60A')).toBe('#998006');
    expect(textOnAccent('#ffffff')).toBe('#999999');
  });

  it('stays white at a brightness of exactly 0.6 or just below', () => {
    expect(colorBrightness('#999999')).toBe(0.6);
    expect(textOnAccent('#999999')).toBe('#ffffff');
  });

  it('falls back to white for something that is not a #rrggbb colour', () => {
    expect(textOnAccent('blue')).toBe('#ffffff');
  });

  it('darken scales each channel', () => {
    expect(darken('#804020', 0.5)).toBe('#402010');
  });
});

describe('clampFontSize', () => {
  it('keeps sizes from 12 to 20 and clamps the rest', () => {
    expect(clampFontSize(12)).toBe(12);
    expect(clampFontSize(20)).toBe(20);
    expect(clampFontSize(11)).toBe(12);
    expect(clampFontSize(48)).toBe(20);
    expect(clampFontSize('17')).toBe(17);
    expect(clampFontSize(15.6)).toBe(16);
  });

  it('gives the default 16 for unreadable values', () => {
    expect(clampFontSize('large')).toBe(16);
    expect(clampFontSize(undefined)).toBe(16);
    expect(clampFontSize(Number.NaN)).toBe(16);
  });
});

describe('migrateShortlist', () => {
  it('inserts grok-3-mini-fast-latest before grok-2-latest when missing', () => {
    expect(migrateShortlist(['gpt-4o', 'grok-2-latest', 'flux'])).toEqual(['gpt-4o', 'grok-3-mini-fast-latest', 'grok-2-latest', 'flux']);
  });

  it('leaves a list that already has it, or has no grok-2-latest, as it is', () => {
    expect(migrateShortlist(['grok-2-latest', 'grok-3-mini-fast-latest'])).toEqual(['grok-2-latest', 'grok-3-mini-fast-latest']);
    expect(migrateShortlist(['gpt-4o', 'flux'])).toEqual(['gpt-4o', 'flux']);
  });

  it('drops duplicates and non-string entries, and replaces a non-list by the default', () => {
    expect(migrateShortlist(['gpt-4o', 'gpt-4o', 3, null])).toEqual(['gpt-4o']);
    expect(migrateShortlist('gpt-4o')).toEqual([...DEFAULT_SHORTLIST]);
  });
});

describe('resolveModelForType (message type toggle rule)', () => {
  const shortlist = ['gpt-4o', 'deepseek-chat', 'dall-e-3', 'sdxl'];

  it('restores the last model of that type when it is still shortlisted', () => {
    expect(resolveModelForType('image', 'sdxl', shortlist)).toBe('sdxl');
    expect(resolveModelForType('text', 'deepseek-chat', shortlist)).toBe('deepseek-chat');
  });

  it('falls back to the first shortlisted model of that type when the last one is not shortlisted', () => {
    expect(resolveModelForType('image', 'flux', shortlist)).toBe('dall-e-3');
    expect(resolveModelForType('text', 'o1-mini', shortlist)).toBe('gpt-4o');
  });

  it('never answers a model of the other type', () => {
    expect(resolveModelForType('text', 'dall-e-3', shortlist)).toBe('gpt-4o');
    expect(resolveModelForType('image', 'gpt-4o', shortlist)).toBe('dall-e-3');
  });

  it('uses grok-3-mini-fast-latest or the first image model when no model of the type is shortlisted', () => {
    expect(resolveModelForType('text', null, ['flux'])).toBe('grok-3-mini-fast-latest');
    expect(resolveModelForType('image', null, ['gpt-4o'])).toBe(IMAGE_MODELS[0].id);
  });
});
