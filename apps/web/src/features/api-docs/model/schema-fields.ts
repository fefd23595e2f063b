import type { JsonSchema, OpenApiDocument } from './openapi-types';
import { refName, resolveRef } from './resolve-ref';

/** A limit or choice of a field, kept structured so the page can word it in the reader's language. */
export type FieldConstraint =
  | { kind: 'enum'; values: string[] }
  | { kind: 'default'; value: string }
  | { kind: 'range'; min?: number; max?: number }
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'items'; min?: number; max?: number }
  | { kind: 'format'; value: string }
  | { kind: 'pattern'; value: string };

/** One row of a schema's table: a property, nested ones named with dots (messages[].role). */
export interface SchemaField {
  name: string;
  depth: number;
  /** JSON Schema's words for it: string, integer, object, string[], string | object[]... */
  type: string;
  required: boolean;
  nullable: boolean;
  deprecated: boolean;
  description?: string;
  constraints: FieldConstraint[];
  /** For a parameter: where it goes (path, query, header, cookie). */
  place?: string;
}

/** A schema made plain: references followed, allOf merged, a null variant turned into `nullable`, object variants merged. */
interface Plain {
  schema: JsonSchema;
  nullable: boolean;
  /** The components it came through, to stop at a schema that contains itself. */
  refs: string[];
}

const isNullSchema = (s: JsonSchema) => s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');
const isObject = (s: JsonSchema) => s.type === 'object' || (s.type === undefined && s.properties !== undefined);

function plain(doc: OpenApiDocument, raw: JsonSchema | undefined, refs: string[] = []): Plain {
  let schema = raw ?? {};
  const seen = [...refs];
  if (schema.$ref) {
    seen.push(schema.$ref);
    // Sibling keywords of a $ref (OpenAPI 3.1 allows a description beside it) stay on top of the target.
    const { $ref: _ref, ...siblings } = schema;
    schema = { ...resolveRef(doc, schema), ...siblings };
  }
  let nullable = Boolean(schema.nullable);
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    nullable = true;
    const rest = schema.type.filter((t) => t !== 'null');
    schema = { ...schema, type: rest.length === 1 ? rest[0] : rest };
  }
  if (schema.allOf?.length) {
    const { allOf: _all, ...own } = schema;
    const merged: JsonSchema = { ...own, properties: { ...own.properties }, required: [...(own.required ?? [])] };
    for (const part of schema.allOf.map((p) => plain(doc, p, seen).schema)) {
      // The schema's own keywords win over its parts'; properties and required add up.
      for (const [key, value] of Object.entries(part)) {
        if (key !== 'properties' && key !== 'required' && (merged as Record<string, unknown>)[key] === undefined)
          (merged as Record<string, unknown>)[key] = value;
      }
      Object.assign(merged.properties as object, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    schema = merged;
    if (Object.keys(schema.properties ?? {}).length && !schema.type) schema.type = 'object';
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const others = variants.filter((v) => !isNullSchema(resolveRef(doc, v)));
    if (others.length < variants.length) nullable = true;
    const { anyOf: _any, oneOf: _one, ...own } = schema;
    if (others.length === 1) {
      const inner = plain(doc, others[0], seen);
      return { schema: { ...inner.schema, ...withoutUndefined(own) }, nullable: nullable || inner.nullable, refs: inner.refs };
    }
    const resolved = others.map((v) => plain(doc, v, seen).schema);
    // Object variants (chat messages by role) read best as one object: every property of any variant, required where
    // every variant requires it, choices of the same property put together.
    if (resolved.length > 1 && resolved.every(isObject))
      return { schema: { ...mergeObjects(resolved), ...withoutUndefined(own) }, nullable, refs: seen };
    return { schema: { ...own, anyOf: resolved }, nullable, refs: seen };
  }
  return { schema, nullable, refs: seen };
}

function withoutUndefined(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)) as JsonSchema;
}

function mergeObjects(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) {
    for (const [name, prop] of Object.entries(variant.properties ?? {})) {
      const before = properties[name];
      if (!before) properties[name] = prop;
      else if (before.enum && prop.enum) properties[name] = { ...before, enum: [...new Set([...before.enum, ...prop.enum])] };
      else if (JSON.stringify(before) !== JSON.stringify(prop)) properties[name] = { anyOf: [...(before.anyOf ?? [before]), prop] };
    }
  }
  const required = Object.keys(properties).filter((name) => variants.every((v) => v.required?.includes(name)));
  return { type: 'object', properties, required };
}

/** JSON Schema's words for a schema's type: "string", "integer", "object[]", "string | object[]". */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema | undefined): string {
  return typeParts(doc, raw, 0).join(' | ');
}

// The alternatives of a type, each once: "string | object[]" met three times over (chat messages by role) is read once.
function typeParts(doc: OpenApiDocument, raw: JsonSchema | undefined, depth: number): string[] {
  if (depth > 6) return ['any'];
  const { schema } = plain(doc, raw);
  const named = raw?.$ref ? refName(raw.$ref) : undefined;
  if (schema.const !== undefined) return [JSON.stringify(schema.const)];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.flatMap((v) => typeParts(doc, v, depth + 1)))];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.enum?.length) return [typeof schema.enum[0] === 'number' ? 'number' : 'string'];
    if (schema.properties) return [named ?? 'object'];
    return ['any'];
  }
  const parts = types.map((type) => {
    if (type === 'array') {
      const items = schema.items ? typeParts(doc, schema.items, depth + 1) : ['any'];
      return items.length > 1 ? `(${items.join(' | ')})[]` : `${items[0]}[]`;
    }
    return type === 'object' && named ? named : type;
  });
  return [...new Set(parts)];
}

function constraintsOf(schema: JsonSchema): FieldConstraint[] {
  const found: FieldConstraint[] = [];
  if (schema.enum?.length) found.push({ kind: 'enum', values: schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) });
  if (schema.default !== undefined) found.push({ kind: 'default', value: JSON.stringify(schema.default) });
  const min = schema.minimum ?? schema.exclusiveMinimum;
  // zod writes ±Number.MAX_SAFE_INTEGER for "any integer": not a limit worth reading.
  const max = schema.maximum ?? schema.exclusiveMaximum;
  const meaningful = (n: number | undefined) => (n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined);
  if (meaningful(min) !== undefined || meaningful(max) !== undefined)
    found.push({ kind: 'range', min: meaningful(min), max: meaningful(max) });
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    found.push({ kind: 'length', min: schema.minLength, max: schema.maxLength });
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    found.push({ kind: 'items', min: schema.minItems, max: schema.maxItems });
  if (schema.format) found.push({ kind: 'format', value: schema.format });
  // A long pattern (a date-time's) says less than its format does.
  else if (schema.pattern && schema.pattern.length <= 40) found.push({ kind: 'pattern', value: schema.pattern });
  return found;
}

function mergeEnum(row: SchemaField, more: FieldConstraint[]) {
  const mine = row.constraints.find((c) => c.kind === 'enum');
  const theirs = more.find((c) => c.kind === 'enum');
  if (mine?.kind === 'enum' && theirs?.kind === 'enum') mine.values = [...new Set([...mine.values, ...theirs.values])];
}

const MAX_DEPTH = 5;
const MAX_FIELDS = 200;

/** The properties of an object schema (or of an array's objects), nested ones after their parent, as table rows. */
export function schemaFields(doc: OpenApiDocument, root: JsonSchema | undefined): SchemaField[] {
  const rows: SchemaField[] = [];
  const walk = (raw: JsonSchema | undefined, prefix: string, depth: number, refs: string[]) => {
    const { schema, refs: through } = plain(doc, raw, refs);
    // A schema met again inside itself (a tree) is named, not opened again.
    if (raw?.$ref && refs.includes(raw.$ref)) return;
    if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
      walk(schema.items, `${prefix}[]`, depth, through);
      return;
    }
    // A choice of shapes (a string, or an array of parts): the fields of each shape that has any.
    if (schema.anyOf) {
      for (const variant of schema.anyOf) walk(variant, prefix, depth, through);
      return;
    }
    if (!schema.properties || depth > MAX_DEPTH) return;
    const required = new Set(schema.required ?? []);
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (rows.length >= MAX_FIELDS) return;
      const inner = plain(doc, prop, through);
      const fullName = prefix ? `${prefix}.${name}` : name;
      const before = rows.find((row) => row.name === fullName);
      if (before) {
        // The same field in another shape (a content part's type: "text" in one, "image_url" in the other): its choices add up.
        mergeEnum(before, constraintsOf(inner.schema));
        walk(prop, fullName, depth + 1, through);
        continue;
      }
      rows.push({
        name: fullName,
        depth,
        type: typeLabel(doc, prop),
        required: required.has(name),
        nullable: inner.nullable,
        deprecated: Boolean(inner.schema.deprecated ?? prop.deprecated),
        description: prop.description ?? inner.schema.description,
        constraints: constraintsOf(inner.schema),
      });
      walk(prop, fullName, depth + 1, through);
    }
  };
  walk(root, '', 0, []);
  return rows;
}

/** A parameter (path, query, header or cookie) as a row of the same table, `place` saying where it goes. */
export function parameterField(
  doc: OpenApiDocument,
  p: { name: string; in: string; required: boolean; deprecated: boolean; description?: string; schema?: JsonSchema },
): SchemaField {
  const inner = plain(doc, p.schema);
  return {
    name: p.name,
    place: p.in,
    depth: 0,
    type: typeLabel(doc, p.schema),
    required: p.required,
    nullable: inner.nullable,
    deprecated: p.deprecated,
    description: p.description ?? inner.schema.description,
    constraints: constraintsOf(inner.schema),
  };
}
