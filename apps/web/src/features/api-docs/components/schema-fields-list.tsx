import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-count';
import type { FieldConstraint, SchemaField } from '../model/schema-fields';
import { InlineCode } from './inline-code';

const chip = 'rounded bg-surface-2 px-1.5 py-px font-mono text-[11px] text-fg';

function Bounds({ min, max, unit }: { min?: number; max?: number; unit: 'value' | 'length' | 'items' }) {
  const low = formatCount(min ?? 0);
  const high = formatCount(max ?? 0);
  if (unit === 'length') {
    if (min !== undefined && max !== undefined)
      return (
        <Trans>
          {low} to {high} characters
        </Trans>
      );
    if (max !== undefined) return <Trans>at most {high} characters</Trans>;
    return <Trans>at least {low} characters</Trans>;
  }
  if (unit === 'items') {
    if (min !== undefined && max !== undefined)
      return (
        <Trans>
          {low} to {high} items
        </Trans>
      );
    if (max !== undefined) return <Trans>at most {high} items</Trans>;
    return <Trans>at least {low} items</Trans>;
  }
  if (min !== undefined && max !== undefined)
    return (
      <Trans>
        from {low} to {high}
      </Trans>
    );
  if (max !== undefined) return <Trans>at most {high}</Trans>;
  return <Trans>at least {low}</Trans>;
}

function Constraint({ c }: { c: FieldConstraint }): ReactNode {
  switch (c.kind) {
    case 'enum':
      return (
        <span className="inline-flex flex-wrap items-center gap-1">
          <Trans>One of:</Trans>
          {c.values.map((v) => (
            <code key={v} className={chip}>
              {v}
            </code>
          ))}
        </span>
      );
    case 'default': {
      const value = c.value;
      return (
        <Trans>
          Default: <code className={chip}>{value}</code>
        </Trans>
      );
    }
    case 'range':
      return <Bounds min={c.min} max={c.max} unit="value" />;
    case 'length':
      return <Bounds min={c.min} max={c.max} unit="length" />;
    case 'items':
      return <Bounds min={c.min} max={c.max} unit="items" />;
    case 'format': {
      const value = c.value;
      return (
        <Trans>
          Format: <code className={chip}>{value}</code>
        </Trans>
      );
    }
    case 'pattern': {
      const value = c.value;
      return (
        <Trans>
          Pattern: <code className={chip}>{value}</code>
        </Trans>
      );
    }
  }
}

// JSON Schema's words, not English to translate: "string | null".
const typeOf = (field: SchemaField) => (field.nullable ? `${field.type} | null` : field.type);

/** A schema's fields as rows: name, type, required or optional, description and limits; nested ones indented. */
export function SchemaFieldsList({ fields, label }: { fields: SchemaField[]; label: string }) {
  const { t } = useLingui();
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border bg-bg">
      {fields.map((field) => (
        <li key={field.name} className="px-4 py-2.5" style={{ paddingInlineStart: `${1 + field.depth * 0.875}rem` }}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code dir="ltr" className="font-mono text-sm font-medium break-all text-fg">
              {field.name}
            </code>
            {field.place && <code className={chip}>{field.place}</code>}
            <span dir="ltr" className="font-mono text-xs text-muted">
              {typeOf(field)}
            </span>
            {field.required ? (
              <span className="text-[11px] font-medium tracking-wide text-danger uppercase">{t`required`}</span>
            ) : (
              <span className="text-[11px] tracking-wide text-muted uppercase">{t`optional`}</span>
            )}
            {field.deprecated && <span className="text-[11px] tracking-wide text-warning uppercase">{t`deprecated`}</span>}
          </div>
          {field.description && (
            <p lang="en" className="mt-1 text-sm text-muted">
              <InlineCode text={field.description} />
            </p>
          )}
          {field.constraints.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
              {field.constraints.map((c) => (
                <li key={c.kind}>
                  <Constraint c={c} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
