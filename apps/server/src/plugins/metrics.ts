import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ensemble/shared';
import { metricsExposition, observeHttpRequest, setInstanceInfo } from '../metrics/metrics.js';

/** Who may read /metrics: a bearer token, a port of its own, both, or neither (off). */
export interface MetricsOptions {
  token?: string;
  port?: number;
  host: string;
  instanceId: string;
}

export const METRICS_PATH = '/metrics';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Times every HTTP request by route template and status, and serves GET /metrics in Prometheus
 * format: with METRICS_PORT only on that port (its own listener), else on the app's port behind
 * METRICS_TOKEN; with neither it is 404. METRICS_TOKEN also guards the metrics port when both are set.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  setInstanceInfo(options.instanceId);
  app.addHook('onResponse', async (request, reply) => {
    // Route templates, never raw URLs: ids in paths must not become one series each.
    observeHttpRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (options.port !== undefined || !options.token) throw new AppError('not_found', `Route GET:${METRICS_PATH} not found`);
    if (!bearerMatches(request.headers.authorization, options.token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'A valid metrics token is required');
    }
    const { body, contentType } = await metricsExposition();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });

  if (options.port === undefined) return;
  const port = options.port;
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      void answerMetricsPort(req, options.token).then(({ status, body, type }) => {
        res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
        res.end(body);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, options.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    const closing = server;
    if (!closing) return;
    // A scrape in flight must not hold the shutdown: its connection is cut.
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  });
});

async function answerMetricsPort(req: IncomingMessage, token: string | undefined): Promise<{ status: number; body: string; type: string }> {
  const json = 'application/json; charset=utf-8';
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' || path !== METRICS_PATH) {
    return { status: 404, type: json, body: JSON.stringify({ status: 'error', code: 'not_found', message: 'Not found' }) };
  }
  if (token && !bearerMatches(req.headers.authorization, token)) {
    return {
      status: 401,
      type: json,
      body: JSON.stringify({ status: 'unauthorized', code: 'unauthorized', message: 'A valid metrics token is required' }),
    };
  }
  try {
    const { body, contentType } = await metricsExposition();
    return { status: 200, type: contentType, body };
  } catch {
    return { status: 500, type: json, body: JSON.stringify({ status: 'error', code: 'internal', message: 'Metrics unavailable' }) };
  }
}
