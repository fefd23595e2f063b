import { LayoutGrid, List } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';

/** The gallery's two layouts. */
export type AssetsLayout = 'grid' | 'list';

const LAYOUTS = [
  { value: 'grid', name: 'Grid view', label: 'Grid', icon: <LayoutGrid aria-hidden="true" className="size-4" /> },
  { value: 'list', name: 'List view', label: 'List', icon: <List aria-hidden="true" className="size-4" /> },
] as const;

/** The grid/list toggle. */
export function AssetsLayoutSwitch({ value, onChange }: { value: AssetsLayout; onChange: (layout: AssetsLayout) => void }) {
  return <SegmentedControl legend="Layout" value={value} options={LAYOUTS} onChange={onChange} tone="neutral" size="icon" />;
}
