import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useMcpServers } from '@/features/mcp-servers/api/list-servers';

/**
 * The tool servers a thread's replies may call (issue 40): a box for each of the user's MCP servers and the
 * operators' shared ones, with how many tools each offers. `canCall` is false for a model that cannot call tools.
 */
export function ThreadTools({
  selected,
  onChange,
  canCall,
  modelName,
}: {
  selected: number[];
  onChange(ids: number[]): void;
  canCall: boolean;
  modelName?: string;
}) {
  const { t } = useLingui();
  const servers = useMcpServers();
  const list = servers.data?.servers ?? [];
  if (servers.isError || (servers.isSuccess && list.length === 0 && selected.length === 0)) {
    return (
      <p className="text-sm text-muted" data-testid="thread-tools-none">
        <Trans>
          No tool servers yet. Add one in{' '}
          <Link to="/settings#mcp-servers" className="text-accent underline">
            Settings
          </Link>{' '}
          to let replies call its tools.
        </Trans>
      </p>
    );
  }
  const toggle = (id: number, on: boolean) => onChange(on ? [...new Set([...selected, id])] : selected.filter((s) => s !== id));
  return (
    <fieldset className="flex flex-col gap-2" data-testid="thread-tools">
      <legend className="mb-1 text-sm font-medium text-fg">
        <Trans>Tools</Trans>
      </legend>
      {!canCall && (
        <p className="text-sm text-muted">
          <Trans>{modelName} cannot call tools: choose another model to use them.</Trans>
        </p>
      )}
      {list.map((server) => {
        const count = server.tools.length;
        const name = server.name;
        return (
          <label key={server.id} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-[var(--color-accent)]"
              checked={selected.includes(server.id)}
              onChange={(e) => toggle(server.id, e.target.checked)}
              aria-label={t`Use the tools of ${name}`}
            />
            <span>
              <span className="font-medium text-fg">{name}</span>{' '}
              <span className="text-muted">
                {t`${plural(count, { one: `${count} tool`, other: `${count} tools` })}`}
                {server.shared ? (
                  <>
                    {' · '}
                    <Trans>shared by the operators</Trans>
                  </>
                ) : null}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
