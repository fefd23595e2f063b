import { Trans, useLingui } from '@lingui/react/macro';
import type { ModelEntry, User } from '@ensemble/shared';
import { FastForward } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { FallbackNote } from '@/components/fallback-note';
import { Markdown } from '@/components/markdown';
import { ModelIcon } from '@/components/model-picker';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { UserAvatar } from '@/components/user-avatar';
import { AttachmentChips } from '@/features/attachments';
import { cn } from '@/lib/cn';
import { useEscapeToSkip, useTypewriter } from '../hooks/use-typewriter';
import { isTemporaryId } from '../message-id';
import type { ChatMessage } from '../types';
import { CutReplyNote } from './cut-reply-note';
import { ImageMessage } from './image-message';
import { LoadingMessage, StreamingDots } from './loading-message';
import { MessageActions } from './message-actions';
import { MessageEditor } from './message-editor';
import { RegenerateMenu } from './regenerate-menu';
import { ReplyFigures } from '@/components/reply-figures';
import { stepsOf } from '@/features/tools/live-steps';
import { ToolSteps } from '@/features/tools/tool-steps';
import { VersionSwitcher } from './version-switcher';
import { linkCitations, ReplySources, SearchedLine } from './reply-sources';
import { SearchSuggestions } from './search-suggestions';

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
  /** Regenerate with a model, edit & submit, and switching versions (issue 14). */
  branch?: BranchActions;
  /** A shared snapshot: shown as in chat, with Copy as its only action. */
  readOnly?: boolean;
}

/** What a message can do to the thread's tree. */
export interface BranchActions {
  textModels: ModelEntry[];
  onRegenerateWith(message: ChatMessage, modelId: string): void;
  onSubmitEdit(message: ChatMessage, content: string): void;
  onSwitch(id: number): void;
}

/** Skip, beside the typing reply: its own component, so it is not drawn again with every typed frame. */
const SkipTyping = memo(function SkipTyping({ streaming, onSkip }: { streaming: boolean; onSkip(): void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onSkip}
      aria-keyshortcuts={streaming ? undefined : 'Escape'}
      title={streaming ? t`Show the reply so far at once` : t`Show the whole reply (Esc)`}
      className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs text-muted transition hover:bg-surface-2 hover:text-fg"
      data-testid="skip-typing"
    >
      <FastForward className="size-3.5" aria-hidden />
      <Trans>Skip</Trans>
    </button>
  );
});

function AiText({ message, queued }: { message: ChatMessage; queued: number }) {
  // A reply cut short (stopped, failed, interrupted) shows all its text at once, beside its note.
  const { shown, typing, skip } = useTypewriter(message.content, Boolean(message.local) && !message.cut);
  useEscapeToSkip(typing && !message.streaming, skip);
  const sources = message.metadata?.sources;
  const searched = message.metadata?.searched;
  const suggestions = message.metadata?.search_suggestions;
  const text = useMemo(() => (sources?.length ? linkCitations(shown, sources) : shown), [shown, sources]);
  const steps = stepsOf(message.metadata);
  const streamId = typeof message.metadata?.stream_id === 'string' ? message.metadata.stream_id : undefined;
  return (
    <div>
      {searched?.length ? <SearchedLine queries={searched} /> : null}
      {steps.length > 0 && <ToolSteps steps={steps} streamId={streamId} live={Boolean(message.streaming)} />}
      <Markdown text={text} streaming={Boolean(message.streaming) || typing} />
      {sources?.length ? <ReplySources sources={sources} /> : null}
      {suggestions ? <SearchSuggestions html={suggestions} /> : null}
      {(message.streaming || typing) && (
        <div className="mt-1 flex items-center gap-2">
          <StreamingDots queued={queued} />
          {typing && <SkipTyping streaming={Boolean(message.streaming)} onSkip={skip} />}
        </div>
      )}
    </div>
  );
}

function Avatar({ mine, user, model, small }: { mine: boolean; user: User | null; model: ModelEntry | undefined; small?: boolean }) {
  const { t } = useLingui();
  if (mine)
    return (
      <UserAvatar username={user?.username ?? t`You`} picture={user?.picture} size="sm" className={small ? 'size-6 text-xs' : undefined} />
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
  branch,
  readOnly,
}: MessageItemProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const mine = message.sender === 'user';
  // On a shared page the prompts are the sharer's, not the reader's.
  const name = mine ? (readOnly ? t`User` : t`You`) : (model?.name ?? message.model ?? t`Assistant`);
  const stored = !readOnly && !isTemporaryId(message.id);
  const settled = message.type !== 'loading' && !message.streaming;
  const image = message.type === 'image' || (message.type === 'loading' && model?.type === 'image');
  return (
    <article
      className="group/message flex gap-3 py-4 transition-colors sm:py-5 [contain-intrinsic-size:auto_120px] [content-visibility:auto] data-[search-target]:rounded-xl data-[search-target]:bg-accent/10"
      data-testid="message"
      data-message-id={message.id}
      data-sender={message.sender}
      aria-label={t`${name} said`}
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
            <Badge title={t`Answered by the built-in demo provider`} data-testid="demo-label">
              <Trans>demo</Trans>
            </Badge>
          )}
        </div>
        {!mine && typeof message.metadata?.fallback_note === 'string' && (
          <FallbackNote note={message.metadata.fallback_note} className="mb-1.5" />
        )}
        {editing && mine && message.metadata?.attachments?.length ? (
          <div className="mb-2">
            <AttachmentChips attachments={message.metadata.attachments} label={t`Attached files`} />
          </div>
        ) : null}
        {editing ? (
          <MessageEditor
            initial={message.content}
            onSave={(content) => onEdit(message.id, content)}
            onSaveAndSubmit={mine && branch && stored ? (content) => branch.onSubmitEdit(message, content) : undefined}
            onCancel={() => setEditing(false)}
          />
        ) : message.type === 'loading' ? (
          <LoadingMessage
            image={image}
            modelName={model?.name ?? message.model ?? t`the model`}
            queued={queued}
            retryAt={message.retryAt}
          />
        ) : message.type === 'image' ? (
          <ImageMessage
            url={message.content}
            prompt={message.metadata?.prompt ?? message.prompt ?? ''}
            aspectRatio={message.metadata?.aspectRatio}
            onRegenerate={readOnly ? undefined : () => onRegenerate(message)}
          />
        ) : mine ? (
          <>
            {message.metadata?.attachments?.length ? (
              <div className="mb-2">
                <AttachmentChips attachments={message.metadata.attachments} label={t`Attached files`} />
              </div>
            ) : null}
            <p className="whitespace-pre-wrap break-words text-body text-fg">{message.content}</p>
          </>
        ) : (
          <AiText message={message} queued={queued} />
        )}
        {settled && !editing && !mine && message.cut && (
          <CutReplyNote reason={message.cut} onRetry={onRetry ? () => onRetry(message) : undefined} />
        )}
        {settled && !editing && !mine && message.type === 'text' && <ReplyFigures modelName={name} metadata={message.metadata} />}
        {settled && !editing && (
          <div className="mt-1.5 flex flex-wrap items-center gap-1">
            {branch && <VersionSwitcher id={message.id} siblingIds={message.siblingIds} onSwitch={branch.onSwitch} />}
            <MessageActions
              text={message.content}
              onEdit={stored && message.type === 'text' ? () => setEditing(true) : undefined}
              onDelete={stored ? () => setConfirmingDelete(true) : undefined}
            />
            {branch && stored && !mine && message.type === 'text' && (
              <RegenerateMenu current={message.model} models={branch.textModels} onPick={(id) => branch.onRegenerateWith(message, id)} />
            )}
          </div>
        )}
        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={t`Delete message`}
          message={t`Delete this message and everything below it on this branch? Other versions stay. This cannot be undone.`}
          confirmLabel={t`Delete`}
          tone="danger"
          onConfirm={() => onDelete(message.id)}
        />
      </div>
    </article>
  );
});
