import { useParams } from 'react-router';
import { SharedPromptScreen } from '@/features/prompts';
import { useSession } from '@/features/session';

/** /prod/prompts/shared/{token}: a shared prompt, for anyone with the link; an account may save a copy. */
export function SharedPromptPage() {
  const { token = '' } = useParams();
  const { user } = useSession();
  return <SharedPromptScreen key={token} token={token} signedIn={Boolean(user)} />;
}
