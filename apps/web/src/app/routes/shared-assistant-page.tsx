import { useParams } from 'react-router';
import { SharedAssistantScreen } from '@/features/assistants';
import { useSession } from '@/features/session';

/** /prod/assistants/shared/{token}: a shared assistant, read-only; an account may add a copy to its list. */
export function SharedAssistantPage() {
  const { token = '' } = useParams();
  const { user } = useSession();
  return <SharedAssistantScreen key={token} token={token} signedIn={Boolean(user)} />;
}
