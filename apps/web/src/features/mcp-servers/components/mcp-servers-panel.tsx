import { MCP_SERVERS_MAX, type McpServer } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Info, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteMcpServer } from '../api/delete-server';
import { useMcpServers } from '../api/list-servers';
import { useRefreshMcpServer } from '../api/refresh-server';
import { useUpdateMcpServer } from '../api/update-server';
import { AddServerForm } from './add-server-form';
import { ServerCard, type ServerActions } from './server-card';

/** What a guest sees instead: tool servers belong to accounts. */
function GuestPrompt() {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        <Trans>Sign up to connect tool servers and let models use their tools in your chats.</Trans>
      </p>
      <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'shrink-0' })}>
        <UserPlus className="size-4" aria-hidden />
        <Trans>Sign Up</Trans>
      </Link>
    </div>
  );
}

function ServerList({ label, servers, actions }: { label: string; servers: McpServer[]; actions?: ServerActions }) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-2xl border border-border">
      {servers.map((server) => (
        <ServerCard key={server.id} server={server} actions={actions} />
      ))}
    </ul>
  );
}

function AccountServers() {
  const { t } = useLingui();
  const servers = useMcpServers();
  const update = useUpdateMcpServer();
  const refresh = useRefreshMcpServer();
  const remove = useDeleteMcpServer();
  const [deleting, setDeleting] = useState<McpServer | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const deletingName = deleting?.name ?? '';

  if (servers.isPending) return <Spinner label={t`Loading your tool servers...`} className="text-sm text-muted" />;
  if (servers.isError) return <ErrorBanner message={servers.error.message} />;
  const own = servers.data.servers.filter((s) => !s.shared);
  const shared = servers.data.servers.filter((s) => s.shared);
  const failure = update.error ?? refresh.error ?? remove.error;

  const run = async (server: McpServer, action: () => Promise<unknown>) => {
    setBusyId(server.id);
    try {
      await action();
    } catch {
      // The mutation holds the error; the banner above the list shows it.
    } finally {
      setBusyId(null);
    }
  };
  const actions: ServerActions = {
    busyId,
    onAskFirst: (server, askFirst) => void run(server, () => update.mutateAsync({ id: server.id, ask_first: askFirst })),
    onRefresh: (server) => void run(server, () => refresh.mutateAsync(server.id)),
    onDelete: (server) => {
      remove.reset();
      setDeleting(server);
    },
  };

  return (
    <div className="space-y-5">
      {!servers.data.tokens_allowed && (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm text-fg">
          <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <span>
            <Trans>
              This server cannot store tokens: the operator has not set an encryption key. You can still add tool servers that need no
              token.
            </Trans>
          </span>
        </p>
      )}
      <AddServerForm
        tokensAllowed={servers.data.tokens_allowed}
        full={own.length >= MCP_SERVERS_MAX}
        onAdded={(server) => setAdded(server.name)}
      />
      <p role="status" className="sr-only">
        {added ? t`Added the tool server ${added}.` : ''}
      </p>
      {failure && (
        <ErrorBanner
          message={failure.message}
          onDismiss={() => {
            update.reset();
            refresh.reset();
            remove.reset();
          }}
        />
      )}
      <section aria-labelledby="own-mcp-servers" className="space-y-3">
        <h3 id="own-mcp-servers" className="text-lg text-fg">
          <Trans>Your tool servers</Trans>
        </h3>
        {own.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            <Trans>You have no tool servers yet.</Trans>
          </p>
        ) : (
          <ServerList label={t`Your tool servers`} servers={own} actions={actions} />
        )}
      </section>
      {shared.length > 0 && (
        <section aria-labelledby="shared-mcp-servers" className="space-y-3">
          <h3 id="shared-mcp-servers" className="text-lg text-fg">
            <Trans>Shared by the operators</Trans>
          </h3>
          <p className="text-sm text-muted">
            <Trans>Everyone on this server may use these tools; only the operators can change them.</Trans>
          </p>
          <ServerList label={t`Tool servers shared by the operators`} servers={shared} />
        </section>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete tool server`}
        message={t`Delete “${deletingName}”? Its stored token is deleted too, and chats can no longer call its tools.`}
        confirmLabel={t`Delete server`}
        tone="danger"
        busy={remove.isPending}
        onConfirm={async () => {
          // A failure closes the dialog too: the banner above the list says why.
          if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
        }}
      />
    </div>
  );
}

/** Settings' tool servers (MCP, issue 40): an account adds, lists, refreshes and deletes its servers; a guest is asked to sign up. */
export function McpServersPanel({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <AccountServers /> : <GuestPrompt />;
}
