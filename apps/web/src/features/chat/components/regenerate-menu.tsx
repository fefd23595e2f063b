import { Trans, useLingui } from '@lingui/react/macro';
import type { ModelEntry } from '@ensemble/shared';
import { RefreshCw } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';

/** Regenerate a text reply: with the same model, or another picked from the list. */
export function RegenerateMenu({
  current,
  models,
  onPick,
}: {
  current: string | null;
  models: ModelEntry[];
  onPick(modelId: string): void;
}) {
  const { t } = useLingui();
  const others = models.filter((m) => m.id !== current);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton size="sm" label={t`Regenerate`} icon={<RefreshCw />} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        {current && (
          <DropdownMenuItem onSelect={() => onPick(current)}>
            <Trans>Regenerate with the same model</Trans>
          </DropdownMenuItem>
        )}
        {others.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>
              <Trans>Regenerate with…</Trans>
            </DropdownMenuLabel>
            {others.map((m) => (
              <DropdownMenuItem key={m.id} onSelect={() => onPick(m.id)}>
                {m.name}
              </DropdownMenuItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
