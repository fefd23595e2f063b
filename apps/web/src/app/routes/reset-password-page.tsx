import { Trans } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ResetPasswordForm } from '@/features/auth';

/** /prod/reset-password?token=...: sets a new password; without a token goes to /prod/thread. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to="/thread" replace />;
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <span aria-hidden="true" className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent">
          <KeyRound className="size-5" />
        </span>
        <h1 className="text-2xl text-fg sm:text-3xl">
          <Trans>Reset Password</Trans>
        </h1>
        <p className="mt-2 mb-6 text-sm text-muted">
          <Trans>Choose a new password for your account. It must be at least 8 characters long.</Trans>
        </p>
        <ResetPasswordForm token={token} />
      </Card>
    </div>
  );
}
