import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Film, LayoutGrid, List } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';
import type { StudioView } from '../studio-types';

const VIEWS = [
  { value: 'grid', name: msg`Grid view`, label: msg`Grid`, icon: <LayoutGrid aria-hidden="true" className="size-4" /> },
  { value: 'list', name: msg`List view`, label: msg`List`, icon: <List aria-hidden="true" className="size-4" /> },
  { value: 'filmstrip', name: msg`Filmstrip view`, label: msg`Filmstrip`, icon: <Film aria-hidden="true" className="size-4" /> },
] as const;

/** Grid, list and filmstrip as icon-only radio buttons. */
export function ViewSwitch({ value, onChange }: { value: StudioView; onChange: (view: StudioView) => void }) {
  const { t, i18n } = useLingui();
  const options = VIEWS.map(({ value, name, label, icon }) => ({ value, name: i18n._(name), label: i18n._(label), icon }));
  return <SegmentedControl legend={t`View`} value={value} options={options} onChange={onChange} tone="neutral" size="icon" />;
}
