import { t } from '@lingui/core/macro';
import {
  ASSISTANT_LIMITS,
  type Assistant,
  type CreateAssistantRequest,
  type ModelEntry,
  acceptsParameter,
  outputTokenLimit,
} from '@ensemble/shared';
import { formatCount } from '@/lib/format-count';

/** A few emoji the form suggests (any other may be typed). */
export const EMOJI_SUGGESTIONS = ['🤖', '🧠', '✍️', '🌍', '💻', '📚', '🎨', '🧪', '🧭', '🏴‍☠️'] as const;

/** The form's state: what the fields hold, as typed. */
export interface AssistantFormValues {
  name: string;
  emoji: string;
  /** The icon to show: a new upload (data: URL), the stored one's URL, or null. */
  icon: string | null;
  /** Whether the icon was chosen or removed in this form (only then is it sent). */
  iconChanged: boolean;
  description: string;
  modelId: string;
  instructions: string;
  temperature: string;
  maxTokens: string;
  starters: string[];
  webSearch: boolean;
  serverIds: number[];
}

/** The form's first values: the assistant's, or a new one's on the given model. */
export function initialValues(assistant: Assistant | undefined, defaultModel: string): AssistantFormValues {
  const starters = [...(assistant?.starters ?? [])];
  while (starters.length < ASSISTANT_LIMITS.starters) starters.push('');
  return {
    name: assistant?.name ?? '',
    emoji: assistant?.emoji ?? '',
    icon: assistant?.icon_url ?? null,
    iconChanged: false,
    description: assistant?.description ?? '',
    modelId: assistant?.model_id ?? defaultModel,
    instructions: assistant?.instructions ?? '',
    temperature: assistant?.temperature?.toString() ?? '',
    maxTokens: assistant?.max_output_tokens?.toString() ?? '',
    starters,
    webSearch: assistant?.web_search ?? false,
    serverIds: assistant?.mcp_server_ids ?? [],
  };
}

/** What the form offers for a model: the parameters its row honours and its output cap (as the thread settings do). */
export function offeredFor(model: ModelEntry | undefined) {
  const limit = outputTokenLimit(model ?? {});
  const count = formatCount(limit);
  return {
    temperature: !model || acceptsParameter(model, 'temperature'),
    maxTokens: !model || acceptsParameter(model, 'max_output_tokens'),
    limit,
    limitText: t`1 to ${count}`,
  };
}

/** Which field a problem is about, and what it is. */
export interface FormProblem {
  field: 'name' | 'modelId' | 'temperature' | 'maxTokens';
  message: string;
}

/** The request the form makes, or its first problem. A parameter the model does not honour is sent empty. */
export function requestOf(v: AssistantFormValues, model: ModelEntry | undefined): CreateAssistantRequest | FormProblem {
  if (!v.name.trim()) return { field: 'name', message: t`Give the assistant a name.` };
  if (!model) return { field: 'modelId', message: t`Choose a model.` };
  const offer = offeredFor(model);
  const temperature = !offer.temperature || v.temperature.trim() === '' ? null : Number(v.temperature);
  if (temperature !== null && (!Number.isFinite(temperature) || temperature < 0 || temperature > 2))
    return { field: 'temperature', message: t`Temperature must be a number from 0 to 2.` };
  const maxTokens = !offer.maxTokens || v.maxTokens.trim() === '' ? null : Number(v.maxTokens);
  const { limitText } = offer;
  if (maxTokens !== null && (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > offer.limit))
    return { field: 'maxTokens', message: t`Maximum output tokens must be a whole number from ${limitText}.` };
  return {
    name: v.name.trim(),
    emoji: v.emoji.trim() || null,
    ...(v.iconChanged ? { icon: v.icon } : {}),
    description: v.description.trim(),
    model_id: model.id,
    instructions: v.instructions,
    temperature,
    max_output_tokens: maxTokens,
    starters: v.starters.map((s) => s.trim()).filter(Boolean),
    web_search: v.webSearch,
    mcp_server_ids: v.serverIds,
  };
}

export const isProblem = (r: CreateAssistantRequest | FormProblem): r is FormProblem => 'field' in r && 'message' in r;

// The browser scales a chosen picture down before it is sent; the server makes the stored 128×128 icon from it.
const UPLOAD_SIDE = 256;
const PICTURE_MAX_BYTES = 20 * 1024 * 1024;

/** A chosen picture as a small square data: URL (its centre, 256×256), or why it cannot be one. */
export async function iconFromFile(file: File): Promise<{ url: string } | { error: string }> {
  if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) return { error: t`Choose a PNG, JPEG, WebP or GIF picture.` };
  if (file.size > PICTURE_MAX_BYTES) return { error: t`This picture is too large. Choose one under 20 MB.` };
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = UPLOAD_SIDE;
    canvas.height = UPLOAD_SIDE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, UPLOAD_SIDE, UPLOAD_SIDE);
    bitmap.close();
    // WebP where the browser writes it (a PNG otherwise): both are well under the upload limit at this size.
    return { url: canvas.toDataURL('image/webp', 0.9) };
  } catch {
    return { error: t`This picture could not be read. Try another file.` };
  }
}
