import { AuthDialog } from '@/features/auth';

/** /prod/signup: the auth modal, opened on the Create Account form. */
export function SignupPage() {
  return <AuthDialog initialView="register" />;
}
