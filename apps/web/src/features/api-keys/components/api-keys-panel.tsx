import { API_KEYS_MAX, type CreateKeyResponse } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookOpen, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { API_DOCS } from '@/lib/api-docs-paths';
import { useKeys } from '../api/list-keys';
import { CreateKeyForm } from './create-key-form';
import { KeysList } from './keys-list';
import { NewKeyNotice } from './new-key-notice';

const linkClasses = 'inline-flex items-center gap-1.5 font-medium text-accent-ink underline-offset-2 hover:underline';

function DocsLink() {
  return (
    <Link to={API_DOCS.page} className={linkClasses}>
      <BookOpen className="size-4" aria-hidden />
      <Trans>API reference</Trans>
    </Link>
  );
}

/** What a guest sees instead of the keys: keys belong to accounts. */
function GuestPrompt() {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        <Trans>Sign up to create API keys and call Ensemble from your own programs.</Trans>
      </p>
      <div className="flex shrink-0 items-center gap-4 text-sm">
        <DocsLink />
        <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
          <UserPlus className="size-4" aria-hidden />
          <Trans>Sign Up</Trans>
        </Link>
      </div>
    </div>
  );
}

function AccountKeys() {
  const { t } = useLingui();
  const keys = useKeys();
  const [created, setCreated] = useState<{ secret: string; name: string } | null>(null);
  const full = (keys.data?.length ?? 0) >= API_KEYS_MAX;
  return (
    <div className="space-y-5">
      {created ? (
        <NewKeyNotice name={created.name} secret={created.secret} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm full={full} onCreated={(answer: CreateKeyResponse, name) => setCreated({ secret: answer.key, name })} />
      )}
      {keys.isPending ? (
        <Spinner label={t`Loading your keys...`} className="text-sm text-muted" />
      ) : keys.isError ? (
        <ErrorBanner message={keys.error.message} />
      ) : (
        <KeysList keys={keys.data} />
      )}
      <p className="text-sm text-muted">
        <Trans>
          Send a key as <code className="rounded bg-surface-2 px-1 font-mono text-xs text-fg">Authorization: Bearer ens_…</code> to the
          OpenAI-compatible routes under <code className="rounded bg-surface-2 px-1 font-mono text-xs text-fg">/v1</code>.
        </Trans>{' '}
        <DocsLink />
      </p>
    </div>
  );
}

/** Settings' API keys (issue 39): an account creates, sees and revokes its keys; a guest is asked to sign up. */
export function ApiKeysPanel({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <AccountKeys /> : <GuestPrompt />;
}
