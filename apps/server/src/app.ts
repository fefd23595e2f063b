import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@ensemble/shared';
import type { AppConfig } from './config.js';
import { type Db, openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { assetRoutes } from './features/assets/routes.js';
import { readModelsFile } from './features/catalogue/models-file.js';
import { catalogueRoutes } from './features/catalogue/routes.js';
import { type ServerCatalogue, createServerCatalogue } from './features/catalogue/service.js';
import { recoverInterruptedStreams } from './features/chat/recovery.js';
import { chatRoutes } from './features/chat/routes.js';
import { RedisStreamHub } from './features/chat/redis-stream-hub.js';
import { MemoryStreamHub, type StreamHub } from './features/chat/stream-hub.js';
import { activityRoutes } from './features/activity/routes.js';
import { authRoutes } from './features/auth/auth-routes.js';
import { sessionRoutes } from './features/auth/session-routes.js';
import { startGuestSweep } from './features/session/guest-sweep.js';
import { billingRoutes } from './features/billing/routes.js';
import { configRoutes } from './features/config/routes.js';
import { creditsRoutes } from './features/credits/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { imageRoutes } from './features/images/routes.js';
import { messageRoutes } from './features/messages/routes.js';
import { threadRoutes } from './features/threads/routes.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { identityPlugin } from './plugins/identity.js';
import { logSerializers } from './plugins/log-redaction.js';
import { originCheckPlugin } from './plugins/origin-check.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';
import { createProviderRegistry, providerSettingsFromEnv } from './providers/registry.js';

/** What every feature module may use. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Shared Redis for cross-instance streams and rate limits, when REDIS_URL is set. */
  redis: Redis | null;
  /** The visible model catalogue and the provider behind each model. */
  catalogue: ServerCatalogue;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route the app serves, as registered (tests walk them all). */
  routes: Array<{ method: string; url: string }>;
}

/** Trusts the `hops` proxies nearest to the server and no further X-Forwarded-For entry. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app from a config: database and migrations, plugins, then routes. */
export async function buildApp(
  config: AppConfig,
  options: { pgSchema?: string /** Where logs go instead of stdout (tests read them). */; logStream?: { write(line: string): void } } = {},
): Promise<BuiltApp> {
  const db = openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, pgSchema: options.pgSchema });
  await migrateToLatest(db);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const modelsFile = config.MODELS_FILE ? readModelsFile(config.MODELS_FILE) : null;
  const catalogue = createServerCatalogue(createProviderRegistry(providerSettingsFromEnv(config.raw)), modelsFile);
  const ctx: AppContext = { config, db, redis, catalogue };
  await recoverInterruptedStreams(ctx);
  const hub: StreamHub = redis ? new RedisStreamHub(redis, config.STREAM_GRACE_MS) : new MemoryStreamHub(config.STREAM_GRACE_MS);

  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, serializers: logSerializers, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: LIMITS.bodyLimitBytes,
    // A hop count trusts exactly that many proxies nearest to us (proxy-addr's own rule for a number).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    genReqId: () => randomUUID().slice(0, 8),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const stopGuestSweep = startGuestSweep(db, config.DATA_DIR, config.GUEST_TTL_DAYS, app.log);
  app.addHook('onClose', async () => {
    await stopGuestSweep();
    await hub.close();
    await db.close();
    redis?.disconnect();
  });

  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.secureCookies });
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin, { origin: config.origin, exempt: ['/api/subscription/webhook.php'] });
  await app.register(identityPlugin, { db, config });

  await app.register(healthRoutes, { db });
  await app.register(assetRoutes);
  await app.register(configRoutes, { config, demoMode: () => catalogue.usesDemo() });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(chatRoutes, { ctx, catalogue, hub });
  await app.register(sessionRoutes, { db });
  await app.register(authRoutes, { ctx });
  await app.register(creditsRoutes, { db });
  await app.register(threadRoutes, { db });
  await app.register(messageRoutes, { db });
  await app.register(imageRoutes, { ctx });
  await app.register(activityRoutes, { db });
  await app.register(billingRoutes, { config, db });

  await app.register(webAppPlugin, { distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST });
  return { app, ctx, routes };
}
