import { describe, expect, it } from 'vitest';
import { sharedText, withoutSharedText } from './shared-text';

describe('text shared into the installed app', () => {
  it('puts the title, the text and the link on lines of their own, the link once', () => {
    expect(sharedText('?share_title=Tides&share_text=Why%20two%20a%20day%3F&share_url=https%3A%2F%2Fex.org%2Ft')).toBe(
      'Tides\nWhy two a day?\nhttps://ex.org/t',
    );
    expect(sharedText('?share_text=See%20https%3A%2F%2Fex.org%2Ft&share_url=https%3A%2F%2Fex.org%2Ft')).toBe('See https://ex.org/t');
    expect(sharedText('?model=gpt-4o')).toBe('');
    expect(sharedText('?share_text=%20%20')).toBe('');
  });

  it('leaves the other parameters in the address', () => {
    expect(withoutSharedText('?model=gpt-4o&share_text=hi&share_title=x')).toBe('?model=gpt-4o');
    expect(withoutSharedText('?share_text=hi')).toBe('');
    expect(withoutSharedText('?share_files=2&model=x')).toBe('?model=x');
  });
});
