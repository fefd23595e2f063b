import { Navigate, useSearchParams } from 'react-router';
import { Page } from '@/components/page';

/** /prod/reset-password?token=...: sets a new password; without a token goes to /prod/thread. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to="/thread" replace />;
  return <Page title="Reset Password" width="md" />;
}
