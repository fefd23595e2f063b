import { PromptsScreen } from '@/features/prompts';
import { useSession } from '@/features/session';

/** /prod/prompts: the account's prompt library; a guest is asked to sign up (its own chunk, loaded only here). */
export function PromptsPage() {
  const { user } = useSession();
  return <PromptsScreen account={user?.id ?? null} />;
}
