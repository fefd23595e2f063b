import { CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { MESSAGES } from '@ensemble/shared';
import { cn } from '@/lib/cn';
import { localizeMessage } from '@/i18n/server-messages';

/** A green confirmation (role status), e.g. 'Check your inbox for password reset instructions'. */
export function SuccessNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-start gap-3 rounded-xl border border-success/35 bg-success/10 px-4 py-3 text-sm text-fg', className)}
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
      <div className="min-w-0 flex-1 break-words">{typeof children === 'string' ? localizeMessage(children) : children}</div>
    </div>
  );
}

/** 'Your session has expired. Please sign in again.' */
export function SessionExpiredNotice({ className }: { className?: string }) {
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 rounded-xl border border-warning/35 bg-warning/10 px-4 py-3 text-sm text-fg', className)}
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p className="min-w-0 flex-1">{localizeMessage(MESSAGES.sessionExpired)}</p>
    </div>
  );
}

/** A link-styled button that switches forms inside the auth panel. */
export function TextButton({ children, onClick, className }: { children: ReactNode; onClick(): void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn('rounded font-medium text-accent-ink underline-offset-2 transition hover:underline focus-visible:outline-2', className)}
    >
      {children}
    </button>
  );
}
