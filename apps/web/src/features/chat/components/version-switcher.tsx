import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';

/** "‹ 2/3 ›": moves between the versions at one place of the thread (shown only when there are several). */
export function VersionSwitcher({
  id,
  siblingIds,
  onSwitch,
}: {
  id: number;
  siblingIds: number[] | undefined;
  onSwitch(id: number): void;
}) {
  const { t } = useLingui();
  if (!siblingIds || siblingIds.length < 2) return null;
  const at = siblingIds.indexOf(id);
  if (at < 0) return null;
  const prev = siblingIds[at - 1];
  const next = siblingIds[at + 1];
  return (
    <div className="flex items-center text-xs text-muted tabular-nums" data-testid="version-switcher">
      <IconButton
        size="sm"
        label={t`Previous version`}
        icon={<ChevronLeft className="rtl:-scale-x-100" />}
        disabled={prev === undefined}
        onClick={() => prev && onSwitch(prev)}
      />
      <span aria-live="polite" data-testid="version-position">
        {at + 1}/{siblingIds.length}
      </span>
      <IconButton
        size="sm"
        label={t`Next version`}
        icon={<ChevronRight className="rtl:-scale-x-100" />}
        disabled={next === undefined}
        onClick={() => next && onSwitch(next)}
      />
    </div>
  );
}
