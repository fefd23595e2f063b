import { Navigate, useLocation, useParams } from 'react-router';
import { ThreadPage } from './thread-page';

/**
 * /prod/thread, /prod/thread/new and /prod/thread/{id}: the chat screen (one component for all
 * three, so moving between them keeps its state). A non-numeric id is an unknown path (to /prod).
 */
export function ThreadRoute() {
  const { threadId } = useParams();
  if (threadId !== undefined && !/^\d+$/.test(threadId)) return <Navigate to="/" replace />;
  return <ThreadPage />;
}

/**
 * /prod/thread/{id}/{rest}: a destination reached from a thread path keeps only its own part,
 * replacing the history entry (/prod/thread/5/settings becomes /prod/settings).
 */
export function ThreadPrefixRedirect() {
  const { threadId, '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const target = rest.replace(/\/+$/, '') ? `/${rest}` : `/thread/${threadId}`;
  return <Navigate to={`${target}${search}${hash}`} replace />;
}
