import { type ReactElement, cloneElement, useId } from 'react';
import { cn } from '@/lib/cn';
import { localizeMessage } from '@/i18n/server-messages';

export interface FieldProps {
  label: string;
  /** The input, textarea or select; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
  hint?: string;
  error?: string | null;
  className?: string;
}

/** A labelled form field with an optional hint and an error text wired to the control. */
export function Field({ label, children, hint, error, className }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-danger">
          {typeof error === 'string' ? localizeMessage(error) : error}
        </p>
      )}
    </div>
  );
}
