import { Trans } from '@lingui/react/macro';
import { CloudOff, LogIn, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { CREDITS } from '@ensemble/shared';
import { cn } from '@/lib/cn';
import { buttonClasses } from './ui/button';

/**
 * The anonymous visitor's prompt to sign up (core.md "Header and side navigation"): Sign Up and
 * Log In buttons and a warning that the current chat is lost when the browser closes.
 */
export function SaveConversationsPanel({ className }: { className?: string }) {
  const bonus = CREDITS.signUpBonus;
  return (
    <section aria-labelledby="save-conversations-title" className={cn('rounded-2xl border border-border bg-surface p-4', className)}>
      <h2 id="save-conversations-title" className="font-sans text-sm font-semibold text-fg">
        <Trans>Save Your Conversations</Trans>
      </h2>
      <p className="mt-1.5 text-xs leading-relaxed text-muted">
        <Trans>Sign up to keep your chat history across devices and get {bonus} free credits.</Trans>
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'w-full' })}>
          <UserPlus aria-hidden="true" className="size-4" />
          <Trans>Sign Up</Trans>
        </Link>
        <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'w-full' })}>
          <LogIn aria-hidden="true" className="size-4" />
          <Trans>Log In</Trans>
        </Link>
      </div>
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-warning/10 px-3 py-2 text-xs leading-relaxed text-muted">
        <CloudOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-warning" />
        <span>
          <Trans>Your current chat is not saved and will be lost when you close the browser.</Trans>
        </span>
      </p>
    </section>
  );
}
