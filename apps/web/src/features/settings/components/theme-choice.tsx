import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';
import type { Theme } from '@/features/preferences';

const THEMES = [
  { value: 'light', name: msg`Light`, icon: <Sun aria-hidden="true" className="size-4" /> },
  { value: 'dark', name: msg`Dark`, icon: <Moon aria-hidden="true" className="size-4" /> },
] as const;

/** Light or dark. */
export function ThemeChoice({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  const { t, i18n } = useLingui();
  const options = THEMES.map(({ name, ...option }) => {
    const label = i18n._(name);
    return { ...option, label, name: label };
  });
  return (
    <SegmentedControl
      legend={t`Theme`}
      value={value}
      options={options}
      onChange={onChange}
      className="[&_label]:h-9 [&_label]:px-4 [&_label]:text-sm"
    />
  );
}
