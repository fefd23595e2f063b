import type { ModelEntry, User } from '@ensemble/shared';
import { memo, useState } from 'react';
import { FallbackNote } from '@/components/fallback-note';
import { Markdown } from '@/components/markdown';
import { ModelIcon } from '@/components/model-picker';
import { Badge } from '@/components/ui/badge';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { useTypewriter } from '../hooks/use-typewriter';
import { isTemporaryId } from '../message-id';
import type { ChatMessage } from '../types';
import { CutReplyNote } from './cut-reply-note';
import { ImageMessage } from './image-message';
import { LoadingMessage, StreamingDots } from './loading-message';
import { MessageActions } from './message-actions';
import { MessageEditor } from './message-editor';

export interface MessageItemProps {
  message: ChatMessage;
  model: ModelEntry | undefined;
  user: User | null;
  /** Requests waiting behind this one (only passed to the active reply). */
  queued: number;
  onEdit(id: number, content: string): Promise<boolean>;
  onDelete(id: number): void;
  onRegenerate(message: ChatMessage): void;
  /** Asks the same question again (offered under a reply that was cut). */
  onRetry?(message: ChatMessage): void;
}

function AiText({ message, queued }: { message: ChatMessage; queued: number }) {
  const { shown, typing, skip } = useTypewriter(message.content, Boolean(message.local));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only skips the typing effect; nothing is lost without it
    // biome-ignore lint/a11y/noStaticElementInteractions: as above
    <div onClick={typing ? skip : undefined} title={typing ? 'Click to show the whole reply' : undefined}>
      <Markdown text={shown} streaming={Boolean(message.streaming) || typing} />
      {(message.streaming || typing) && (
        <div className="mt-1">
          <StreamingDots queued={queued} />
        </div>
      )}
    </div>
  );
}

function Avatar({ mine, user, model, small }: { mine: boolean; user: User | null; model: ModelEntry | undefined; small?: boolean }) {
  if (mine)
    return (
      <UserAvatar username={user?.username ?? 'You'} picture={user?.picture} size="sm" className={small ? 'size-6 text-xs' : undefined} />
    );
  return (
    <span
      className={cn('inline-flex items-center justify-center rounded-full bg-surface-2 ring-1 ring-border', small ? 'size-6' : 'size-8')}
    >
      <ModelIcon model={model} className={small ? 'size-4' : undefined} />
    </span>
  );
}

/** One message: avatar, sender label (You or the model's name), the body, and its actions. */
export const MessageItem = memo(function MessageItem({
  message,
  model,
  user,
  queued,
  onEdit,
  onDelete,
  onRegenerate,
  onRetry,
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const mine = message.sender === 'user';
  const name = mine ? 'You' : (model?.name ?? message.model ?? 'Assistant');
  const stored = !isTemporaryId(message.id);
  const settled = message.type !== 'loading' && !message.streaming;
  const image = message.type === 'image' || (message.type === 'loading' && model?.type === 'image');
  return (
    <article
      className="group/message flex gap-3 py-4 sm:py-5 [contain-intrinsic-size:auto_120px] [content-visibility:auto]"
      data-testid="message"
      data-sender={message.sender}
      aria-label={`${name} said`}
    >
      <div className="hidden pt-0.5 sm:block">
        <Avatar mine={mine} user={user} model={model} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="mb-1 flex items-center gap-2">
          <span className="sm:hidden">
            <Avatar mine={mine} user={user} model={model} small />
          </span>
          <span className="text-sm font-semibold text-fg" data-testid="sender-label">
            {name}
          </span>
          {!mine && message.metadata?.demo === true && (
            <Badge title="Answered by the built-in demo provider" data-testid="demo-label">
              demo
            </Badge>
          )}
        </div>
        {!mine && typeof message.metadata?.fallback_note === 'string' && (
          <FallbackNote note={message.metadata.fallback_note} className="mb-1.5" />
        )}
        {editing ? (
          <MessageEditor initial={message.content} onSave={(content) => onEdit(message.id, content)} onCancel={() => setEditing(false)} />
        ) : message.type === 'loading' ? (
          <LoadingMessage image={image} modelName={model?.name ?? message.model ?? 'the model'} queued={queued} />
        ) : message.type === 'image' ? (
          <ImageMessage
            url={message.content}
            prompt={message.metadata?.prompt ?? message.prompt ?? ''}
            aspectRatio={message.metadata?.aspectRatio}
            onRegenerate={() => onRegenerate(message)}
          />
        ) : mine ? (
          <p className="whitespace-pre-wrap break-words text-body text-fg">{message.content}</p>
        ) : (
          <AiText message={message} queued={queued} />
        )}
        {settled && !editing && !mine && message.cut && (
          <CutReplyNote reason={message.cut} onRetry={onRetry ? () => onRetry(message) : undefined} />
        )}
        {settled && !editing && (
          <div className="mt-1.5">
            <MessageActions
              text={message.content}
              onEdit={stored && message.type === 'text' ? () => setEditing(true) : undefined}
              onDelete={stored ? () => onDelete(message.id) : undefined}
            />
          </div>
        )}
      </div>
    </article>
  );
});
