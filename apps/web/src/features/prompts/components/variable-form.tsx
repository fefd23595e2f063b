import { fillPrompt } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * Fills a prompt's `{{variables}}`: one labelled field per variable, in order, the first focused. Enter moves to the
 * next field and, on the last, inserts (as the Insert button does); Escape cancels. Not a <form>: it shows inside the
 * input bar's form, whose Enter would send.
 */
export function VariableForm({
  title,
  body,
  variables,
  onInsert,
  onCancel,
}: {
  title: string;
  body: string;
  variables: string[];
  onInsert(text: string): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const insert = () => onInsert(fillPrompt(body, values));
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (index === variables.length - 1) insert();
      else document.getElementById(`${baseId}-${index + 1}`)?.focus();
    }
  };

  return (
    <fieldset
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // Not the reply's Stop (Escape on the page), nor anything else.
        e.preventDefault();
        onCancel();
      }}
      className="m-0 flex min-h-0 min-w-0 flex-col border-0 p-0"
      data-testid="prompt-variables"
    >
      <div className="flex items-center gap-2 border-b border-border px-3 py-2">
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">
          {title}
        </h2>
        <span className="shrink-0 text-xs text-muted">
          <Trans>Fill in the blanks</Trans>
        </span>
      </div>
      <div className="flex min-h-0 flex-col gap-3 overflow-y-auto px-3 py-3">
        {variables.map((name, index) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${baseId}-${index}`} className="text-xs font-medium text-fg">
              {name}
            </label>
            <Input
              id={`${baseId}-${index}`}
              ref={index === 0 ? first : undefined}
              value={values[name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              onKeyDown={(e) => handleKeyDown(e, index)}
              autoComplete="off"
              enterKeyHint={index === variables.length - 1 ? 'done' : 'next'}
            />
          </div>
        ))}
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-border px-3 py-2">
        <Button variant="ghost" size="sm" onClick={onCancel} icon={<ArrowLeft className="size-4" aria-hidden />}>
          {t`Cancel`}
        </Button>
        <Button size="sm" onClick={insert} data-testid="insert-prompt">
          <Trans>Insert</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
