import { AuthDialog } from '@/features/auth';

/** /prod/forgot-password: the auth modal, opened on the Reset Password (request a link) form. */
export function ForgotPasswordPage() {
  return <AuthDialog initialView="forgot" />;
}
