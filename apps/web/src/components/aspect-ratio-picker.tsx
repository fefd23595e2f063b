import { ASPECT_RATIOS, type AspectRatio } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { SegmentedControl } from './segmented-control';

const ORDER: AspectRatio[] = ['wide', 'square', 'tall'];

// The shapes' names (ASPECT_RATIOS[key].label in English).
const LABELS = { wide: msg`Wide`, square: msg`Square`, tall: msg`Tall` } as const;

// A small outline of the frame, so the choice reads at a glance.
function FrameIcon({ ratio }: { ratio: AspectRatio }) {
  const size = { wide: 'h-2.5 w-4', square: 'size-3.5', tall: 'h-4 w-2.5' }[ratio];
  return <span aria-hidden="true" className={cn('inline-block rounded-[3px] border-[1.5px] border-current', size)} />;
}

/** The three image shapes as radio buttons: Wide 16:9, Square 1:1, Tall 9:16. */
export function AspectRatioPicker({
  value,
  onChange,
  disabled,
  compact,
  className,
}: {
  value: AspectRatio;
  onChange: (ratio: AspectRatio) => void;
  disabled?: boolean;
  /** Hides the ratio numbers on narrow layouts. */
  compact?: boolean;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const options = ORDER.map((key) => {
    const { ratio } = ASPECT_RATIOS[key];
    const label = i18n._(LABELS[key]);
    return {
      value: key,
      name: t`${label} ${ratio}`,
      icon: <FrameIcon ratio={key} />,
      label: (
        <>
          <span>{label}</span>
          {!compact && <span className="hidden font-normal sm:inline">{ratio}</span>}
        </>
      ),
    };
  });
  return (
    <SegmentedControl
      legend={t`Aspect ratio`}
      value={value}
      options={options}
      onChange={onChange}
      disabled={disabled}
      className={className}
    />
  );
}
