import type { McpServer } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle, KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { McpToolList } from '@/components/mcp-tool-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { dateFormatter } from '@/i18n/format';
import { localizeMessage } from '@/i18n/server-messages';

const moment = (iso: string) => dateFormatter({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What a server card can do: only the owner's own servers have actions; an operator's is read-only. */
export interface ServerActions {
  onAskFirst(server: McpServer, askFirst: boolean): void;
  onRefresh(server: McpServer): void;
  onDelete(server: McpServer): void;
  /** The id of the server a refresh or change is running for. */
  busyId: number | null;
}

/** One tool server: its name, URL, token and sharing, when its tools were listed (or why that failed), the tools, and its actions. */
export function ServerCard({ server, actions }: { server: McpServer; actions?: ServerActions }) {
  const { t } = useLingui();
  const name = server.name;
  const switchId = `mcp-ask-first-${server.id}`;
  const checkedAt = server.tools_checked_at ? moment(server.tools_checked_at) : null;
  const busy = actions?.busyId === server.id;
  return (
    <li data-testid="mcp-server-row" className="space-y-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="min-w-0 truncate text-sm font-medium text-fg">{server.name}</h4>
            {server.shared && (
              <Badge tone="accent">
                <Trans>Shared by the operators</Trans>
              </Badge>
            )}
            {server.has_token && (
              <Badge>
                <KeyRound className="size-3" aria-hidden />
                <Trans>Token</Trans>
              </Badge>
            )}
            {server.ask_first && !actions && (
              <Badge tone="warning">
                <Trans>Asks first</Trans>
              </Badge>
            )}
          </div>
          <p dir="ltr" className="truncate text-start font-mono text-xs text-muted">
            {server.url}
          </p>
        </div>
        {actions && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              icon={<RefreshCw className="size-4" aria-hidden />}
              loading={busy}
              aria-label={t`Refresh the tools of ${name}`}
              onClick={() => actions.onRefresh(server)}
            >
              <Trans>Refresh</Trans>
            </Button>
            <Button
              variant="outline"
              size="sm"
              icon={<Trash2 className="size-4" aria-hidden />}
              aria-label={t`Delete the tool server ${name}`}
              onClick={() => actions.onDelete(server)}
            >
              <Trans>Delete</Trans>
            </Button>
          </div>
        )}
      </div>
      {actions && (
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={server.ask_first}
            disabled={busy}
            onCheckedChange={(checked) => actions.onAskFirst(server, checked)}
          />
          <label htmlFor={switchId} className="text-sm text-fg">
            <Trans>Ask before every tool call</Trans>
          </label>
        </div>
      )}
      {server.last_error ? (
        <p className="flex items-start gap-2 text-sm text-danger">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <Trans>The last check failed:</Trans> {localizeMessage(server.last_error)}
          </span>
        </p>
      ) : (
        checkedAt && (
          <p className="text-xs text-muted">
            <Trans>Tools listed {checkedAt}</Trans>
          </p>
        )
      )}
      <McpToolList tools={server.tools} serverName={server.name} />
    </li>
  );
}
