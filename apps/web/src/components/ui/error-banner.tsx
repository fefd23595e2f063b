import { useLingui } from '@lingui/react/macro';
import { AlertCircle, Coins, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@ensemble/shared';
import { cn } from '@/lib/cn';
import { localizeMessage } from '@/i18n/server-messages';

export interface ErrorBannerProps {
  /** The text; empty gives 'An unknown error occurred'. */
  message?: ReactNode;
  /** 'credits' shows a coin icon and the action link (core.md section 2, chat screen). */
  variant?: 'error' | 'credits';
  /** In-app path of the action (e.g. /signup, /upgrade); shows 'Click here to continue'. */
  actionHref?: string;
  actionLabel?: string;
  onDismiss?(): void;
  className?: string;
}

/** An inline alert with an icon, the message, an optional action link and a dismiss button. */
export function ErrorBanner({ message, variant = 'error', actionHref, actionLabel, onDismiss, className }: ErrorBannerProps) {
  const { t } = useLingui();
  const credits = variant === 'credits';
  const Icon = credits ? Coins : AlertCircle;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        credits ? 'border-warning/35 bg-warning/10 text-fg' : 'border-danger/35 bg-danger/10 text-fg',
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', credits ? 'text-warning' : 'text-danger')} />
      <div className="min-w-0 flex-1">
        <p className="break-words">
          {typeof message === 'string' || !message ? localizeMessage(String(message || MESSAGES.unknown)) : message}
        </p>
        {actionHref && (
          <Link to={actionHref} className="mt-1 inline-block font-medium text-accent-ink underline-offset-2 hover:underline">
            {actionLabel ?? t`Click here to continue`}
          </Link>
        )}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t`Dismiss`}
          className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted transition hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
