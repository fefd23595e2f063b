import { UI } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { textOnAccent } from '@/features/preferences';
import { accentShades } from '@/lib/accent-shades';
import { cn } from '@/lib/cn';

/** A few accents to start from; the colour input allows any. */
export const ACCENT_PRESETS = [UI.defaultAccent, '#7C3AED', '#DB2777', '#FF5500', '#F5C518', '#10B981', '#0EA5E9', '#64748B'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The accent colour: a colour input, a hex field and presets, with a live sample of a filled
 * control (the text colour goes on it: white, or the accent 40 % darker when the accent is bright;
 * the fill, or where none can the text, is shifted just enough to read at 4.5:1).
 */
export function AccentPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const onAccent = textOnAccent(value);
  // The sample is a filled control with small text: it shows the readable fill buttons use.
  const shades = accentShades(value, onAccent);
  const commitDraft = (text: string) => {
    setDraft(text);
    const hex = text.startsWith('#') ? text : `#${text}`;
    if (HEX.test(hex)) onChange(hex.toUpperCase());
  };

  return (
    <div className="flex flex-col gap-3 sm:items-end">
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t`Accent colour`}
          value={value.toLowerCase()}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-10 w-12 cursor-pointer rounded-lg border border-border bg-bg p-1"
        />
        <input
          aria-label={t`Accent colour hex`}
          value={draft}
          onChange={(e) => commitDraft(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          className="h-10 w-24 rounded-lg border border-border bg-bg px-2.5 font-mono text-sm text-fg uppercase focus:border-accent focus:outline-none"
        />
        <span
          data-testid="accent-sample"
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium shadow-sm"
          style={{ backgroundColor: shades?.fill ?? value, color: shades?.onFill ?? onAccent }}
        >
          <Trans>Sample</Trans>
        </span>
      </div>
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">
          <Trans>Accent presets</Trans>
        </legend>
        {ACCENT_PRESETS.map((preset) => {
          const selected = preset.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={preset}
              type="button"
              aria-label={t`Accent ${preset}`}
              aria-pressed={selected}
              onClick={() => onChange(preset)}
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-full ring-offset-2 ring-offset-surface transition hover:scale-110',
                selected && 'ring-2 ring-fg/70',
              )}
              style={{ backgroundColor: preset, color: textOnAccent(preset) }}
            >
              {selected && <Check aria-hidden="true" className="size-3.5" />}
            </button>
          );
        })}
      </fieldset>
      <p className="text-xs text-muted" data-testid="text-on-accent">
        <Trans>
          Text on accent: <span className="font-mono">{onAccent}</span>
        </Trans>
      </p>
    </div>
  );
}
