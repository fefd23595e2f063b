import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/features/chat/format-date';
import { formatRelativeDate } from '@/features/profile/profile-format';
import { formatCount } from '@/lib/format-count';
import { i18n } from './index';

describe('numbers and dates', () => {
  const at = (locale: string, read: () => string) => {
    i18n.use(setupI18n({ locale, messages: { [locale]: {} } }));
    try {
      return read();
    } finally {
      i18n.use(undefined);
    }
  };

  it('follow the app’s language: the spec’s US formats in English, the locale’s own elsewhere, Western digits in Arabic', () => {
    expect(formatCount(2000)).toBe('2,000');
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('Mar 5, 2025');
    expect(at('de', () => formatCount(1234567))).toBe('1.234.567');
    expect(at('de', () => formatDate('2025-03-05T12:00:00Z'))).toBe('5. März 2025');
    expect(at('fr', () => formatCount(5000))).toBe('5\u202f000');
    expect(at('ja', () => formatDate('2025-03-05T12:00:00Z'))).toBe('2025年3月5日');
    expect(at('ar', () => formatCount(5000))).toBe('5,000');
    expect(at('es', () => formatRelativeDate(new Date(Date.now() - 2 * 3600_000).toISOString()))).toBe('hace 2 horas');
    // Back in English, the English formatter again (one cached per language).
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('Mar 5, 2025');
  });
});
