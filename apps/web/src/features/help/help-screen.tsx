import { HELP_ARTICLES, helpArticle } from '@ensemble/shared/help';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Page } from '@/components/page';
import { SiteFooter } from '@/components/site-footer';
import { activeLanguage } from '@/i18n/languages';
import { HelpBody } from './help-body';

/** The articles are written in English; a reader in another language is told so, as on the legal pages. */
function EnglishNote() {
  if (activeLanguage() === 'en') return null;
  return (
    <p className="mb-6 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-muted">
      <Trans>The help articles are written in English.</Trans>
    </p>
  );
}

/** /prod/help: every help article, filtered by what the reader types. */
export function HelpIndex() {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return HELP_ARTICLES;
    return HELP_ARTICLES.filter((a) => {
      const text = `${a.title} ${a.summary} ${a.body}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [query]);
  return (
    <div className="flex flex-1 flex-col">
      <Page width="md" title={t`Help`}>
        <EnglishNote />
        <div className="relative mb-6">
          <label htmlFor={inputId} className="sr-only">
            <Trans>Search help</Trans>
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t`Search help`}
            className="h-11 w-full rounded-lg border border-border bg-surface ps-9 pe-3 text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-accent"
          />
        </div>
        {shown.length === 0 ? (
          <p className="text-muted" role="status">
            <Trans>No help article matches “{query}”.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Help articles`} className="divide-y divide-border rounded-xl border border-border bg-surface">
            {shown.map((a) => (
              <li key={a.slug}>
                <Link
                  to={`/help/${a.slug}`}
                  className="block px-4 py-3.5 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span lang="en" dir="ltr" className="block font-medium text-fg">
                    {a.title}
                  </span>
                  <span lang="en" dir="ltr" className="mt-0.5 block text-sm text-muted">
                    {a.summary}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Page>
      <SiteFooter className="mt-auto" />
    </div>
  );
}

/** /prod/help/{slug}: one article; an unknown one goes back to the list. */
export function HelpArticleView() {
  const { slug = '' } = useParams();
  const article = helpArticle(slug);
  if (!article) return <Navigate to="/help" replace />;
  return (
    <div className="flex flex-1 flex-col">
      <Page
        width="md"
        title={
          <span lang="en" dir="ltr">
            {article.title}
          </span>
        }
        actions={
          <Link
            to="/help"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted hover:bg-surface-2 hover:text-fg"
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            <Trans>All help articles</Trans>
          </Link>
        }
      >
        <EnglishNote />
        <article lang="en" dir="ltr">
          <HelpBody body={article.body} />
        </article>
      </Page>
      <SiteFooter className="mt-auto" />
    </div>
  );
}
