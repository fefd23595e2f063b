import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useDisableTwoFactor, useRenewRecoveryCodes, useTwoFactorStatus } from '../api/two-factor-api';
import { CodePrompt } from './code-prompt';
import { RecoveryCodesNotice } from './recovery-codes-notice';
import { TwoFactorSetup } from './two-factor-setup';

type Step = { kind: 'idle' } | { kind: 'setup' } | { kind: 'codes'; codes: string[] } | { kind: 'renew' } | { kind: 'disable' };

/** Settings: two-factor sign-in on or off, set-up with a QR code, recovery codes, and turning it off with a code. */
export function TwoFactorPanel() {
  const { t } = useLingui();
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);

  if (status.isPending) return <Spinner />;
  if (status.isError) return <ErrorBanner message={status.error.message} />;
  if (step.kind === 'codes') return <RecoveryCodesNotice codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  if (step.kind === 'setup')
    return <TwoFactorSetup onEnabled={(codes) => setStep({ kind: 'codes', codes })} onCancel={() => setStep({ kind: 'idle' })} />;

  const { enabled, recovery_codes_left: left, required } = status.data;
  if (!enabled) {
    return (
      <div className="flex flex-col items-start gap-3">
        {notice && (
          <p role="status" className="text-sm text-fg">
            {notice}
          </p>
        )}
        <p className="text-sm text-muted">
          {required ? (
            <Trans>Operators must use two-factor sign-in to open the operator console.</Trans>
          ) : (
            <Trans>Off. Turn it on and every sign-in asks for a code from an app on your phone after your password.</Trans>
          )}
        </p>
        <Button
          onClick={() => {
            setNotice(null);
            setStep({ kind: 'setup' });
          }}
        >
          <Trans>Turn on two-factor sign-in</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="success" className="gap-1">
          <ShieldCheck className="size-3.5" aria-hidden />
          <Trans>On</Trans>
        </Badge>
        <span className="text-sm text-muted" data-testid="recovery-codes-left">
          <Trans>{left} recovery codes left</Trans>
        </span>
      </div>
      {step.kind === 'renew' && (
        <CodePrompt
          label={t`Code from your app or a recovery code`}
          submitLabel={t`Make new recovery codes`}
          pending={renew.isPending}
          onSubmit={async (code) => setStep({ kind: 'codes', codes: await renew.mutateAsync(code) })}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}
      {step.kind === 'disable' && (
        <CodePrompt
          label={t`Code from your app or a recovery code`}
          submitLabel={t`Turn off two-factor sign-in`}
          danger
          pending={disable.isPending}
          onSubmit={async (code) => {
            await disable.mutateAsync(code);
            setNotice(t`Two-factor sign-in is off.`);
            setStep({ kind: 'idle' });
          }}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}
      {step.kind === 'idle' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStep({ kind: 'renew' })}>
            <Trans>New recovery codes</Trans>
          </Button>
          <Button variant="outline" onClick={() => setStep({ kind: 'disable' })}>
            <Trans>Turn off</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
