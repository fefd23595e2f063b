import type { ModelType } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ImageIcon, MessageSquareText } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';

const MODES = [
  { value: 'text', label: msg`Text`, icon: <MessageSquareText aria-hidden="true" className="size-3.5" /> },
  { value: 'image', label: msg`Image`, icon: <ImageIcon aria-hidden="true" className="size-3.5" /> },
] as const;

/** The Text/Image switch of the home prompt. */
export function ModeToggle({ value, onChange, disabled }: { value: ModelType; onChange: (type: ModelType) => void; disabled?: boolean }) {
  const { t, i18n } = useLingui();
  const options = MODES.map(({ value, label, icon }) => {
    const text = i18n._(label);
    return { value, label: text, name: text, icon };
  });
  return <SegmentedControl legend={t`Mode`} value={value} options={options} onChange={onChange} disabled={disabled} />;
}
