import { useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { localizeThreadTitle } from '@/i18n/server-messages';

/** The thread title: a click turns it into a field; submit or blur saves, and the field stays open if the save fails. */
export function ThreadTitle({ title, editable, onRename }: { title: string; editable: boolean; onRename(title: string): Promise<void> }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const saving = useRef(false);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null || saving.current) return;
    const next = draft.trim();
    if (!next || next === title) {
      setDraft(null);
      return;
    }
    saving.current = true;
    try {
      await onRename(next);
      setDraft(null);
    } catch {
      // Stays in edit mode; the banner says what failed.
    } finally {
      saving.current = false;
    }
  };

  if (draft !== null) {
    return (
      <form onSubmit={save} className="min-w-0 flex-1">
        <input
          // biome-ignore lint/a11y/noAutofocus: the field appears because the user clicked the title
          autoFocus
          aria-label={t`Thread title`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void save()}
          onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
          className="w-full rounded-md border border-border bg-surface px-2 py-1 font-display text-lg text-fg outline-none focus:border-accent"
        />
      </form>
    );
  }
  if (!editable)
    return (
      <h2 className="min-w-0 flex-1 truncate text-lg text-fg">
        <bdi>{localizeThreadTitle(title)}</bdi>
      </h2>
    );
  return (
    <h2 className="min-w-0 flex-1 text-lg text-fg">
      <button
        type="button"
        onClick={() => setDraft(title)}
        title={t`Rename thread`}
        className="group inline-flex max-w-full items-center gap-2 rounded-md text-left hover:text-accent-ink"
      >
        <span dir="auto" className="truncate">
          {localizeThreadTitle(title)}
        </span>
        <Pencil aria-hidden className="size-3.5 shrink-0 text-muted opacity-0 transition group-hover:opacity-100" />
      </button>
    </h2>
  );
}
