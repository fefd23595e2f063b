import type { ModelType } from '@ensemble/shared';
import { ImageIcon, MessageSquareText } from 'lucide-react';
import { SegmentedControl } from '@/components/segmented-control';

const MODES = [
  { value: 'text', label: 'Text', name: 'Text', icon: <MessageSquareText aria-hidden="true" className="size-3.5" /> },
  { value: 'image', label: 'Image', name: 'Image', icon: <ImageIcon aria-hidden="true" className="size-3.5" /> },
] as const;

/** The Text/Image switch of the home prompt. */
export function ModeToggle({ value, onChange, disabled }: { value: ModelType; onChange: (type: ModelType) => void; disabled?: boolean }) {
  return <SegmentedControl legend="Mode" value={value} options={MODES} onChange={onChange} disabled={disabled} />;
}
