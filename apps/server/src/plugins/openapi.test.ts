import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';
import { OPENAPI_PATH } from './openapi.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> };
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** The public API: every /api and /v1 route but Stripe's webhook; preflights and Fastify's automatic HEADs aside. */
const isPublic = (method: string, url: string) =>
  (url.startsWith('/api/') || url.startsWith('/v1/')) &&
  url !== '/api/subscription/webhook.php' &&
  method !== 'HEAD' &&
  method !== 'OPTIONS';

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const operation = (doc: Document, method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let body: string;
  beforeAll(async () => {
    // A built web app, so its static /prod/* routes exist too (and must stay out of the document).
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ensemble</title>');
    t = await createTestApp({ WEB_DIST: dist });
    // The first requests arrive together: they share the one build.
    const [res, ...others] = await Promise.all([1, 2, 3].map(() => t.client().get(OPENAPI_PATH)));
    expect(others.map((o) => o.body)).toEqual([res.body, res.body]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    body = res.body;
    doc = res.data;
  });
  afterAll(async () => t.close());

  it('is OpenAPI 3.1, valid against the official 3.1 schema, with its references resolving', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'Ensemble API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.info.description).toContain('ensemble_sid');
    expect(doc.info.description).toContain('Bearer ens_');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every /api and /v1 route the app serves, with its method', () => {
    const routes = t.routes.filter((r) => isPublic(r.method, r.url));
    // The app's own list of routes is what is checked: a new route is covered without touching this test.
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', url: '/v1/chat/completions' });
    const missing = routes.filter((r) => !operation(doc, r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // ...and nothing else: every documented operation is one the app serves.
    const served = new Set(routes.map((r) => `${r.method} ${openapiPath(r.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((op) => !served.has(op))).toEqual([]);
  });

  it('leaves out Stripe’s webhook, /metrics, the web app and preflights', () => {
    const excluded = t.routes.filter((r) => r.method !== 'HEAD' && !isPublic(r.method, r.url));
    expect(excluded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/subscription/webhook.php', 'GET /metrics', 'GET /prod', 'GET /prod/*']),
    );
    for (const r of excluded) expect(operation(doc, r.method, r.url), `${r.method} ${r.url}`).toBeUndefined();
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') && !p.startsWith('/v1/'))).toEqual([]);
  });

  it('gives every operation a one-line summary and a tag (write one in openapi-summaries.ts for a new route)', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ at: `${m.toUpperCase()} ${p}`, op })),
    );
    expect(ops.filter(({ op }) => !op.summary?.trim() || op.summary.includes('\n')).map(({ at }) => at)).toEqual([]);
    expect(ops.filter(({ op }) => op.tags?.length !== 1).map(({ at }) => at)).toEqual([]);
    expect(operation(doc, 'POST', '/api/auth/login.php')?.tags).toEqual(['auth']);
    expect(operation(doc, 'GET', '/api/search.php')?.tags).toEqual(['search']);
    expect(operation(doc, 'POST', '/v1/chat/completions')?.tags).toEqual(['OpenAI-compatible']);
  });

  it('says how each operation authenticates: the session cookie for /api, a bearer key for /v1, nothing for public ones', () => {
    expect(doc.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'ensemble_sid' }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(operation(doc, 'GET', '/api/keys/list.php')?.security).toEqual([{ cookieAuth: [] }]);
    expect(operation(doc, 'POST', '/v1/chat/completions')?.security).toEqual([{ bearerAuth: [] }]);
    expect(operation(doc, 'GET', '/v1/models')?.security).toEqual([{ bearerAuth: [] }]);
    expect(operation(doc, 'GET', '/v1/files/images/:id')?.security).toEqual([]);
    expect(operation(doc, 'GET', '/api/health')?.security).toEqual([]);
  });

  it('brings the zod query, path and body schemas through as parameters and request bodies', () => {
    const users = operation(doc, 'GET', '/api/admin/users.php');
    expect(users?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'query', name: 'q' }),
        expect.objectContaining({ in: 'query', name: 'page', schema: expect.objectContaining({ type: 'integer' }) }),
      ]),
    );
    const image = operation(doc, 'GET', '/v1/files/images/:id');
    expect(image?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'path', name: 'id', required: true }),
        expect.objectContaining({ in: 'query', name: 'signature', required: true }),
      ]),
    );
    const login = operation(doc, 'POST', '/api/auth/login.php')?.requestBody?.content['application/json']?.schema;
    expect(login).toMatchObject({ type: 'object', required: expect.arrayContaining(['email', 'password']) });
    const completion = operation(doc, 'POST', '/v1/chat/completions')?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(completion?.properties ?? {})).toEqual(expect.arrayContaining(['model', 'messages', 'stream']));
    // The upload is parsed part by part (no zod body): its multipart body is written for the document.
    expect(Object.keys(operation(doc, 'POST', '/api/attachments/upload.php')?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    // A route without a zod schema is still there, its path parameter taken from the URL.
    expect(operation(doc, 'GET', '/api/assets/icons/:name')?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'name' })]);
  });

  it('is built once and kept: the same bytes each time, an ETag, and 304 when the client has it', async () => {
    const again = await t.client().get(OPENAPI_PATH);
    expect(again.body).toBe(body);
    const etag = String(again.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const cached = await t.client().get(OPENAPI_PATH, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('is compressed, and carries the security headers, like every other answer', async () => {
    const res = await t.client().get(OPENAPI_PATH, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(body);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
