import type { OpenApiDocument } from './openapi-types';

/** Follows a local `$ref` ("#/components/schemas/Thing") to what it points at; anything else comes back as it is. */
export function resolveRef<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  let current: T = value;
  // A chain of references is followed a few steps at most: a document that refers to itself in a loop still renders.
  for (let hops = 0; hops < 16 && typeof current?.$ref === 'string'; hops++) {
    const target = pointer(doc, current.$ref);
    if (target === undefined || target === null || typeof target !== 'object') return current;
    current = target as T;
  }
  return current;
}

/** The last part of a reference: "#/components/schemas/ChatMessage" names "ChatMessage". */
export function refName(ref: string): string {
  return decodeSegment(ref.slice(ref.lastIndexOf('/') + 1));
}

// JSON Pointer (RFC 6901) escapes "~" as "~0" and "/" as "~1".
const decodeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function pointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[decodeSegment(raw)];
  }
  return at;
}
