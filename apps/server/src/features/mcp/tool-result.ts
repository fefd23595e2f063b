import type { CallToolResult } from '@ai-sdk/mcp';

/** The most bytes (UTF-8) of a tool's result handed on; the rest is cut and `truncated` set. */
export const MCP_RESULT_MAX_BYTES = 64 * 1024;

type Part = { type: string; [key: string]: unknown };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One content part as text: text as it is, anything else described (never fetched, never run). */
function partText(part: Part): string {
  switch (part.type) {
    case 'text':
      return str(part.text);
    case 'image':
    case 'audio':
      return `[${part.type}: ${str(part.mimeType) || 'unknown type'}, about ${Math.floor((str(part.data).length * 3) / 4)} bytes]`;
    case 'resource': {
      const resource = (part.resource ?? {}) as Record<string, unknown>;
      const head = `[resource ${str(resource.uri)}${resource.mimeType ? ` (${str(resource.mimeType)})` : ''}]`;
      return typeof resource.text === 'string' ? `${head}\n${resource.text}` : `${head} binary content`;
    }
    case 'resource_link':
      return `[resource link: ${str(part.name)} <${str(part.uri)}>]`;
    default:
      return `[${String(part.type)} content]`;
  }
}

/** Cuts text to maxBytes of UTF-8 without splitting a character. */
export function capText(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return { text, truncated: false };
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  // A character split at the cut decodes as U+FFFD: it goes too.
  return { text: cut.replace(/\uFFFD$/, ''), truncated: true };
}

/**
 * A tool's result as text for the model: its content parts joined (non-text parts described), or its structured
 * content as JSON when it has no parts; capped at maxBytes. The result is data, passed on as it is.
 */
export function resultText(
  result: CallToolResult,
  maxBytes = MCP_RESULT_MAX_BYTES,
): { text: string; isError: boolean; truncated: boolean } {
  let text: string;
  let isError = false;
  if ('content' in result && Array.isArray(result.content)) {
    isError = result.isError === true;
    const parts = (result.content as Part[]).map(partText);
    text = parts.length > 0 ? parts.join('\n\n') : result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : '';
  } else {
    text = JSON.stringify((result as { toolResult?: unknown }).toolResult ?? null);
  }
  return { ...capText(text, maxBytes), isError };
}
