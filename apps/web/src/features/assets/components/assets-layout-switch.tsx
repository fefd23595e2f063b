import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LayoutGrid, List } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';

/** The gallery's two layouts. */
export type AssetsLayout = 'grid' | 'list';

const LAYOUTS = [
  { value: 'grid', name: msg`Grid view`, label: msg`Grid`, icon: <LayoutGrid aria-hidden="true" className="size-4" /> },
  { value: 'list', name: msg`List view`, label: msg`List`, icon: <List aria-hidden="true" className="size-4" /> },
] as const;

/** The grid/list toggle. */
export function AssetsLayoutSwitch({ value, onChange }: { value: AssetsLayout; onChange: (layout: AssetsLayout) => void }) {
  const { t, i18n } = useLingui();
  const options = LAYOUTS.map((option) => ({ ...option, name: i18n._(option.name), label: i18n._(option.label) }));
  return <SegmentedControl legend={t`Layout`} value={value} options={options} onChange={onChange} tone="neutral" size="icon" />;
}
