import { UI } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { API_DOCS } from '@/lib/api-docs-paths';
import { cn } from '@/lib/cn';
import { LegalLink } from './legal-link';

const LINKS = [
  { doc: 'privacy', label: msg`Privacy` },
  { doc: 'terms', label: msg`Terms` },
  { doc: 'contact', label: msg`Contact` },
] as const;

/** The page footer: help, the API reference, then privacy, terms and contact (opened as dialogs over the page), and the copyright line. */
export function SiteFooter({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  return (
    <footer className={cn('border-t border-border', className)}>
      <div className="mx-auto flex w-full max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:px-6">
        <p>© {UI.footerYear} Ensemble</p>
        <div className="flex flex-wrap items-center justify-center gap-1">
          <Link to="/help" className="rounded-md px-2.5 py-1.5 transition-colors hover:bg-surface-2 hover:text-fg">
            {t`Help`}
          </Link>
          <Link to={API_DOCS.page} className="rounded-md px-2.5 py-1.5 transition-colors hover:bg-surface-2 hover:text-fg">
            {t`API reference`}
          </Link>
          <nav aria-label={t`Legal`}>
            <ul className="flex flex-wrap items-center justify-center gap-1">
              {LINKS.map(({ doc, label }) => (
                <li key={doc}>
                  <LegalLink doc={doc} className="rounded-md px-2.5 py-1.5 transition-colors hover:bg-surface-2 hover:text-fg">
                    {i18n._(label)}
                  </LegalLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
