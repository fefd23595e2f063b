import type { SavedPrompt } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Share2, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { IconButton } from '@/components/ui/icon-button';
import { VariableChips } from './variable-chips';

/** What a card can do. */
export interface PromptActions {
  onEdit(p: SavedPrompt): void;
  onShare(p: SavedPrompt): void;
  onDelete(p: SavedPrompt): void;
}

/** A saved prompt's card: title, shared badge, a preview of its text, its variables, and Edit, Share and Delete. */
export function PromptCard({ prompt, actions }: { prompt: SavedPrompt; actions: PromptActions }) {
  const { t } = useLingui();
  const titleId = useId();
  const title = prompt.title;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="prompt-card"
      className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold text-fg">
          {title}
        </h3>
        {prompt.share_url && (
          <Badge tone="success" data-testid="prompt-shared">
            <Trans>Shared</Trans>
          </Badge>
        )}
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">{prompt.body}</p>
      <VariableChips variables={prompt.variables} />
      <div className="mt-auto flex items-center justify-end gap-1 pt-1">
        <IconButton size="sm" label={t`Edit ${title}`} icon={<Pencil aria-hidden />} onClick={() => actions.onEdit(prompt)} />
        <IconButton size="sm" label={t`Share ${title}`} icon={<Share2 aria-hidden />} onClick={() => actions.onShare(prompt)} />
        <IconButton size="sm" label={t`Delete ${title}`} icon={<Trash2 aria-hidden />} onClick={() => actions.onDelete(prompt)} />
      </div>
    </article>
  );
}
