import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FileJson, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Page } from '@/components/page';
import { SiteFooter } from '@/components/site-footer';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { API_DOCS } from '@/lib/api-docs-paths';
import { Spinner } from '@/components/ui/spinner';
import { useOpenApi } from '../api/get-openapi';
import { type ApiGroup, matchesFilter, operationId, readGroups } from '../model/api-operations';
import type { OpenApiDocument } from '../model/openapi-types';
import { ApiIntro } from './api-intro';
import { OperationEntry } from './operation-entry';

/** A group's name as a heading: tags are often lower-case words (keys, threads). */
const groupTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The anchor of a group's heading. */
const groupId = (name: string) => `group-${operationId('', name).replace(/^op-/, '')}`;

// The call most people come for is open from the start.
const OPEN_AT_FIRST = [operationId('post', '/v1/chat/completions')];

function GroupsNav({ groups }: { groups: ApiGroup[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`API sections`} className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] self-start overflow-y-auto lg:block">
      <p className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <Trans>Sections</Trans>
      </p>
      <ul className="space-y-0.5 text-sm">
        {groups.map((group) => (
          <li key={group.name}>
            <a
              href={`#${groupId(group.name)}`}
              className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <span className="truncate">{groupTitle(group.name)}</span>
              <span className="text-xs tabular-nums">{group.operations.length}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const { t } = useLingui();
  const location = useLocation();
  const inputId = useId();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [open, setOpen] = useState(() => new Set(OPEN_AT_FIRST));
  const groups = useMemo(() => readGroups(doc), [doc]);
  const shown = useMemo(
    () =>
      groups
        .map((group) => ({ ...group, operations: group.operations.filter((op) => matchesFilter(op, deferredFilter)) }))
        .filter((group) => group.operations.length > 0),
    [groups, deferredFilter],
  );
  const count = shown.reduce((sum, group) => sum + group.operations.length, 0);
  const origin = window.location.origin;
  const title = doc.info.title;
  const version = doc.info.version;
  const openapi = doc.openapi;

  // A link to one operation (or section) lands on it once the document is on the page; an operation opens.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    if (id.startsWith('op-')) setOpen((before) => (before.has(id) ? before : new Set(before).add(id)));
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, [location.hash]);

  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="space-y-8">
      <p className="-mt-3 text-sm text-muted">
        <Trans>
          {title} · version {version} · OpenAPI {openapi}
        </Trans>
      </p>
      <ApiIntro origin={origin} />
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <GroupsNav groups={shown} />
        <div className="min-w-0 space-y-8">
          <div>
            <label htmlFor={inputId} className="sr-only">
              <Trans>Filter operations</Trans>
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
              <input
                id={inputId}
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder={t`Filter by path, method or words, e.g. “chat” or “post keys”`}
                className="h-11 w-full rounded-xl border border-border bg-surface ps-9 pe-3 text-sm text-fg placeholder:text-subtle focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring"
              />
            </div>
            <p role="status" className="mt-2 text-xs text-muted">
              {count === 0 ? (
                <Trans>No operation matches “{deferredFilter}”.</Trans>
              ) : (
                <Plural value={count} one="# operation" other="# operations" />
              )}
            </p>
          </div>
          {shown.map((group) => (
            <section key={group.name} aria-labelledby={groupId(group.name)} className="space-y-3">
              <h2 id={groupId(group.name)} className="scroll-mt-20 text-2xl text-fg">
                {groupTitle(group.name)}
              </h2>
              {group.description && (
                <p lang="en" className="text-sm text-muted">
                  {group.description}
                </p>
              )}
              <div className="space-y-2">
                {group.operations.map((op) => (
                  <OperationEntry key={op.id} doc={doc} op={op} origin={origin} open={open.has(op.id)} onToggle={() => toggle(op.id)} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** /prod/docs: the API reference, drawn from the server's OpenAPI document, with authentication first and a filter. */
export function ApiDocsScreen() {
  const { t } = useLingui();
  const query = useOpenApi();
  return (
    <div className="flex flex-1 flex-col">
      <Page
        width="xl"
        title={t`API reference`}
        actions={
          <a href={API_DOCS.openapi} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <FileJson className="size-4" aria-hidden />
            <Trans>OpenAPI document</Trans>
          </a>
        }
      >
        {query.isPending ? (
          <Spinner label={t`Loading the API reference...`} className="text-sm text-muted" />
        ) : query.isError ? (
          <div className="space-y-3">
            <ErrorBanner message={query.error.message} />
            <Button variant="outline" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <Reference doc={query.data} />
        )}
      </Page>
      <SiteFooter className="mt-auto" />
    </div>
  );
}
