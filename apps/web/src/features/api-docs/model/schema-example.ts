import type { JsonSchema, OpenApiDocument } from './openapi-types';
import { resolveRef } from './resolve-ref';

// Values that read like a real call for properties with these names; anything else gets a value of its type.
const BY_NAME = new Map<string, unknown>([
  ['model', 'gpt-4o-mini'],
  ['prompt', 'A lighthouse at dusk'],
  ['content', 'Hello'],
  ['name', 'My script'],
  ['title', 'Trip plans'],
  ['email', 'ada@example.com'],
  ['username', 'ada'],
  ['password', 'correct-horse-battery-staple'],
  ['role', 'user'],
  ['size', '1024x1024'],
  ['reason', 'Requested by the account holder'],
]);

function stringFor(schema: JsonSchema, name: string | undefined): string {
  if (schema.format === 'date-time') return '2030-01-31T23:59:59.000Z';
  if (schema.format === 'date') return '2030-01-31';
  if (schema.format === 'email') return 'ada@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com';
  const byName = name ? BY_NAME.get(name) : undefined;
  if (typeof byName === 'string') return byName;
  return schema.minLength && schema.minLength > 6 ? 'x'.repeat(schema.minLength) : 'string';
}

function numberFor(schema: JsonSchema): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  if (min !== undefined && Math.abs(min) < Number.MAX_SAFE_INTEGER) return Math.max(min, Math.min(1, schema.maximum ?? 1));
  return 1;
}

/**
 * An example value for a schema: the document's own example or default when it has one, else a value of the right
 * shape. Objects carry their required properties (all of them when none is required); arrays hold one item.
 */
export function exampleFor(doc: OpenApiDocument, raw: JsonSchema | undefined, name?: string, depth = 0, seen: string[] = []): unknown {
  if (!raw || depth > 6) return null;
  if (raw.$ref && seen.includes(raw.$ref)) return {};
  const schema = resolveRef(doc, raw);
  const through = raw.$ref ? [...seen, raw.$ref] : seen;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return name && schema.enum.includes(BY_NAME.get(name)) ? BY_NAME.get(name) : schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const first = variants.find((v) => resolveRef(doc, v).type !== 'null') ?? variants[0];
    return exampleFor(doc, first, name, depth + 1, through);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFor(doc, part, name, depth + 1, through)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const chosen = required.size ? properties.filter(([key]) => required.has(key)) : properties.slice(0, 4);
      return Object.fromEntries(chosen.map(([key, prop]) => [key, exampleFor(doc, prop, key, depth + 1, through)]));
    }
    case 'array':
      return [exampleFor(doc, schema.items, name, depth + 1, through)];
    case 'string':
      return stringFor(schema, name);
    case 'integer':
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return true;
    default:
      return null;
  }
}
