import { Moon, Sun } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';
import type { Theme } from '@/features/preferences';

const THEMES = [
  { value: 'light', label: 'Light', name: 'Light', icon: <Sun aria-hidden="true" className="size-4" /> },
  { value: 'dark', label: 'Dark', name: 'Dark', icon: <Moon aria-hidden="true" className="size-4" /> },
] as const;

/** Light or dark. */
export function ThemeChoice({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  return (
    <SegmentedControl
      legend="Theme"
      value={value}
      options={THEMES}
      onChange={onChange}
      className="[&_label]:h-9 [&_label]:px-4 [&_label]:text-sm"
    />
  );
}
