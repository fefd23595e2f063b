import { MCP_SERVER_NAME_MAX, MCP_TOKEN_MAX, MCP_URL_MAX, type McpServer } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Plug, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { McpToolList } from '@/components/mcp-tool-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { adminMcpServersQuery, useAddSharedMcpServer, useDeleteSharedMcpServer } from '../api/mcp-servers-api';
import { when } from './admin-table';
import { ReasonDialog } from './reason-dialog';

/** Adds a server for everyone: the server is connected to and its tools listed first; the reason goes to the audit log. */
function AddSharedServer({ tokensAllowed }: { tokensAllowed: boolean }) {
  const { t } = useLingui();
  const add = useAddSharedMcpServer();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [askFirst, setAskFirst] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !url.trim()) return setError(t`Give the server a name and its URL.`);
    if (reason.trim().length < 3) return setError(t`Say why (at least 3 characters): it goes to the audit log.`);
    setError(null);
    try {
      await add.mutateAsync({
        name: name.trim(),
        url: url.trim(),
        token: tokensAllowed && token.trim() ? token.trim() : undefined,
        ask_first: askFirst,
        reason: reason.trim(),
      });
      setName('');
      setUrl('');
      setToken('');
      setAskFirst(false);
      setReason('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`The action failed. Please try again.`);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="admin-add-mcp" className="rounded-2xl border border-border bg-surface p-5" noValidate>
      <h3 id="admin-add-mcp" className="text-lg text-fg">
        <Trans>Add a tool server for everyone</Trans>
      </h3>
      <div className="mt-4 grid items-start gap-4 sm:grid-cols-2">
        <Field label={t`Name`}>
          <Input
            id="admin-mcp-name"
            value={name}
            maxLength={MCP_SERVER_NAME_MAX}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label={t`Server URL`}>
          <Input
            id="admin-mcp-url"
            type="url"
            dir="ltr"
            placeholder="https://example.com/mcp"
            value={url}
            maxLength={MCP_URL_MAX}
            autoComplete="off"
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <Field
          label={t`Bearer token (optional)`}
          hint={tokensAllowed ? t`Stored encrypted; never shown again, to anyone.` : t`Bearer tokens need ENCRYPTION_KEY on the server.`}
        >
          <Input
            id="admin-mcp-token"
            type="password"
            dir="ltr"
            value={token}
            maxLength={MCP_TOKEN_MAX}
            autoComplete="off"
            disabled={!tokensAllowed}
            onChange={(e) => setToken(e.target.value)}
          />
        </Field>
        <Field label={t`Reason`}>
          <Input
            id="admin-mcp-reason"
            value={reason}
            placeholder={t`Reason (required)`}
            autoComplete="off"
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <div className="flex items-center gap-3">
          <Switch id="admin-mcp-ask-first" checked={askFirst} onCheckedChange={setAskFirst} />
          <label htmlFor="admin-mcp-ask-first" className="text-sm text-fg">
            <Trans>Ask before every tool call</Trans>
          </label>
        </div>
      </div>
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} className="mt-4" />}
      <div className="mt-4 flex justify-end">
        <Button type="submit" icon={<Plug className="size-4" aria-hidden />} loading={add.isPending}>
          <Trans>Add server</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Asks the operator why (it goes to the audit log), then deletes the server for everyone. */
function DeleteDialog({ target, onClose }: { target: McpServer | null; onClose(): void }) {
  const { t } = useLingui();
  const remove = useDeleteSharedMcpServer();
  const name = target?.name ?? '';
  return (
    <ReasonDialog
      open={target !== null}
      formId="delete-mcp-form"
      title={t`Delete tool server`}
      description={t`No one can use the tools of “${name}” any more, in any chat or assistant.`}
      confirmLabel={<Trans>Delete server</Trans>}
      pending={remove.isPending}
      onConfirm={(reason) => (target ? remove.mutateAsync({ id: target.id, reason }) : Promise.resolve())}
      onClose={onClose}
    />
  );
}

/** The console's tool servers: the MCP servers offered to everyone, with their tools; added and deleted with a reason. */
export function McpServersPanel() {
  const { t } = useLingui();
  const q = useQuery(adminMcpServersQuery());
  const [target, setTarget] = useState<McpServer | null>(null);
  return (
    <section aria-label={t`Tool servers`} className="space-y-5">
      <p className="text-sm text-muted">
        <Trans>
          Servers added here are offered to every account and guest, read-only. Each user may also add servers of their own in Settings.
        </Trans>
      </p>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorBanner message={q.error.message} />
      ) : (
        <>
          <AddSharedServer tokensAllowed={q.data.tokens_allowed} />
          {q.data.servers.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
              <Trans>No tool servers are shared yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Shared tool servers`} className="divide-y divide-border rounded-2xl border border-border bg-surface">
              {q.data.servers.map((server) => {
                const name = server.name;
                const added = when(server.created_at);
                return (
                  <li key={server.id} data-testid="admin-mcp-row" className="space-y-3 p-4">
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                      <div className="min-w-0 space-y-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <h4 className="text-sm font-medium text-fg">{server.name}</h4>
                          {server.has_token && (
                            <Badge>
                              <Trans>Token</Trans>
                            </Badge>
                          )}
                          {server.ask_first && (
                            <Badge tone="warning">
                              <Trans>Asks first</Trans>
                            </Badge>
                          )}
                        </div>
                        <p dir="ltr" className="truncate text-start font-mono text-xs text-muted">
                          {server.url}
                        </p>
                        <p className="text-xs text-muted">
                          <Trans>Added {added}</Trans>
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="outline"
                        icon={<Trash2 className="size-4" aria-hidden />}
                        aria-label={t`Delete the tool server ${name}`}
                        onClick={() => setTarget(server)}
                        className="self-start"
                      >
                        <Trans>Delete</Trans>
                      </Button>
                    </div>
                    <McpToolList tools={server.tools} serverName={server.name} />
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <DeleteDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
