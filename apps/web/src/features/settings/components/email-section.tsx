import type { User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { sendVerification } from '../api/spending';
import { SettingsSection } from './settings-section';

/** Settings' e-mail card: whether the address is confirmed, the result of a followed link, and a resend button. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const landed = params.get('email_verified');
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const verified = user.email_verified === true;
  const email = user.email;

  async function handleResend() {
    setSending(true);
    try {
      setNote(await sendVerification());
    } catch (error) {
      setNote(error instanceof ApiError ? error.message : t`Failed to send the mail. Please try again.`);
    } finally {
      setSending(false);
    }
  }

  return (
    <SettingsSection id="email" title={t`E-mail`}>
      {landed === '1' && (
        <p className="mb-3 text-sm text-success">
          <Trans>Thank you: your e-mail address is confirmed.</Trans>
        </p>
      )}
      {landed === '0' && !verified && (
        <p role="alert" className="mb-3 text-sm text-danger">
          <Trans>This confirmation link is invalid or has expired. Send yourself a new one below.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-fg">
          {verified ? (
            <CircleCheck aria-hidden="true" className="size-4 text-success" />
          ) : (
            <MailWarning aria-hidden="true" className="size-4 text-warning" />
          )}
          <span>{verified ? <Trans>{email} is confirmed.</Trans> : <Trans>{email} is not confirmed yet.</Trans>}</span>
        </p>
        {!verified && (
          <Button variant="outline" onClick={handleResend} loading={sending}>
            <Trans>Send a new confirmation link</Trans>
          </Button>
        )}
      </div>
      {note && (
        <p role="status" className="mt-3 text-sm text-muted">
          {note}
        </p>
      )}
    </SettingsSection>
  );
}
