import type { Assistant } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, MessageSquarePlus, Plus, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useModels } from '@/lib/models';
import { useAddSharedAssistant } from '../api/add-shared-assistant';
import { useSharedAssistant } from '../api/shared-assistant';
import { AssistantAvatar } from './assistant-avatar';
import { startChatPath } from './assistant-card';

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-sm text-fg">{children}</dd>
    </div>
  );
}

/** What a shared assistant is made of, read-only. */
function SharedDetails({ assistant }: { assistant: Assistant }) {
  const { t } = useLingui();
  const { find } = useModels();
  const none = t`Model default`;
  return (
    <dl className="grid grid-cols-1 gap-5 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2">
      <Fact label={t`Model`}>{find(assistant.model_id)?.name ?? assistant.model_id}</Fact>
      <Fact label={t`Search the web`}>{assistant.web_search ? t`On` : t`Off`}</Fact>
      <Fact label={t`Temperature`}>{assistant.temperature ?? none}</Fact>
      <Fact label={t`Maximum output tokens`}>{assistant.max_output_tokens ?? none}</Fact>
      <Fact label={t`Instructions`} wide>
        {assistant.instructions ? (
          <span className="block rounded-xl bg-surface-2 p-3 break-words whitespace-pre-wrap">{assistant.instructions}</span>
        ) : (
          <span className="text-muted">
            <Trans>None</Trans>
          </span>
        )}
      </Fact>
      {assistant.starters.length > 0 && (
        <Fact label={t`Conversation starters`} wide>
          <ul className="list-disc space-y-1 ps-5">
            {assistant.starters.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Fact>
      )}
    </dl>
  );
}

/** What the visitor may do: an account adds a copy; a guest is asked to sign up first. */
function AddToMine({ token, signedIn, own }: { token: string; signedIn: boolean; own: boolean }) {
  const add = useAddSharedAssistant();
  if (!signedIn)
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          <Trans>Sign up to add this assistant to your own list and change it as you like.</Trans>
        </p>
        <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'shrink-0' })}>
          <UserPlus className="size-4" aria-hidden />
          <Trans>Sign Up</Trans>
        </Link>
      </div>
    );
  if (add.isSuccess)
    return (
      <div className="flex flex-wrap items-center gap-3" role="status">
        <p className="inline-flex items-center gap-1.5 text-sm text-fg">
          <Check className="size-4 text-success" aria-hidden />
          <Trans>Added to your assistants.</Trans>
        </p>
        <Link to={startChatPath(add.data.assistant)} className={buttonClasses({ size: 'sm' })}>
          <MessageSquarePlus className="size-4" aria-hidden />
          <Trans>Start chat</Trans>
        </Link>
        <Link to="/assistants" className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          <Trans>Open your assistants</Trans>
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {add.isError && <ErrorBanner message={add.error.message} onDismiss={() => add.reset()} />}
      <div>
        <Button
          icon={<Plus className="size-4" aria-hidden />}
          onClick={() => add.mutate(token)}
          loading={add.isPending}
          data-testid="add-shared-assistant"
        >
          {own ? <Trans>Add a copy to my assistants</Trans> : <Trans>Add to my assistants</Trans>}
        </Button>
      </div>
    </div>
  );
}

/** /prod/assistants/shared/{token}: the read-only assistant a share link shows, and adding it to one's own list. */
export function SharedAssistantScreen({ token, signedIn }: { token: string; signedIn: boolean }) {
  const { t } = useLingui();
  const shared = useSharedAssistant(token);
  if (shared.isPending)
    return (
      <Page title={t`Shared assistant`} width="md">
        <Spinner label={t`Loading the assistant...`} className="text-sm text-muted" />
      </Page>
    );
  if (shared.isError)
    return (
      <Page title={t`Shared assistant`} width="md">
        <ErrorBanner message={shared.error.message} />
        <p className="mt-4 text-sm">
          <Link to="/assistants" className="text-accent-ink underline">
            <Trans>See the featured assistants</Trans>
          </Link>
        </p>
      </Page>
    );
  const a = shared.data;
  return (
    <Page title={t`Shared assistant`} width="md">
      <div className="mb-6 flex items-start gap-4">
        <AssistantAvatar assistant={a} size="lg" />
        <div className="min-w-0">
          <h2 className="text-2xl text-fg" data-testid="shared-assistant-name">
            {a.name}
          </h2>
          {a.description && <p className="mt-1 text-sm text-muted">{a.description}</p>}
        </div>
      </div>
      <div className="mb-6">
        <AddToMine token={token} signedIn={signedIn} own={a.mine} />
      </div>
      <SharedDetails assistant={a} />
    </Page>
  );
}
