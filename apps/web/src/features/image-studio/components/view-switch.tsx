import { Film, LayoutGrid, List } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';
import type { StudioView } from '../studio-types';

const VIEWS = [
  { value: 'grid', name: 'Grid view', label: 'Grid', icon: <LayoutGrid aria-hidden="true" className="size-4" /> },
  { value: 'list', name: 'List view', label: 'List', icon: <List aria-hidden="true" className="size-4" /> },
  { value: 'filmstrip', name: 'Filmstrip view', label: 'Filmstrip', icon: <Film aria-hidden="true" className="size-4" /> },
] as const;

/** Grid, list and filmstrip as icon-only radio buttons. */
export function ViewSwitch({ value, onChange }: { value: StudioView; onChange: (view: StudioView) => void }) {
  return <SegmentedControl legend="View" value={value} options={VIEWS} onChange={onChange} tone="neutral" size="icon" />;
}
