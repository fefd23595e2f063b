import { MESSAGES } from '@ensemble/shared';
import { Ban } from 'lucide-react';
import { useAccountSuspended } from '../account-suspension';
import { localizeMessage } from '@/i18n/server-messages';

/** 'This account is suspended…', under the header, once the server said so for this tab's account (until a sign-in). */
export function AccountSuspendedNotice() {
  const suspended = useAccountSuspended();
  if (!suspended) return null;
  return (
    <div role="alert" data-testid="account-suspended-notice" className="border-b border-danger/40 bg-danger/10 px-4 py-2.5 text-sm text-fg">
      <div className="mx-auto flex max-w-5xl items-center gap-3">
        <Ban aria-hidden="true" className="size-4 shrink-0 text-danger" />
        <p className="min-w-0 flex-1">{localizeMessage(MESSAGES.accountSuspended)}</p>
      </div>
    </div>
  );
}
