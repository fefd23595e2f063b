import type { ModelEntry } from '@ensemble/shared';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { MENU_MAX_HEIGHT, ModelIcon } from '@/components/model-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { costLabel } from '@/lib/models';

/** 'Add Model': a menu of every image model; choosing one queues a pending job for it. */
export function AddModelMenu({ models, onAdd, disabled }: { models: ModelEntry[]; onAdd: (id: string) => void; disabled?: boolean }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />}>
          <Trans>Add Model</Trans>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" maxHeight={MENU_MAX_HEIGHT} className="w-80 max-w-[calc(100vw-16px)]" data-testid="add-model-menu">
        <DropdownMenuLabel>
          <Trans>Image models</Trans>
        </DropdownMenuLabel>
        {models.map((m) => (
          <DropdownMenuItem key={m.id} onSelect={() => onAdd(m.id)} data-model-id={m.id}>
            <ModelIcon model={m} />
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{m.name}</span>
            {m.demo ? (
              <Badge>
                <Trans>demo</Trans>
              </Badge>
            ) : null}
            <Badge tone="accent">{costLabel(m.cost)}</Badge>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
