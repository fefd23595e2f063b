import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './openapi-types';
import { schemaFields, typeLabel } from './schema-fields';

const doc = (schemas: NonNullable<OpenApiDocument['components']>['schemas']): OpenApiDocument => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {},
  components: { schemas },
});

describe('schemaFields', () => {
  it('follows $ref, merges allOf, and reads a null variant as nullable', () => {
    const d = doc({
      Base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      Thing: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', properties: { label: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
        ],
      },
    });
    const rows = schemaFields(d, { $ref: '#/components/schemas/Thing' });
    expect(rows.map(({ name, type, required, nullable }) => ({ name, type, required, nullable }))).toEqual([
      { name: 'id', type: 'integer', required: true, nullable: false },
      { name: 'label', type: 'string', required: false, nullable: true },
    ]);
  });

  it('stops at a schema that contains itself', () => {
    const d = doc({
      Node: {
        type: 'object',
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
    });
    const rows = schemaFields(d, { $ref: '#/components/schemas/Node' });
    expect(rows.map((r) => `${r.name}: ${r.type}`)).toEqual(['name: string', 'children: Node[]']);
  });

  it('merges object variants (messages by role) into one table, their choices added up', () => {
    const message = (roles: string[], extra: Record<string, object> = {}) => ({
      type: 'object',
      properties: { role: { type: 'string', enum: roles }, content: { type: 'string' }, ...extra },
      required: ['role', 'content'],
    });
    const rows = schemaFields(doc({}), {
      type: 'array',
      items: { anyOf: [message(['system']), message(['user']), message(['assistant'], { refusal: { type: ['string', 'null'] } })] },
    });
    expect(rows.map((r) => [r.name, r.type, r.required, r.constraints])).toEqual([
      ['[].role', 'string', true, [{ kind: 'enum', values: ['system', 'user', 'assistant'] }]],
      ['[].content', 'string', true, []],
      ['[].refusal', 'string', false, []],
    ]);
  });

  it('words limits, leaving out zod’s "any safe integer" bounds and long patterns', () => {
    const rows = schemaFields(doc({}), {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
        id: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        at: { type: 'string', format: 'date-time', pattern: `^${'\\d'.repeat(40)}$` },
        code: { type: 'string', pattern: '^[a-z]+$', minLength: 2 },
      },
    });
    expect(rows.map((r) => r.constraints)).toEqual([
      [
        { kind: 'default', value: '1' },
        { kind: 'range', min: 1, max: 100 },
      ],
      [],
      [{ kind: 'format', value: 'date-time' }],
      [
        { kind: 'length', min: 2, max: undefined },
        { kind: 'pattern', value: '^[a-z]+$' },
      ],
    ]);
  });

  it('names types as JSON Schema does', () => {
    const d = doc({ Item: { type: 'object', properties: {} } });
    expect(typeLabel(d, { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe('(string | integer)[]');
    expect(typeLabel(d, { $ref: '#/components/schemas/Item' })).toBe('Item');
    expect(typeLabel(d, { const: 'chat.completion' })).toBe('"chat.completion"');
    expect(typeLabel(d, { enum: ['a', 'b'] })).toBe('string');
    expect(typeLabel(d, { $ref: '#/components/schemas/Missing' })).toBe('any');
  });
});
