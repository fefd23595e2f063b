import { msg, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageId, sourceCatalogue } from '../../build/lingui-short-ids';
import { i18n } from './index';

const SAVED = msg`Saved`;

function Sample({ count, name }: { count: number; name: string }) {
  const { t: translate } = useLingui();
  return (
    <div>
      <p title={translate`Hello ${name}`}>{t`Core ${count}`}</p>
      <p data-testid="trans">
        <Trans>
          Read the <a href="/terms">terms</a>, {name}.
        </Trans>
      </p>
      <p data-testid="plural">
        <Plural value={count} one="# credit" other="# credits" />
      </p>
      <p data-testid="msg">{i18n._(SAVED)}</p>
    </div>
  );
}

describe('texts written with the Lingui macros', () => {
  it('render in English from the compiled descriptors, with placeholders, plurals and elements', () => {
    const { rerender } = render(<Sample count={1} name="Ada" />);
    expect(screen.getByTitle('Hello Ada')).toHaveTextContent('Core 1');
    expect(screen.getByTestId('trans')).toHaveTextContent('Read the terms, Ada.');
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByTestId('plural')).toHaveTextContent('1 credit');
    expect(screen.getByTestId('msg')).toHaveTextContent('Saved');
    rerender(<Sample count={5} name="Ada" />);
    expect(screen.getByTestId('plural')).toHaveTextContent('5 credits');
  });

  it('render again in the language activated, without a provider, and fall back to English where it has no entry', () => {
    render(<Sample count={2} name="Ada" />);
    expect(screen.getByTestId('plural')).toHaveTextContent('2 credits');
    try {
      act(() =>
        i18n.use(
          setupI18n({
            locale: 'de',
            messages: {
              de: {
                [messageId('{count, plural, one {# credit} other {# credits}}')]: compileMessage(
                  '{count, plural, one {# Guthaben} other {# Guthaben}}',
                ),
              },
            },
          }),
        ),
      );
      expect(i18n.locale).toBe('de');
      expect(screen.getByTestId('plural')).toHaveTextContent('2 Guthaben');
      expect(screen.getByTestId('msg')).toHaveTextContent('Saved');
    } finally {
      act(() => i18n.use(undefined));
    }
    expect(i18n.locale).toBe('en');
    expect(screen.getByTestId('plural')).toHaveTextContent('2 credits');
  });
});

describe("English without Lingui's runtime", () => {
  // Every message of the source catalogue, with values that take each plural's branches: the app's English (index.ts)
  // says exactly what Lingui's runtime says for the same compiled message.
  const catalogue = sourceCatalogue();
  const messages = Object.entries(catalogue).flatMap(([id, entry]) => (entry.message ? [{ id, text: entry.message }] : []));

  it('renders every message of the catalogue as Lingui does', () => {
    expect(messages.length).toBeGreaterThan(1000);
    const lingui = setupI18n({ locale: 'en', messages: { en: {} } });
    let plurals = 0;
    for (const { id, text } of messages) {
      const message = compileMessage(text);
      const names = [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]!))];
      for (const n of [0, 1, 2, 1234]) {
        const values = Object.fromEntries(names.map((name) => [name, new RegExp(`\\{${name}, plural`).test(text) ? n : `v${n}`]));
        expect(i18n._({ id, message: message as never, values }), text).toBe(lingui._({ id, message: message as never, values }));
        expect(i18n._(id, values, { message }), text).toBe(lingui._(id, values, { message: message as never }));
      }
      if (text.includes(', plural,')) plurals++;
    }
    expect(plurals).toBeGreaterThan(30);
  });
});
