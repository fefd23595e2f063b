import { AuthDialog } from '@/features/auth';

/** /prod/login, /prod/signup and /prod/forgot-password: one auth modal whose form follows the path. */
export function AuthPage() {
  return <AuthDialog />;
}
