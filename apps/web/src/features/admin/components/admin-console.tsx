import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { NavLink, Route, Routes } from 'react-router';
import { Page } from '@/components/page';
import { Spinner } from '@/components/ui/spinner';
import { AddPasskeyForm } from '@/features/passkeys';
import { RecoveryCodesNotice, TwoFactorSetup } from '@/features/two-factor';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { operatorQuery } from '../api/admin-queries';
import { AbusePanel } from './abuse-panel';
import { AuditPanel } from './audit-panel';
import { CapsPanel } from './caps-panel';
import { OverviewPanel } from './overview-panel';
import { McpServersPanel } from './mcp-servers-panel';
import { ModelsPanel } from './models-panel';
import { ProvidersPanel } from './providers-panel';
import { UserDetail } from './user-detail';
import { UsersPanel } from './users-panel';

const TABS = [
  { to: '/admin', label: msg`Overview`, end: true },
  { to: '/admin/users', label: msg`Users`, end: false },
  { to: '/admin/caps', label: msg`Daily caps`, end: false },
  { to: '/admin/abuse', label: msg`Abuse`, end: false },
  { to: '/admin/audit', label: msg`Audit log`, end: false },
  { to: '/admin/models', label: msg`Models`, end: false },
  { to: '/admin/providers', label: msg`Providers`, end: false },
  { to: '/admin/tools', label: msg`Tool servers`, end: false },
];

/** The server's message code of a refusal, when it sent one. */
const messageCode = (error: unknown) =>
  error instanceof ApiError ? (error.body as { message_code?: string } | undefined)?.message_code : undefined;

/** An operator without two-factor sign-in is asked to turn it on here, on the first visit; the console opens after. */
function EnrolTwoFactor() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: operatorQuery().queryKey });
  return (
    <Page width="md" title={t`Turn on two-factor sign-in`}>
      <div className="flex flex-col gap-5">
        <p className="text-fg">
          <Trans>
            Operators must use two-factor sign-in: a code from an app on your phone, asked for after your password. Set it up to open the
            console.
          </Trans>
        </p>
        {codes ? (
          <RecoveryCodesNotice codes={codes} onDone={reload} />
        ) : (
          <>
            <TwoFactorSetup onEnabled={setCodes} />
            <div className="border-t border-border pt-5">
              <h2 className="mb-1 text-lg text-fg">
                <Trans>Or use a passkey</Trans>
              </h2>
              <p className="mb-3 text-sm text-muted">
                <Trans>Your fingerprint, face or device PIN counts as the second factor too.</Trans>
              </p>
              <AddPasskeyForm onAdded={reload} />
            </div>
          </>
        )}
      </div>
    </Page>
  );
}

function Refused({ error }: { error: unknown }) {
  const { t } = useLingui();
  if (messageCode(error) === 'operatorsNeedTwoFactor') return <EnrolTwoFactor />;
  const text = error instanceof ApiError ? error.message : t`The operator console could not be loaded.`;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <ShieldAlert aria-hidden="true" className="size-10 text-muted" />
      <p className="text-lg text-fg">{text}</p>
    </div>
  );
}

/** /prod/admin/*: the operator console (overview first, then users, caps, abuse, audit, models, providers, tool servers); anyone else sees a refusal. */
export function AdminConsole() {
  const { t, i18n } = useLingui();
  const me = useQuery(operatorQuery());
  if (me.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  if (me.isError) return <Refused error={me.error} />;
  const email = me.data.operator.email;
  return (
    <Page
      width="xl"
      title={t`Operator console`}
      actions={
        <span className="text-sm [overflow-wrap:anywhere] text-muted">
          <Trans>Signed in as {email}</Trans>
        </span>
      }
    >
      {/* The tabs wrap onto a second row on a phone rather than run off the screen. */}
      <nav aria-label={t`Operator console`} className="mb-6 flex flex-wrap gap-x-1 border-b border-border">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-4',
                isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
              )
            }
          >
            {i18n._(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<OverviewPanel />} />
        <Route path="overview" element={<OverviewPanel />} />
        <Route path="users" element={<UsersPanel />} />
        <Route path="users/:userId" element={<UserDetail />} />
        <Route path="caps" element={<CapsPanel />} />
        <Route path="abuse" element={<AbusePanel />} />
        <Route path="audit" element={<AuditPanel />} />
        <Route path="models" element={<ModelsPanel />} />
        <Route path="providers" element={<ProvidersPanel />} />
        <Route path="tools" element={<McpServersPanel />} />
        <Route path="*" element={<OverviewPanel />} />
      </Routes>
    </Page>
  );
}
