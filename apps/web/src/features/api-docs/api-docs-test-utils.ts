import type { OpenApiDocument } from './model/openapi-types';

/** A small OpenAPI 3.1 document as the server writes it: tags, both auth schemes, a $ref, a path parameter, an untagged path. */
export const SAMPLE_OPENAPI: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Ensemble API', version: '0.1.0', description: 'Two ways to authenticate.' },
  tags: [{ name: 'keys', description: 'Personal API keys.' }],
  components: {
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'ensemble_sid' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'ens_…' },
    },
    schemas: {
      Message: {
        type: 'object',
        properties: {
          role: { type: 'string', enum: ['system', 'user', 'assistant'], description: 'Who wrote it.' },
          content: { type: 'string', description: 'The text.' },
        },
        required: ['role', 'content'],
      },
    },
  },
  paths: {
    '/api/keys/create.php': {
      post: {
        summary: 'Create a personal API key (its secret is shown once)',
        tags: ['keys'],
        security: [{ cookieAuth: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 80 },
                  monthly_limit: { anyOf: [{ type: 'integer', minimum: 1, maximum: 1000000 }, { type: 'null' }] },
                },
                required: ['name'],
              },
            },
          },
        },
        responses: { '200': { description: 'Default Response' } },
      },
    },
    '/api/keys/list.php': {
      get: {
        summary: 'The signed-in account’s API keys',
        tags: ['keys'],
        security: [{ cookieAuth: [] }],
        responses: { '200': { description: 'Default Response' } },
      },
    },
    '/v1/chat/completions': {
      post: {
        summary: 'Create a chat completion (streams with `stream: true`)',
        tags: ['OpenAI-compatible'],
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  model: { type: 'string', description: 'A model id from GET /v1/models.' },
                  messages: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Message' } },
                  stream: { type: ['boolean', 'null'] },
                },
                required: ['model', 'messages'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The completion',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' }, object: { const: 'chat.completion' } }, required: ['id'] },
              },
            },
          },
        },
      },
    },
    '/v1/models/{model}': {
      get: {
        summary: 'One model this key may call',
        tags: ['OpenAI-compatible'],
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'model', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } }],
        responses: { '200': { description: 'Default Response' } },
      },
    },
    '/api/health': { get: { summary: 'Health check', responses: { '200': { description: 'Default Response' } } } },
  },
};
