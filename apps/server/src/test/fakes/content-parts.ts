// Strict checks of message content as each provider's API takes it (the shapes its API reference
// documents and its @ai-sdk package sends): a part in another provider's form, or a malformed one, is
// refused with the error text the real API gives, so a test cannot pass with the wrong wire shape.

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
// A PDF's first bytes, "%PDF-", as base64 starts them.
const isPdfBase64 = (data: string) => BASE64.test(data) && Buffer.from(data.slice(0, 8), 'base64').toString('latin1').startsWith('%PDF-');

/**
 * OpenAI Chat Completions (platform.openai.com/docs/api-reference/chat/create): content is a string
 * or parts; a user part is `text`, `image_url` ({ url: https or data:image/...;base64 }) or `file`
 * ({ file_id } or { filename, file_data: data:application/pdf;base64 }: PDF only, per
 * developers.openai.com/api/docs/guides/file-inputs). DeepSeek and xAI's text models: text only. An assistant
 * turn with tool_calls may have null content; a tool turn's content is a string (openai-tools.ts checks the pairing).
 */
export function openAIContentError(messages: unknown[], imagesAllowed: boolean): string | null {
  for (const [i, m] of messages.entries()) {
    if (!isObj(m)) return `messages[${i}]: must be an object`;
    const content = m.content;
    if (typeof content === 'string') continue;
    // An assistant turn that calls tools may leave its content out ("Required unless tool_calls … is specified").
    if ((content === null || content === undefined) && m.role === 'assistant' && Array.isArray(m.tool_calls)) continue;
    if (!Array.isArray(content)) return `messages[${i}].content: must be a string or an array of content parts`;
    for (const [j, p] of content.entries()) {
      const at = `messages[${i}].content[${j}]`;
      if (!isObj(p)) return `${at}: must be an object`;
      if (p.type === 'text') {
        if (typeof p.text !== 'string' || !onlyKeys(p, ['type', 'text'])) return `${at}: invalid text part`;
      } else if (p.type === 'image_url' && m.role === 'user') {
        if (!imagesAllowed) return `${at}: Invalid content type. image_url is only supported by certain models.`;
        const url = isObj(p.image_url) ? p.image_url.url : undefined;
        if (!onlyKeys(p, ['type', 'image_url']) || !isObj(p.image_url) || !onlyKeys(p.image_url, ['url', 'detail']))
          return `${at}: invalid image_url part`;
        const data = typeof url === 'string' ? /^data:(image\/[a-z]+);base64,(.+)$/.exec(url) : null;
        if (
          typeof url !== 'string' ||
          (!url.startsWith('https://') && !(data && IMAGE_TYPES.includes(data[1] as string) && BASE64.test(data[2] as string)))
        )
          return `${at}.image_url.url: Invalid image URL`;
      } else if (p.type === 'file' && m.role === 'user' && imagesAllowed) {
        const file = isObj(p.file) ? p.file : null;
        if (!file || !onlyKeys(p, ['type', 'file']) || !onlyKeys(file, ['file_data', 'file_id', 'filename']))
          return `${at}.file: invalid file part`;
        if (typeof file.file_id === 'string' && file.file_data === undefined) continue;
        if (typeof file.file_data !== 'string') return `Missing required parameter: '${at}.file.file_data'.`;
        if (typeof file.filename !== 'string' || !file.filename) return `Missing required parameter: '${at}.file.filename'.`;
        const data = /^data:application\/pdf;base64,(.+)$/.exec(file.file_data);
        if (!data || !isPdfBase64(data[1] as string))
          return `Invalid file data: '${at}.file.file_data'. Expected a base64-encoded data URL with an application/pdf MIME type.`;
      } else {
        return `${at}.type: Invalid value: '${String(p.type)}'. Supported values are: 'text', 'image_url' and 'file'.`;
      }
    }
  }
  return null;
}

/**
 * Anthropic Messages (docs.claude.com/en/api/messages): content is a string or blocks; a user block is
 * `text`, `image` (source base64 with media_type png/jpeg/gif/webp, or url) or `document` (source
 * base64 application/pdf, or text/plain text, or url; optional title, context, citations) or `tool_result`; an
 * assistant block is `text` or `tool_use` (anthropic-tools.ts checks that results answer calls).
 */
export function anthropicContentError(messages: unknown[]): string | null {
  for (const [i, m] of messages.entries()) {
    if (!isObj(m)) return `messages.${i}: must be an object`;
    const content = m.content;
    if (typeof content === 'string') continue;
    if (!Array.isArray(content)) return `messages.${i}.content: Input should be a valid list`;
    for (const [j, b] of content.entries()) {
      const at = `messages.${i}.content.${j}`;
      if (!isObj(b)) return `${at}: Input should be a valid dictionary`;
      const source = isObj(b.source) ? b.source : null;
      if (b.type === 'text') {
        if (typeof b.text !== 'string' || !onlyKeys(b, ['type', 'text', 'cache_control'])) return `${at}.text: Field required`;
      } else if (b.type === 'image' && m.role === 'user') {
        if (!source || !onlyKeys(b, ['type', 'source', 'cache_control'])) return `${at}.source: Field required`;
        if (source.type === 'base64') {
          if (!IMAGE_TYPES.includes(String(source.media_type)))
            return `${at}.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
          if (typeof source.data !== 'string' || !BASE64.test(source.data)) return `${at}.source.data: invalid base64 data`;
        } else if (source.type !== 'url' || typeof source.url !== 'string')
          return `${at}.source.type: Input tag '${String(source.type)}' is not a valid image source`;
      } else if (b.type === 'document' && m.role === 'user') {
        if (!source || !onlyKeys(b, ['type', 'source', 'title', 'context', 'citations', 'cache_control']))
          return `${at}.source: Field required`;
        const pdf =
          source.type === 'base64' &&
          source.media_type === 'application/pdf' &&
          typeof source.data === 'string' &&
          BASE64.test(source.data);
        const plain = source.type === 'text' && source.media_type === 'text/plain' && typeof source.data === 'string';
        const url = source.type === 'url' && typeof source.url === 'string';
        if (!pdf && !plain && !url) return `${at}.source: Input tag '${String(source.type)}' does not match a document source`;
      } else if (b.type === 'tool_use' && m.role === 'assistant') {
        // ToolUseBlockParam (issue 40): the id Claude minted (or one of its pattern), the tool's name and input.
        const extra = Object.keys(b).find((k) => !['type', 'id', 'name', 'input', 'cache_control', 'caller'].includes(k));
        if (extra) return `${at}.tool_use.${extra}: Extra inputs are not permitted`;
        if (typeof b.id !== 'string' || !/^[a-zA-Z0-9_-]+$/.test(b.id))
          return `${at}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`;
        if (typeof b.name !== 'string') return `${at}.tool_use.name: Field required`;
        if (!isObj(b.input)) return `${at}.tool_use.input: Input should be a valid dictionary`;
      } else if (b.type === 'tool_result' && m.role === 'user') {
        // ToolResultBlockParam: tool_use_id, and content as a string or text (image, document) blocks.
        const extra = Object.keys(b).find((k) => !['type', 'tool_use_id', 'content', 'is_error', 'cache_control'].includes(k));
        if (extra) return `${at}.tool_result.${extra}: Extra inputs are not permitted`;
        if (typeof b.tool_use_id !== 'string') return `${at}.tool_result.tool_use_id: Field required`;
        const content = b.content;
        if (content !== undefined && typeof content !== 'string') {
          if (!Array.isArray(content)) return `${at}.tool_result.content: Input should be a valid list`;
          const inner = anthropicContentError([{ role: 'user', content }]);
          if (inner) return `${at}.tool_result.${inner.replace(/^messages\.0\./, '')}`;
        }
        if (b.is_error !== undefined && typeof b.is_error !== 'boolean')
          return `${at}.tool_result.is_error: Input should be a valid boolean`;
      } else {
        return `${at}: Input tag '${String(b.type)}' found using 'type' does not match any of the expected tags`;
      }
    }
  }
  return null;
}

// The inline types Gemini reads (ai.google.dev/gemini-api/docs: image understanding, document processing).
const GEMINI_INLINE = /^(image\/(png|jpeg|webp|heic|heif)|application\/pdf|text\/plain|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

/**
 * Gemini generateContent (ai.google.dev/api/caching#Content): each content has a role and parts; a
 * part is `text` or `inlineData` ({ mimeType, data: base64 }) or `fileData` ({ mimeType, fileUri }), or a
 * `functionCall` / `functionResponse` (google-tools.ts checks their turns).
 */
export function googleContentError(contents: unknown[]): string | null {
  for (const [i, c] of contents.entries()) {
    if (!isObj(c) || !Array.isArray(c.parts)) return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty`;
    for (const [j, p] of c.parts.entries()) {
      const at = `* GenerateContentRequest.contents[${i}].parts[${j}]`;
      if (!isObj(p)) return `${at}: must be an object`;
      const keys = Object.keys(p).filter((k) => k !== 'thought' && k !== 'thoughtSignature');
      if (keys.length !== 1)
        return `${at}: Invalid JSON payload received. A part must hold exactly one of text, inlineData, fileData, functionCall, functionResponse`;
      const [key] = keys;
      if (key === 'text') {
        if (typeof p.text !== 'string') return `${at}.text: must be a string`;
      } else if (key === 'inlineData') {
        const d = p.inlineData;
        if (
          !isObj(d) ||
          !onlyKeys(d, ['mimeType', 'data']) ||
          typeof d.mimeType !== 'string' ||
          typeof d.data !== 'string' ||
          !BASE64.test(d.data)
        )
          return `${at}.inline_data: Invalid JSON payload received. Expected { mimeType, data (base64) }`;
        if (!GEMINI_INLINE.test(d.mimeType)) return `Unsupported MIME type: ${d.mimeType}`;
        if (d.mimeType === 'application/pdf' && !isPdfBase64(d.data)) return 'The document has no pages.';
      } else if (key === 'fileData') {
        const d = p.fileData;
        if (!isObj(d) || typeof d.fileUri !== 'string') return `${at}.file_data.file_uri: Field required`;
      } else if (key === 'functionCall' || key === 'functionResponse') {
        // FunctionCall { id?, name, args? } in a model turn; FunctionResponse { id?, name, response, parts? } (issue 40).
        const d = p[key];
        const fields = key === 'functionCall' ? ['id', 'name', 'args'] : ['id', 'name', 'response', 'parts', 'willContinue', 'scheduling'];
        const proto = key === 'functionCall' ? 'function_call' : 'function_response';
        if (!isObj(d)) return `${at}.${proto}: Invalid JSON payload received. Expected an object`;
        const unknown = Object.keys(d).find((k) => !fields.includes(k));
        if (unknown) return `${at}.${proto}: Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`;
        if (typeof d.name !== 'string' || !d.name) return `${at}.${proto}.name: Name cannot be empty.`;
        if (key === 'functionCall' && d.args !== undefined && !isObj(d.args))
          return `${at}.function_call.args: Invalid JSON payload received. Expected an object`;
        if (key === 'functionResponse' && !isObj(d.response))
          return `${at}.function_response.response: Invalid JSON payload received. Expected an object`;
      } else {
        return `${at}: Invalid JSON payload received. Unknown name "${key}": Cannot find field.`;
      }
    }
  }
  return null;
}
