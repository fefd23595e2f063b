import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter } from './openapi-types';
import { resolveRef } from './resolve-ref';

/** The HTTP methods an OpenAPI path item may hold, in the order the page lists them. */
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
/** One of HTTP_METHODS. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** How a call proves who makes it: an API key as a Bearer token, a session cookie, or another scheme. */
export interface ApiAuth {
  kind: 'bearer' | 'cookie' | 'other';
  /** The scheme's name in the document (bearerAuth), or the cookie's name for a cookie. */
  name: string;
}

/** A parameter as the page shows it. */
export interface ApiParameter {
  name: string;
  in: OpenApiParameter['in'];
  required: boolean;
  description?: string;
  deprecated: boolean;
  schema?: JsonSchema;
}

/** One response code of an operation, with its JSON body's schema when the document gives one. */
export interface ApiResponse {
  code: string;
  description?: string;
  schema?: JsonSchema;
}

/** One operation, read from the document and ready to show. */
export interface ApiOperation {
  /** The anchor of its entry on the page (op-post-v1-chat-completions). */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  group: string;
  parameters: ApiParameter[];
  body?: { required: boolean; contentType: string; description?: string; schema?: JsonSchema };
  responses: ApiResponse[];
  /** Ways to authenticate (any one of them); empty when the operation needs none. */
  auth: ApiAuth[];
}

/** The operations of one tag (or one path prefix when the document has no tags). */
export interface ApiGroup {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

/** An operation's anchor on the page: its method and path, lower-case, dashes for the rest. */
export function operationId(method: string, path: string): string {
  return `op-${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The group of an untagged path: its first segment, or the second after /api (/api/keys/x.php is "keys", /api/health "health"). */
export function pathGroup(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '/';
  return first === 'api' && segments.length > 1 ? (segments[1] ?? first) : first;
}

function authOf(doc: OpenApiDocument, op: OpenApiOperation): ApiAuth[] {
  const requirements = op.security ?? doc.security ?? [];
  const schemes = doc.components?.securitySchemes ?? {};
  const found = new Map<string, ApiAuth>();
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      const kind =
        scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer'
          ? 'bearer'
          : scheme?.type === 'apiKey' && scheme.in === 'cookie'
            ? 'cookie'
            : 'other';
      found.set(name, { kind, name: kind === 'cookie' ? (scheme?.name ?? name) : name });
    }
  }
  return [...found.values()];
}

function parametersOf(doc: OpenApiDocument, shared: unknown, own: OpenApiParameter[] = []): ApiParameter[] {
  // The operation's own parameters replace the path item's of the same name and place.
  const byKey = new Map<string, OpenApiParameter>();
  for (const raw of [...(Array.isArray(shared) ? (shared as OpenApiParameter[]) : []), ...own]) {
    const p = resolveRef(doc, raw);
    if (p?.name && p.in) byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()].map((p) => ({
    name: p.name,
    in: p.in,
    required: p.in === 'path' || Boolean(p.required),
    description: p.description,
    deprecated: Boolean(p.deprecated),
    schema: p.schema,
  }));
}

/** The content type the page shows: JSON when offered, else the first. */
function pickContent(content: Record<string, { schema?: JsonSchema }> | undefined) {
  if (!content) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => t === 'application/json') ?? types.find((t) => t.endsWith('+json') || t.includes('json')) ?? types[0];
  return type ? { type, schema: content[type]?.schema } : undefined;
}

function readOperation(doc: OpenApiDocument, path: string, method: HttpMethod, op: OpenApiOperation, shared: unknown): ApiOperation {
  const rawBody = op.requestBody ? resolveRef(doc, op.requestBody) : undefined;
  const bodyContent = pickContent(rawBody?.content);
  return {
    id: operationId(method, path),
    method,
    path,
    summary: op.summary?.trim() || op.operationId || `${method.toUpperCase()} ${path}`,
    description: op.description?.trim() || undefined,
    deprecated: Boolean(op.deprecated),
    group: op.tags?.[0] ?? pathGroup(path),
    parameters: parametersOf(doc, shared, op.parameters),
    body: rawBody
      ? {
          required: Boolean(rawBody.required),
          contentType: bodyContent?.type ?? 'application/json',
          description: rawBody.description,
          schema: bodyContent?.schema,
        }
      : undefined,
    responses: Object.entries(op.responses ?? {}).map(([code, raw]) => {
      const response = resolveRef(doc, raw);
      return { code, description: response?.description, schema: pickContent(response?.content)?.schema };
    }),
    auth: authOf(doc, op),
  };
}

/**
 * Every operation of the document, grouped by first tag (or path prefix). Groups with Bearer-key operations (the
 * developer API) come first, then the document's tag order, then the order of appearance.
 */
export function readGroups(doc: OpenApiDocument): ApiGroup[] {
  const groups = new Map<string, ApiGroup>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op || typeof op !== 'object' || Array.isArray(op)) continue;
      const operation = readOperation(doc, path, method, op, item.parameters);
      let group = groups.get(operation.group);
      if (!group) {
        const description = doc.tags?.find((tag) => tag.name === operation.group)?.description;
        group = { name: operation.group, description, operations: [] };
        groups.set(operation.group, group);
      }
      group.operations.push(operation);
    }
  }
  const tagOrder = (name: string) => {
    const i = doc.tags?.findIndex((tag) => tag.name === name) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const developerFirst = (g: ApiGroup) => (g.operations.some((op) => op.auth.some((a) => a.kind === 'bearer')) ? 0 : 1);
  // Array.prototype.sort is stable: groups that tie keep their order of appearance.
  return [...groups.values()].sort((a, b) => developerFirst(a) - developerFirst(b) || tagOrder(a.name) - tagOrder(b.name));
}

/** Whether an operation matches every word of a filter (method, path, summary, description or group). */
export function matchesFilter(op: ApiOperation, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${op.method} ${op.path} ${op.summary} ${op.description ?? ''} ${op.group}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
