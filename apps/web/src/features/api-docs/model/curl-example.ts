import type { ApiOperation } from './api-operations';
import type { OpenApiDocument } from './openapi-types';
import { exampleFor } from './schema-example';

/** The shell variable the examples read the key from. */
export const KEY_VARIABLE = '$ENSEMBLE_API_KEY';
/** The shell variable the examples read a session cookie from (the web app's /api routes). */
export const SESSION_VARIABLE = '$ENSEMBLE_SESSION';

// Bodies written by hand where a schema's first choices would not make a call worth copying.
const BODIES: Record<string, unknown> = {
  'post /v1/chat/completions': { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] },
  'post /v1/images/generations': { model: 'dall-e-3', prompt: 'A lighthouse at dusk', size: '1024x1024' },
};

// The same for path parameters, by name.
const PATH_VALUES: Record<string, string> = { model: 'gpt-4o-mini' };

/** A string as one single-quoted shell word ('it'\''s'). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The example body of an operation: a hand-written one for the developer API's main calls, else one from its schema. */
export function exampleBody(doc: OpenApiDocument, op: ApiOperation): unknown {
  return BODIES[`${op.method} ${op.path}`] ?? exampleFor(doc, op.body?.schema);
}

/**
 * A curl command that makes the call against `origin`: path and required query parameters filled with examples, the
 * key (or the session cookie) from a shell variable, and a JSON body when the operation takes one.
 */
export function curlExample(doc: OpenApiDocument, op: ApiOperation, origin: string): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = PATH_VALUES[p.name] && p.in === 'path' ? PATH_VALUES[p.name] : exampleFor(doc, p.schema, p.name);
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? 1);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(text));
    else if (p.in === 'query' && p.required) query.set(p.name, text);
  }
  const qs = query.toString();
  const url = `${origin}${path}${qs ? `?${qs}` : ''}`;
  const lines = [op.method === 'get' ? `curl ${shellQuote(url)}` : `curl -X ${op.method.toUpperCase()} ${shellQuote(url)}`];
  const bearer = op.auth.find((a) => a.kind === 'bearer');
  const cookie = op.auth.find((a) => a.kind === 'cookie');
  // Double quotes, so that the shell puts the variable's value in.
  if (bearer) lines.push(`-H "Authorization: Bearer ${KEY_VARIABLE}"`);
  else if (cookie) lines.push(`-b "${cookie.name}=${SESSION_VARIABLE}"`);
  if (op.body?.contentType.includes('json')) {
    lines.push(`-H ${shellQuote('Content-Type: application/json')}`);
    lines.push(`-d ${shellQuote(JSON.stringify(exampleBody(doc, op), null, 2))}`);
  } else if (op.body?.contentType === 'multipart/form-data') {
    lines.push(`-F ${shellQuote('files=@photo.png')}`);
  }
  return lines.join(' \\\n  ');
}
