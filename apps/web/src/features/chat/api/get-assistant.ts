import { ASSISTANT_PATHS, type Assistant, type AssistantResponse } from '@ensemble/shared';
import { apiGet } from '@/lib/api-client';

/** GET assistants/get.php: an assistant the caller may use (its own or a featured one), to start a chat with. */
export async function getAssistant(id: number, signal?: AbortSignal): Promise<Assistant> {
  return (await apiGet<AssistantResponse>(ASSISTANT_PATHS.get, { query: { id }, cache: 'no-store', signal })).assistant;
}
