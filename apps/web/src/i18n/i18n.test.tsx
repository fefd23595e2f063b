import { msg, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
        i18n.loadAndActivate({
          locale: 'de',
          messages: {
            [generateMessageId('{count, plural, one {# credit} other {# credits}}')]: compileMessage(
              '{count, plural, one {# Guthaben} other {# Guthaben}}',
            ),
          },
        }),
      );
      expect(screen.getByTestId('plural')).toHaveTextContent('2 Guthaben');
      expect(screen.getByTestId('msg')).toHaveTextContent('Saved');
    } finally {
      act(() => i18n.activate('en'));
    }
    expect(screen.getByTestId('plural')).toHaveTextContent('2 credits');
  });
});
