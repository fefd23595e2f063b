import { promptVariables } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookText, UserPlus } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/features/session';
import { usePrompts } from '../api/list-prompts';
import { matchesPrompt } from '../match-prompt';
import { STARTER_PROMPTS } from '../starter-prompts';
import { VariableForm } from './variable-form';

/** A prompt the picker offers: one of the account's, or a starter. */
interface Choice {
  key: string;
  title: string;
  body: string;
  variables: string[];
}

/** What the input bar gives the picker. */
export interface PromptPickerProps {
  /** The message box: it keeps the focus while the list filters, and is the list's combobox. */
  box: RefObject<HTMLTextAreaElement | null>;
  /** What was typed after the "/". */
  query: string;
  /** The box's key handler asks this first; it answers whether it took the key. */
  keys: RefObject<((event: KeyboardEvent<HTMLTextAreaElement>) => boolean) | undefined>;
  /** Puts a prompt's text in the box, in place of the "/..." typed. */
  onPick(text: string): void;
  onClose(): void;
}

// Attributes that make the message box the list's combobox while the picker is open.
const BOX_ATTRIBUTES = ['role', 'aria-expanded', 'aria-controls', 'aria-autocomplete', 'aria-activedescendant'];

function Option({
  choice,
  id,
  selected,
  onHover,
  onChoose,
}: {
  choice: Choice;
  id: string;
  selected: boolean;
  onHover(): void;
  onChoose(): void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the message box's (aria-activedescendant)
    // biome-ignore lint/a11y/useFocusableInteractive: likewise, the option is never focused itself
    <div
      id={id}
      role="option"
      aria-selected={selected}
      // The message box keeps the focus.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
      className={`cursor-pointer rounded-xl px-3 py-2 ${selected ? 'bg-accent/12 ring-1 ring-accent/40' : 'hover:bg-surface-2'}`}
      data-testid="prompt-option"
    >
      <span className="block truncate text-sm font-medium text-fg">{choice.title}</span>
      <span className="block truncate text-xs text-muted">{choice.body}</span>
    </div>
  );
}

/**
 * The prompt library's picker (issue 42), opened by a "/" typed into the empty message box: the account's prompts and
 * the starters, filtered by what follows the "/". ArrowUp/ArrowDown move, Enter picks, Escape or a click elsewhere
 * closes. A prompt with `{{variables}}` asks for their values first (VariableForm).
 */
export function PromptPicker({ box, query, keys, onPick, onClose }: PromptPickerProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const saved = usePrompts(user?.id ?? null);
  const listId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [filling, setFilling] = useState<Choice | null>(null);
  // A new filter starts again at the first prompt.
  const [seenQuery, setSeenQuery] = useState(query);
  if (seenQuery !== query) {
    setSeenQuery(query);
    setActive(0);
  }

  const mine: Choice[] = (saved.data?.prompts ?? []).map((p) => ({
    key: `p${p.id}`,
    title: p.title,
    body: p.body,
    variables: p.variables,
  }));
  const starters: Choice[] = STARTER_PROMPTS.map((s) => {
    const body = i18n._(s.body);
    return { key: `s-${s.id}`, title: i18n._(s.title), body, variables: promptVariables(body) };
  });
  const shownMine = mine.filter((c) => matchesPrompt(query, c));
  const shownStarters = starters.filter((c) => matchesPrompt(query, c));
  const shown = [...shownMine, ...shownStarters];
  const current = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  const finish = (text: string) => {
    // The box takes the focus now (the form's field that had it is about to go), and once it holds the text, the
    // cursor goes to its end.
    box.current?.focus();
    onPick(text);
    setTimeout(() => {
      const el = box.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
  };
  const choose = (choice: Choice) => (choice.variables.length ? setFilling(choice) : finish(choice.body));
  const cancelForm = () => {
    onClose();
    box.current?.focus();
  };

  // The box's keys while the list shows (the form's fields have their own).
  useLayoutEffect(() => {
    keys.current = filling
      ? undefined
      : (event) => {
          const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
          if (move && shown.length) setActive((current + move + shown.length) % shown.length);
          else if (event.key === 'Escape') onClose();
          else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && shown[current]) choose(shown[current]);
          else return false;
          event.preventDefault();
          return true;
        };
    return () => {
      keys.current = undefined;
    };
  });

  // The message box is the list's combobox while the list shows.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || filling) return;
    const set = (name: string, value: string | null) => (value === null ? el.removeAttribute(name) : el.setAttribute(name, value));
    set('role', 'combobox');
    set('aria-expanded', 'true');
    set('aria-controls', listId);
    set('aria-autocomplete', 'list');
    set('aria-activedescendant', current >= 0 ? optionId(current) : null);
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      for (const name of BOX_ATTRIBUTES) el.removeAttribute(name);
    };
  });

  // A click anywhere else closes the picker.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && target !== box.current) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [box, onClose]);

  const count = shown.length;
  let index = 0;
  const group = (label: string, choices: Choice[], testId: string) =>
    choices.length > 0 && (
      // biome-ignore lint/a11y/useSemanticElements: a listbox's section of options, not a form's fieldset
      <div role="group" aria-label={label} data-testid={testId}>
        <div aria-hidden className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
          {label}
        </div>
        {choices.map((choice) => {
          const i = index++;
          return (
            <Option
              key={choice.key}
              choice={choice}
              id={optionId(i)}
              selected={i === current}
              onHover={() => setActive(i)}
              onChoose={() => choose(choice)}
            />
          );
        })}
      </div>
    );

  return (
    <div
      ref={panel}
      className="absolute inset-x-0 bottom-full z-30 mb-2 flex max-h-[min(26rem,55dvh)] flex-col overflow-hidden rounded-2xl border border-border bg-surface text-start shadow-lg"
      data-testid="prompt-picker"
    >
      {filling ? (
        <VariableForm title={filling.title} body={filling.body} variables={filling.variables} onInsert={finish} onCancel={cancelForm} />
      ) : (
        <>
          <div id={listId} role="listbox" aria-label={t`Prompts`} className="min-h-0 overflow-y-auto p-1.5">
            {group(t`Your prompts`, shownMine, 'picker-mine')}
            {group(t`Starters`, shownStarters, 'picker-starters')}
          </div>
          {count === 0 && (
            <p className="px-4 pb-3 text-sm text-muted">
              <Trans>No prompt matches “{query}”.</Trans>
            </p>
          )}
          <p role="status" className="sr-only">
            {plural(count, { one: '# prompt', other: '# prompts' })}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted">
            <span className="hidden sm:inline">
              <Trans>↑ ↓ to move, Enter to choose, Esc to close</Trans>
            </span>
            {user ? (
              <Link to="/prompts" className="inline-flex items-center gap-1 font-medium text-accent-ink hover:underline">
                <BookText className="size-3.5" aria-hidden />
                <Trans>Manage prompts</Trans>
              </Link>
            ) : (
              <Link to="/signup" className="inline-flex items-center gap-1 font-medium text-accent-ink hover:underline">
                <UserPlus className="size-3.5" aria-hidden />
                <Trans>Sign up to save your own prompts</Trans>
              </Link>
            )}
          </div>
        </>
      )}
    </div>
  );
}
