import { Page } from '@/components/page';

/** /prod/forgot-password: asks for the e-mail address to send a reset link to. */
export function ForgotPasswordPage() {
  return <Page title="Reset Password" />;
}
