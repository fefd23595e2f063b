import { AuthDialog } from '@/features/auth';

/** /prod/login: the auth modal, opened on the Sign In form. */
export function LoginPage() {
  return <AuthDialog initialView="login" />;
}
