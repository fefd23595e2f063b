import { AdminConsole } from '@/features/admin';

/** /prod/admin/*: the operator console (its own chunk; never part of the chat bundle). */
export function AdminPage() {
  return <AdminConsole />;
}
