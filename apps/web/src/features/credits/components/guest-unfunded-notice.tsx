import { MESSAGES } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Info, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { creditsQueryOptions } from '@/lib/credits';
import { localizeMessage } from '@/i18n/server-messages';

const DISMISSED_KEY = 'guestUnfundedNoticeDismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * A banner under the header for a guest who got no credits because its network's free guests of
 * the day are used up: says why, and offers Sign Up. Dismissed for the browser session.
 */
export function GuestUnfundedNotice() {
  const { t } = useLingui();
  const { data: snapshot } = useQuery(creditsQueryOptions());
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!snapshot?.unfunded || snapshot.plan !== 'guest' || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the banner simply comes back on the next page load.
    }
  };
  return (
    <div role="status" data-testid="guest-unfunded-notice" className="border-b border-warning/40 bg-warning/10 px-4 py-2.5 text-sm text-fg">
      <div className="mx-auto flex max-w-5xl items-center gap-3">
        <Info aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">{localizeMessage(MESSAGES.guestUnfunded)}</p>
        <Link to="/signup" className="shrink-0 rounded-md px-2 py-1 font-medium underline underline-offset-2 hover:bg-surface-2">
          <Trans>Sign Up</Trans>
        </Link>
        <button
          type="button"
          aria-label={t`Dismiss`}
          onClick={dismiss}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
