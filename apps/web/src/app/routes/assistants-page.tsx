import { callsTools } from '@ensemble/shared';
import { AssistantsScreen, type ToolsPicker } from '@/features/assistants';
import { useSession } from '@/features/session';
import { ThreadTools } from '@/features/tools/thread-tools';

// An assistant's tools are the caller's MCP servers and the operators' (another feature's list), as a thread's are.
const renderTools: ToolsPicker = ({ selected, onChange, model }) => (
  <ThreadTools selected={selected} onChange={onChange} canCall={!model || callsTools(model)} modelName={model?.name} />
);

/** /prod/assistants: the caller's assistants and the featured ones (its own chunk, loaded only here). */
export function AssistantsPage() {
  const { user } = useSession();
  return <AssistantsScreen caller={user?.id ?? 'guest'} renderTools={renderTools} />;
}
