import { describe, expect, it } from 'vitest';
import { SAMPLE_OPENAPI } from '../api-docs-test-utils';
import { readGroups } from './api-operations';
import { curlExample, shellQuote } from './curl-example';
import type { OpenApiDocument } from './openapi-types';

const ORIGIN = 'https://ensemble.example';

function op(doc: OpenApiDocument, id: string) {
  const found = readGroups(doc)
    .flatMap((g) => g.operations)
    .find((o) => o.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

describe('curlExample', () => {
  it('writes the chat completion a developer would start from', () => {
    expect(curlExample(SAMPLE_OPENAPI, op(SAMPLE_OPENAPI, 'op-post-v1-chat-completions'), ORIGIN)).toBe(
      [
        `curl -X POST 'https://ensemble.example/v1/chat/completions' \\`,
        `  -H "Authorization: Bearer $ENSEMBLE_API_KEY" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{`,
        `  "model": "gpt-4o-mini",`,
        `  "messages": [`,
        `    {`,
        `      "role": "user",`,
        `      "content": "Hello"`,
        `    }`,
        `  ]`,
        `}'`,
      ].join('\n'),
    );
  });

  it('fills path and required query parameters, and sends the session cookie to /api', () => {
    const doc: OpenApiDocument = {
      ...SAMPLE_OPENAPI,
      paths: {
        '/api/admin/keys.php': {
          get: {
            security: [{ cookieAuth: [] }],
            parameters: [
              { name: 'user_id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
              { name: 'page', in: 'query', schema: { type: 'integer' } },
            ],
          },
        },
        '/api/images/file/{id}': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }] } },
      },
    };
    expect(curlExample(doc, op(doc, 'op-get-api-admin-keys-php'), ORIGIN)).toBe(
      `curl 'https://ensemble.example/api/admin/keys.php?user_id=1' \\\n  -b "ensemble_sid=$ENSEMBLE_SESSION"`,
    );
    expect(curlExample(doc, op(doc, 'op-get-api-images-file-id'), ORIGIN)).toBe(`curl 'https://ensemble.example/api/images/file/string'`);
  });

  it('quotes a body holding single quotes for the shell', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});
