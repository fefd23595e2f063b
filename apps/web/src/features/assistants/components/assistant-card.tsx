import type { Assistant } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, MessageSquarePlus, Pencil, Share2, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Switch } from '@/components/ui/switch';
import { AssistantAvatar } from './assistant-avatar';

/** What a card can do, as the screen allows it. */
export interface CardActions {
  onEdit?(a: Assistant): void;
  onDuplicate?(a: Assistant): void;
  onShare?(a: Assistant): void;
  onDelete?(a: Assistant): void;
  /** Operators: feature it for everyone, or stop. */
  onFeature?(a: Assistant, featured: boolean): void;
}

/** The path of a new chat with an assistant. */
export const startChatPath = (a: Assistant) => `/thread/new?assistant=${a.id}`;

/** An assistant's card: picture, name, model and description, Start chat, and what the caller may do with it. */
export function AssistantCard({ assistant, modelName, actions }: { assistant: Assistant; modelName: string; actions: CardActions }) {
  const { t } = useLingui();
  const titleId = useId();
  const featureId = useId();
  const name = assistant.name;
  const mine = assistant.mine;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="assistant-card"
      className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <AssistantAvatar assistant={assistant} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-base font-semibold text-fg">
            {name}
          </h3>
          <p className="truncate text-xs text-muted">{modelName}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {assistant.featured && (
              <Badge tone="accent">
                <Trans>Featured</Trans>
              </Badge>
            )}
            {mine && assistant.share_url && (
              <Badge>
                <Trans>Shared</Trans>
              </Badge>
            )}
          </div>
        </div>
      </div>
      {assistant.description && <p className="line-clamp-3 text-sm text-muted">{assistant.description}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-1 pt-1">
        <Link
          to={startChatPath(assistant)}
          className={buttonClasses({ size: 'sm', className: 'me-auto' })}
          aria-describedby={titleId}
          data-testid="start-chat"
        >
          <MessageSquarePlus className="size-4" aria-hidden />
          <Trans>Start chat</Trans>
        </Link>
        {mine && actions.onEdit && (
          <IconButton size="sm" label={t`Edit ${name}`} icon={<Pencil aria-hidden />} onClick={() => actions.onEdit?.(assistant)} />
        )}
        {actions.onDuplicate && (
          <IconButton
            size="sm"
            label={mine ? t`Duplicate ${name}` : t`Copy ${name} to your assistants`}
            icon={<Copy aria-hidden />}
            onClick={() => actions.onDuplicate?.(assistant)}
          />
        )}
        {mine && actions.onShare && (
          <IconButton size="sm" label={t`Share ${name}`} icon={<Share2 aria-hidden />} onClick={() => actions.onShare?.(assistant)} />
        )}
        {mine && actions.onDelete && (
          <IconButton size="sm" label={t`Delete ${name}`} icon={<Trash2 aria-hidden />} onClick={() => actions.onDelete?.(assistant)} />
        )}
      </div>
      {actions.onFeature && (
        <div className="flex items-center justify-between gap-3 border-t border-border pt-3">
          <label htmlFor={featureId} className="text-xs text-muted">
            <Trans>Featured for everyone</Trans>
          </label>
          <Switch id={featureId} checked={assistant.featured} onCheckedChange={(on) => actions.onFeature?.(assistant, on)} />
        </div>
      )}
    </article>
  );
}
