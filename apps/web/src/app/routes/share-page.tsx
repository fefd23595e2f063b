import { useParams } from 'react-router';
import { SharedThreadView } from '@/features/share';

/** /prod/share/{token}: a shared snapshot, open to anyone with the link (no sign-in). */
export function SharePage() {
  const { token = '' } = useParams();
  return <SharedThreadView key={token} token={token} />;
}
