import { useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { ApiOperation } from '../model/api-operations';
import type { OpenApiDocument } from '../model/openapi-types';
import { InlineCode } from './inline-code';
import { MethodBadge } from './method-badge';
import { OperationDetails } from './operation-details';

function AuthBadge({ op }: { op: ApiOperation }) {
  const { t } = useLingui();
  if (op.auth.some((a) => a.kind === 'bearer')) return <Badge tone="accent">{t`API key`}</Badge>;
  if (op.auth.some((a) => a.kind === 'cookie')) return <Badge>{t`Session cookie`}</Badge>;
  if (op.auth.length === 0) return <Badge>{t`Public`}</Badge>;
  return null;
}

/**
 * One operation as a disclosure (the ARIA accordion pattern: a heading holding a button): method, path, summary and
 * how it authenticates; opened, its details.
 */
export function OperationEntry({
  doc,
  op,
  origin,
  open,
  onToggle,
}: {
  doc: OpenApiDocument;
  op: ApiOperation;
  origin: string;
  open: boolean;
  onToggle(): void;
}) {
  const panelId = `${op.id}-details`;
  return (
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      className="scroll-mt-20 rounded-2xl border border-border bg-surface"
      data-testid="api-operation"
    >
      <h3 id={`${op.id}-title`} className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={onToggle}
          className={cn(
            'flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-surface-2/60',
            open ? 'rounded-t-2xl' : 'rounded-2xl',
          )}
        >
          <MethodBadge method={op.method} className="mt-0.5" />
          <span className="min-w-0 flex-1">
            <span dir="ltr" className="block font-mono text-sm font-medium break-all text-fg">
              {op.path}
            </span>
            <span lang="en" className="mt-0.5 block text-sm text-muted">
              <InlineCode text={op.summary} />
            </span>
          </span>
          <span className="mt-0.5 hidden shrink-0 sm:inline-flex">
            <AuthBadge op={op} />
          </span>
          <ChevronDown aria-hidden className={cn('mt-0.5 size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')} />
        </button>
      </h3>
      {open && (
        <div id={panelId} className="rounded-b-2xl border-t border-border bg-bg px-4 py-4">
          <OperationDetails doc={doc} op={op} origin={origin} />
        </div>
      )}
    </article>
  );
}
