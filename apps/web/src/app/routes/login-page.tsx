import { Page } from '@/components/page';

/** /prod/login: the sign-in form. */
export function LoginPage() {
  return <Page title="Sign In" />;
}
