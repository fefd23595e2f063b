import type { McpTool } from '@ensemble/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** How many tools show before "Show all". */
const SHOWN = 8;

/** A tool server's tools as last listed: each name, description and, for those the server marks so, a "destructive" badge. */
export function McpToolList({ tools, serverName }: { tools: McpTool[]; serverName: string }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  if (tools.length === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>No tools listed.</Trans>
      </p>
    );
  }
  const shown = all ? tools : tools.slice(0, SHOWN);
  const count = tools.length;
  return (
    <div>
      <ul aria-label={t`Tools of ${serverName}`} className="grid gap-2 sm:grid-cols-2">
        {shown.map((tool) => (
          <li key={tool.name} data-testid="mcp-tool" className="min-w-0 rounded-xl border border-border bg-bg/40 px-3 py-2">
            <div className="flex flex-wrap items-center gap-1.5">
              <code dir="ltr" className="font-mono text-xs font-medium break-all text-fg">
                {tool.name}
              </code>
              {tool.destructive && (
                // Filled, not tinted: white on the danger fill reads at 4.8:1 in both themes, where the tinted pill does not.
                <span className="inline-flex items-center rounded-full bg-danger-fill px-2 py-0.5 text-[11px] leading-4 font-medium whitespace-nowrap text-white">
                  <Trans>destructive</Trans>
                </span>
              )}
            </div>
            {tool.description && <p className="mt-1 line-clamp-3 text-xs leading-relaxed text-muted">{tool.description}</p>}
          </li>
        ))}
      </ul>
      {count > SHOWN && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          className="mt-2 text-sm font-medium text-accent-ink underline-offset-2 hover:underline"
        >
          {all ? t`Show fewer tools` : <Plural value={count} one="Show all # tool" other="Show all # tools" />}
        </button>
      )}
    </div>
  );
}
