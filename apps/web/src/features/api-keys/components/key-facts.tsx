import type { ApiKey } from '@ensemble/shared';
import { Plural, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { dateFormatter } from '@/i18n/format';

const day = (iso: string) => dateFormatter({ dateStyle: 'medium' }).format(new Date(iso));
const moment = (iso: string) => dateFormatter({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm text-fg tabular-nums">{children}</dd>
    </div>
  );
}

/** A key's dates, limit and this month's spending, as a definition list. */
export function KeyFacts({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useLingui();
  const limit = apiKey.monthly_limit;
  const credits = apiKey.spent_this_month;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
      <Fact label={t`Created`}>{day(apiKey.created_at)}</Fact>
      <Fact label={t`Last used`}>{apiKey.last_used_at ? moment(apiKey.last_used_at) : t`Never`}</Fact>
      <Fact label={t`Expires`}>{apiKey.expires_at ? day(apiKey.expires_at) : t`Never`}</Fact>
      <Fact label={t`Monthly limit`}>{limit == null ? t`No limit` : <Plural value={limit} one="# credit" other="# credits" />}</Fact>
      <Fact label={t`Spent this month`}>
        <span data-testid="key-spent">
          <Plural value={credits} one="# credit" other="# credits" />
        </span>
      </Fact>
    </dl>
  );
}

/** Whether a key's expiry has passed (it no longer works, though it is still listed). */
export function isExpired(apiKey: Pick<ApiKey, 'expires_at'>, now = Date.now()): boolean {
  return apiKey.expires_at != null && new Date(apiKey.expires_at).getTime() <= now;
}

/** The key's name with its first characters, e.g. "Laptop scripts · ens_a1b2c3d4…". */
export function KeyTitle({ apiKey, children }: { apiKey: Pick<ApiKey, 'name' | 'prefix'>; children?: ReactNode }) {
  const prefix = apiKey.prefix;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <p className="min-w-0 truncate text-sm font-medium text-fg">{apiKey.name}</p>
      <code dir="ltr" className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">
        {`${prefix}…`}
      </code>
      {children}
    </div>
  );
}
