import type { WebSource } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';

/** A source's host (its own for a relative link: the demo's help pages). */
function hostOf(url: string): string {
  try {
    return new URL(url, window.location.origin).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** "Searched: …" over a reply that searched the web first (issue 38), while it streams and after. */
export function SearchedLine({ queries }: { queries: readonly string[] }) {
  const { t } = useLingui();
  return (
    <p className="mb-1.5 flex items-center gap-1.5 text-xs text-muted" data-testid="searched">
      <Globe aria-hidden className="size-3.5 shrink-0" />
      {queries.map((query) => (
        <span key={query} className="min-w-0 truncate" dir="auto">
          {t`Searched: ${query}`}
        </span>
      ))}
    </p>
  );
}

/**
 * The pages a reply's search found, numbered as its [n] markers cite them: each title and domain, opened in a new tab.
 * No favicon or preview is fetched from the site: the domain's initial stands in.
 */
export function ReplySources({ sources }: { sources: readonly WebSource[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Sources`} className="mt-2" data-testid="reply-sources">
      <h3 className="mb-1 text-xs font-semibold text-muted">
        <Trans>Sources</Trans>
      </h3>
      <ol className="flex flex-col gap-1">
        {sources.map((source, i) => {
          const host = hostOf(source.url);
          return (
            <li key={source.url}>
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-w-0 items-center gap-2 rounded-lg border border-border bg-surface px-2.5 py-1.5 text-sm hover:bg-surface-2"
              >
                <span
                  aria-hidden
                  className="flex size-5 shrink-0 items-center justify-center rounded bg-surface-2 text-xs font-semibold uppercase text-muted"
                >
                  {host.charAt(0)}
                </span>
                <span className="shrink-0 text-xs text-muted">{i + 1}.</span>
                <span className="min-w-0 truncate text-fg" dir="auto">
                  {source.title}
                </span>
                <span className="ms-auto shrink-0 text-xs text-muted" dir="ltr">
                  {host}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A reply's [n] markers as links to its sources (a marker without a source stays as it is). Code blocks and inline code
 * are left alone.
 */
export function linkCitations(content: string, sources: readonly WebSource[]): string {
  if (sources.length === 0) return content;
  return content
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/\[(\d{1,2})\](?!\()/g, (marker, n: string) => {
            const source = sources[Number(n) - 1];
            if (!source) return marker;
            // Brackets and spaces would end the Markdown link early: they go percent-encoded.
            const href = source.url.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
            return `[\\[${n}\\]](${href})`;
          }),
    )
    .join('');
}
