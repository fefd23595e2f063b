import type { ModelType } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Shortcut, IMAGE_SHORTCUTS, TEXT_SHORTCUTS } from '../shortcuts';

function ShortcutGrid({
  title,
  items,
  type,
  onPick,
}: {
  title: string;
  items: Shortcut[];
  type: ModelType;
  onPick(prompt: string, type: ModelType): void;
}) {
  const { i18n } = useLingui();
  return (
    <div>
      <h3 className="mb-2 font-sans text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(({ id, label, icon: Icon, prompt }) => {
          const text = i18n._(prompt);
          return (
            <button
              key={id}
              type="button"
              onClick={() => onPick(text, type)}
              title={text}
              className="flex flex-col items-start gap-2 rounded-xl border border-border bg-surface p-3 text-start text-sm text-fg transition hover:border-accent/50 hover:bg-surface-2"
            >
              <Icon className="size-4 text-accent" aria-hidden />
              <span className="font-medium">{i18n._(label)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The empty chat: 'How can I help you today?', a subtitle and the text and image starter prompts. */
export function EmptyChat({ onPick }: { onPick(prompt: string, type: ModelType): void }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="empty-chat">
      <div className="text-center">
        <h2 className="text-2xl text-fg sm:text-3xl">
          <Trans>How can I help you today?</Trans>
        </h2>
        <p className="mt-2 text-sm text-muted">
          <Trans>Ask anything, or start from one of these ideas. Pick a model below; each reply costs credits.</Trans>
        </p>
      </div>
      <ShortcutGrid title={t`Write and think`} items={TEXT_SHORTCUTS} type="text" onPick={onPick} />
      <ShortcutGrid title={t`Create images`} items={IMAGE_SHORTCUTS} type="image" onPick={onPick} />
    </div>
  );
}
