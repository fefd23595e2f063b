import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './identity.js';
import { OPERATION_SUMMARIES } from './openapi-summaries.js';

/** Where the document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** Public-looking routes left out of the document: Stripe's webhook is for Stripe alone. */
const EXCLUDED_PATHS = new Set(['/api/subscription/webhook.php']);

/** Operations that read no session and no key: the URL (a token, a random id) is all they need, or they are public. */
const OPEN_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/ready',
  `GET ${OPENAPI_PATH}`,
  'GET /api/assets/icons/:name',
  'GET /api/config/get_frontend_config.php',
  'GET /api/config/get_config.php',
  'GET /api/config/models.php',
  'GET /api/auth/verify_email.php',
  'POST /api/auth/reset-password.php',
  'POST /api/auth/update-password.php',
  'GET /api/auth/picture/:file',
  'GET /api/images/file/:id',
  'GET /api/share/view.php',
  'GET /v1/files/images/:id',
]);

/** Request bodies no zod schema describes (the upload is parsed part by part), written for the document only. */
const UNVALIDATED_BODIES: Record<string, { body: Record<string, unknown>; consumes: string[] }> = {
  'POST /api/attachments/upload.php': {
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      description: 'Each file part is one attachment, whatever its field name.',
      properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
    },
  },
};

const DESCRIPTION = `The Ensemble API, generated from the zod contract the server validates requests with.

Two ways to authenticate:

- **\`/api/…\`** (the web app's calls): the session cookie \`${SESSION_COOKIE}\` (\`cookieAuth\`). A call without it starts a guest
  session and sets the cookie; calls that need an account answer 401 until you sign in (\`/api/auth/login.php\`,
  \`/api/auth/register.php\` or Google). Writes must come from the app's own origin.
- **\`/v1/…\`** (OpenAI-compatible developer API): a personal API key, \`Authorization: Bearer ens_…\` (\`bearerAuth\`), made
  in Settings or with \`POST /api/keys/create.php\`. No cookies; any origin (CORS). Errors come in OpenAI's shape.

Operations marked with no security need neither.`;

/** The tag of a path: its first segment under /api (without .php), or the OpenAI-compatible API for /v1. */
function tagOf(url: string): string {
  if (url.startsWith('/v1/')) return 'OpenAI-compatible';
  return (url.split('/')[2] ?? '').replace(/\.(php|json)$/, '');
}

/** Only /api and /v1 are the public API; /metrics, the web app's pages and assets, preflights and HEADs are not. */
function isDocumented(method: string, url: string): boolean {
  return (url.startsWith('/api/') || url.startsWith('/v1/')) && !EXCLUDED_PATHS.has(url) && method !== 'OPTIONS' && method !== 'HEAD';
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Zod schemas become JSON Schema 2020-12 (a route's `schema.hide` hides it); each operation gets its summary, tag and security. */
const transform: SwaggerTransform = (input) => {
  const { url, route } = input;
  const method = [route.method].flat()[0] as string;
  const converted = zodTransform(input as Parameters<typeof zodTransform>[0]);
  const schema = (converted.schema ?? {}) as FastifySchema & Record<string, unknown>;
  if (schema.hide) return { schema, url };
  const key = `${method} ${url}`;
  const scheme = url.startsWith('/v1/') ? 'bearerAuth' : 'cookieAuth';
  return {
    url,
    schema: {
      ...schema,
      ...UNVALIDATED_BODIES[key],
      summary: schema.summary ?? OPERATION_SUMMARIES[key],
      tags: schema.tags ?? [tagOf(url)],
      security: schema.security ?? (OPEN_OPERATIONS.has(key) ? [] : [{ [scheme]: [] }]),
    } as FastifySchema,
  };
};

/** The server's version, read when the document is first built (not at start). */
function serverVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Components registered with zod's global registry (if any), and the server's version. */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as ReturnType<SwaggerTransformObject> & { info: { version: string } };
  return { ...document, info: { ...document.info, version: serverVersion() } };
};

/** The options of @fastify/swagger: OpenAPI 3.1, the two auth schemes, and the transforms above. */
const SWAGGER_OPTIONS = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Ensemble API', version: '', description: DESCRIPTION },
    components: {
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey' as const,
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie the server sets (a guest session on first contact, an account once signed in).',
        },
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'ens_…',
          description: 'A personal API key (`ens_…`), for the OpenAI-compatible /v1 routes.',
        },
      },
    },
  },
  transform,
  transformObject,
};

type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/**
 * Builds the document with @fastify/swagger on a private Fastify instance that declares the same routes (same
 * methods, paths and zod schemas; no handlers run). Loading @fastify/swagger and its YAML and $ref libraries costs
 * about 40 ms, so it happens here, at the first request, not at start.
 */
async function buildDocument(routes: DocumentedRoute[]): Promise<{ body: string; etag: string }> {
  const [{ default: Fastify }, { default: fastifySwagger }] = await Promise.all([import('fastify'), import('@fastify/swagger')]);
  const twin = Fastify({ exposeHeadRoutes: false });
  try {
    twin.setValidatorCompiler(validatorCompiler);
    twin.setSerializerCompiler(serializerCompiler);
    await twin.register(fastifySwagger, SWAGGER_OPTIONS);
    for (const route of routes) twin.route({ ...route, handler: async () => null });
    await twin.ready();
    const body = JSON.stringify(twin.swagger());
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  } finally {
    await twin.close();
  }
}

/**
 * The OpenAPI 3.1 document of every public route (/api and /v1, less Stripe's webhook), served at GET /api/openapi.json.
 * Register it after the cross-cutting plugins (compression only hooks routes added after it) and before the routes: it
 * records the routes registered after it, encapsulated ones included. The document is built on its first request and
 * kept (routes cannot change once the app is ready). /v1 preflights are answered by one `OPTIONS *` route, left out.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (isDocumented(method, route.url)) routes.push({ method, url: route.url, schema: route.schema });
    }
  });

  let built: Promise<{ body: string; etag: string }> | undefined;
  app.get(OPENAPI_PATH, async (request, reply) => {
    built ??= buildDocument(routes).catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    const { body, etag } = await built;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
});
