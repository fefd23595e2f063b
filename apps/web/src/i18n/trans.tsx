import type { TransRenderProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import type { ComponentProps } from 'react';
import { useLingui } from './use-lingui';

type TransProps = Omit<ComponentProps<typeof TransNoContext>, 'lingui'>;

/** The runtime behind `<Trans>` and `<Plural>` from `@lingui/react/macro`: no provider needed (see use-lingui.ts). */
export function Trans(props: TransProps) {
  const { i18n } = useLingui();
  // TransNoContext calls only `i18n._`, which the app's i18n has (index.ts).
  const withI18n = { ...props, lingui: { i18n } } as unknown as ComponentProps<typeof TransNoContext>;
  return <TransNoContext {...withI18n} />;
}

export type { TransRenderProps };
