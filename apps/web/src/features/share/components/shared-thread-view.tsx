import { SHARE_TOKEN_PATTERN, type SharedMessage } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { LoadingScreen } from '@/components/ui/spinner';
import { threadsQueryKey } from '@/features/chat/api/thread-keys';
import { MessageItem } from '@/features/chat/components/message-item';
import type { ChatMessage } from '@/features/chat/types';
import { useSession } from '@/features/session';
import { ApiError } from '@/lib/api-client';
import { useModels } from '@/lib/models';
import { continueSharedThread, getSharedThread } from '../api/share-api';
import { intlLocale } from '@/i18n/format';

const noop = () => undefined;
const noEdit = async () => false;

/** A snapshot message as the chat's message component takes it. */
function toChatMessage(m: SharedMessage): ChatMessage {
  return {
    id: m.id,
    sender: m.role === 'user' ? 'user' : 'ai',
    type: m.type,
    content: m.content,
    model: m.model,
    metadata: m.metadata,
    created_at: m.created_at,
  };
}

/** Keeps search engines away from the page while it is shown (the server also says so in its headers). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow, noarchive';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /prod/share/{token}: a read-only snapshot anyone with the link can open, shown with the chat's
 * own message components, and "Continue this conversation", which copies it into the visitor's chat.
 */
export function SharedThreadView({ token }: { token: string }) {
  useNoIndex();
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { find } = useModels();
  const [continuing, setContinuing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A link cut short or mistyped can match no share: it is "not found", not a request error to show.
  const wellFormed = SHARE_TOKEN_PATTERN.test(token);
  const shared = useQuery({
    queryKey: ['shared-thread', token],
    queryFn: ({ signal }) => getSharedThread(token, signal),
    enabled: wellFormed,
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus < 500) && count < 2,
  });

  async function handleContinue() {
    setContinuing(true);
    setFailure(null);
    try {
      const threadId = await continueSharedThread(token);
      await queryClient.invalidateQueries({ queryKey: threadsQueryKey });
      navigate(`/thread/${threadId}`);
    } catch (error) {
      setContinuing(false);
      setFailure(error instanceof ApiError ? error.message : t`The conversation could not be copied. Please try again.`);
    }
  }

  if (!wellFormed || shared.isError) {
    const gone = !wellFormed || (shared.error instanceof ApiError && shared.error.httpStatus === 404);
    return (
      <Page width="md" title={gone ? t`Link not found` : t`Shared conversation`}>
        <div className="flex flex-col items-start gap-4" data-testid="share-missing">
          <p className="text-body text-muted">
            {gone ? t`This shared conversation does not exist or is no longer shared.` : shared.error?.message}
          </p>
          <Button variant="secondary" onClick={() => navigate('/')}>
            <Trans>Go to Ensemble</Trans>
          </Button>
        </div>
      </Page>
    );
  }

  if (shared.isPending) return <LoadingScreen label={t`Loading the shared conversation...`} />;
  const { title, shared_at, messages } = shared.data;
  const sharedOn = new Date(shared_at).toLocaleDateString(intlLocale());
  const continueButton = (
    <Button
      variant="primary"
      loading={continuing}
      icon={<MessagesSquare className="size-4" aria-hidden />}
      onClick={() => void handleContinue()}
    >
      <Trans>Continue this conversation</Trans>
    </Button>
  );
  return (
    <Page width="md" title={title} actions={continueButton}>
      <p className="-mt-4 mb-4 text-sm text-muted">
        {user ? (
          <Trans>A read-only copy shared on {sharedOn}. Continuing copies it into your own chat.</Trans>
        ) : (
          <Trans>A read-only copy shared on {sharedOn}. Continuing copies it into your own chat as a guest.</Trans>
        )}
      </p>
      {failure && <ErrorBanner message={failure} className="mb-4" />}
      <section aria-label={t`Shared conversation`} className="divide-y divide-border" data-testid="shared-messages">
        {messages.map((m) => (
          <MessageItem
            key={m.id}
            message={toChatMessage(m)}
            model={find(m.model)}
            user={null}
            queued={0}
            onEdit={noEdit}
            onDelete={noop}
            onRegenerate={noop}
            readOnly
          />
        ))}
      </section>
      <div className="mt-6 flex justify-end">{continueButton}</div>
    </Page>
  );
}
