import { Trans, useLingui } from '@lingui/react/macro';
import { BookmarkPlus, Check, MessageSquarePlus, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useAddSharedPrompt } from '../api/add-shared-prompt';
import { useSharedPrompt } from '../api/shared-prompt';
import { VariableChips } from './variable-chips';

/** The chat with a text waiting in its message box (the chat reads `share_text`, as from the installed app's share target). */
export const chatWithTextPath = (text: string) => `/thread?share_text=${encodeURIComponent(text)}`;

/** Saving a copy: an account's button (then a link to its library); a guest is asked to sign up. */
function SaveCopy({ token, signedIn }: { token: string; signedIn: boolean }) {
  const add = useAddSharedPrompt();
  if (!signedIn)
    return (
      <Link to="/signup" className={buttonClasses({ variant: 'outline' })}>
        <UserPlus className="size-4" aria-hidden />
        <Trans>Sign up to save it</Trans>
      </Link>
    );
  if (add.isSuccess)
    return (
      <p role="status" className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg">
        <span className="inline-flex items-center gap-1.5">
          <Check className="size-4 text-success" aria-hidden />
          <Trans>Saved to your prompts.</Trans>
        </span>
        <Link to="/prompts" className="font-medium text-accent-ink underline">
          <Trans>Open your prompts</Trans>
        </Link>
      </p>
    );
  return (
    <>
      <Button
        variant="outline"
        icon={<BookmarkPlus className="size-4" aria-hidden />}
        onClick={() => add.mutate(token)}
        loading={add.isPending}
        data-testid="save-shared-prompt"
      >
        <Trans>Save to my prompts</Trans>
      </Button>
      {add.isError && <ErrorBanner message={add.error.message} onDismiss={() => add.reset()} className="basis-full" />}
    </>
  );
}

/** /prod/prompts/shared/{token}: the prompt a share link shows, to use in a chat or save a copy of. */
export function SharedPromptScreen({ token, signedIn }: { token: string; signedIn: boolean }) {
  const { t } = useLingui();
  const shared = useSharedPrompt(token);
  if (shared.isPending)
    return (
      <Page title={t`Shared prompt`} width="md">
        <Spinner label={t`Loading the prompt...`} className="text-sm text-muted" />
      </Page>
    );
  if (shared.isError)
    return (
      <Page title={t`Shared prompt`} width="md">
        <ErrorBanner message={shared.error.message} />
      </Page>
    );
  const p = shared.data;
  const author = p.author;
  return (
    <Page title={t`Shared prompt`} width="md">
      <article
        aria-labelledby="shared-prompt-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm"
      >
        <div>
          <h2 id="shared-prompt-title" className="text-2xl break-words text-fg" data-testid="shared-prompt-title">
            {p.title}
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>Shared by {author}</Trans>
          </p>
        </div>
        <p className="rounded-xl bg-surface-2 p-3 text-sm break-words whitespace-pre-wrap text-fg" data-testid="shared-prompt-body">
          {p.body}
        </p>
        <VariableChips variables={p.variables} />
        <div className="flex flex-wrap items-center gap-3">
          <Link to={chatWithTextPath(p.body)} className={buttonClasses({})} data-testid="use-shared-prompt">
            <MessageSquarePlus className="size-4" aria-hidden />
            <Trans>Use in a chat</Trans>
          </Link>
          <SaveCopy token={token} signedIn={signedIn} />
        </div>
      </article>
    </Page>
  );
}
