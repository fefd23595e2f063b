import type { ThreadAssistant } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { Bot } from 'lucide-react';

/** An assistant's picture: its icon, else its emoji, else a robot. */
export function AssistantMark({ assistant, size = 'sm' }: { assistant: ThreadAssistant; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-14 text-3xl rounded-2xl' : 'size-5 text-sm rounded-md';
  if (assistant.icon_url) return <img src={assistant.icon_url} alt="" className={`${box} shrink-0 object-cover`} />;
  if (assistant.emoji)
    return (
      <span aria-hidden className={`${box} inline-flex shrink-0 items-center justify-center leading-none`}>
        {assistant.emoji}
      </span>
    );
  return <Bot aria-hidden className={`${size === 'lg' ? 'size-10' : 'size-4'} shrink-0 text-accent`} />;
}

/** Which assistant the chat uses (issue 40), shown above the input. */
export function AssistantBadge({ assistant }: { assistant: ThreadAssistant }) {
  const { t } = useLingui();
  const name = assistant.name;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted" data-testid="chat-assistant" title={t`Assistant: ${name}`}>
      <AssistantMark assistant={assistant} />
      <span className="sr-only">{t`Assistant:`}</span>
      <span className="truncate font-medium text-fg">{name}</span>
    </p>
  );
}
