import { Page } from '@/components/page';

/** /prod/signup: the registration form. */
export function SignupPage() {
  return <Page title="Create Account" />;
}
