import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS, V1_PATHS } from '@ensemble/shared';
import { type AppContext, type BuildOptions, type BuiltApp, CONNECTION_TIMEOUTS, recordFirstAvailabilityCheck } from './app-context.js';
import type { AppConfig, LoadedConfig } from './config.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { assetRoutes } from './features/assets/routes.js';
import { readModelsFile } from './features/catalogue/models-file.js';
import { createAvailabilityStore, startAvailabilityChecks } from './features/catalogue/availability.js';
import { catalogueRoutes } from './features/catalogue/routes.js';
import { webSearchSettings } from './features/web-search/settings.js';
import { CATALOGUE_CACHE_MS, createServerCatalogue } from './features/catalogue/service.js';
import { redisCatalogueSignal } from './features/catalogue/overrides.js';
import { createMemoryAttachLimiter, createRedisAttachLimiter } from './features/chat/attach-limits.js';
import { LEASE_TIMING } from './features/chat/leases.js';
import { chatRoutes } from './features/chat/routes.js';
import { createChatStreams } from './features/chat/streams.js';
import { activityRoutes } from './features/activity/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { accountRoutes } from './features/account/routes.js';
import type { Revoke } from './features/session/revocation.js';
import { exportRoutes } from './features/export/routes.js';
import { keyRoutes } from './features/developer-api/keys-routes.js';
import { mcpRoutes } from './features/mcp/routes.js';
import { startLeaderboardRefresh } from './features/arena/leaderboard.js';
import { arenaRoutes } from './features/arena/routes.js';
import { assistantRoutes } from './features/assistants/routes.js';
import { v1Routes } from './features/developer-api/v1-routes.js';
import { shareRoutes } from './features/share/routes.js';
import { authRoutes } from './features/auth/auth-routes.js';
import { sessionRoutes } from './features/auth/session-routes.js';
import { startGuestSweep } from './features/session/guest-sweep.js';
import { billingRoutes } from './features/billing/routes.js';
import { configRoutes } from './features/config/routes.js';
import { creditsRoutes } from './features/credits/routes.js';
import { spendingRoutes } from './features/credits/spending-routes.js';
import { healthRoutes, readyRoutes } from './features/health/routes.js';
import { deviceRoutes } from './features/session/device-routes.js';
import { createObjectStore } from './features/images/object-store.js';
import { imageRoutes } from './features/images/routes.js';
import { attachmentRoutes } from './features/attachments/routes.js';
import { messageRoutes } from './features/messages/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { threadRoutes } from './features/threads/routes.js';
import { folderRoutes } from './features/folders/routes.js';
import { promptRoutes } from './features/prompts/routes.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { identityPlugin } from './plugins/identity.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { logSerializers } from './plugins/log-redaction.js';
import { originCheckPlugin } from './plugins/origin-check.js';
import { watchDbPool } from './metrics/metrics.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sharedSessionSecret } from './features/session/session-secret.js';
import { webAppPlugin } from './plugins/web-app.js';
import { compressionPlugin } from './plugins/compression.js';
import { capConnectionsPerAddress } from './plugins/address-connections.js';
import { createProviderRegistry, providerSettingsFromEnv } from './providers/registry.js';

/** Trusts the `hops` proxies nearest to the server and no further X-Forwarded-For entry. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app from a config: database and migrations, plugins, then routes. */
export async function buildApp(loaded: LoadedConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const db = openDb({
    dataDir: loaded.DATA_DIR,
    databaseUrl: loaded.DATABASE_URL,
    pgSchema: options.pgSchema,
    poolMax: loaded.DATABASE_POOL_MAX,
  });
  await migrateToLatest(db);
  // Without SESSION_SECRET every instance on this database takes the one kept there, so cookies work on all of them.
  const config: AppConfig = { ...loaded, SESSION_SECRET: loaded.SESSION_SECRET ?? (await sharedSessionSecret(db, loaded.DATA_DIR)) };
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const storage = await createObjectStore(config);
  const namespace = deploymentNamespace(config, options.pgSchema);
  const attaches = redis ? createRedisAttachLimiter(redis, namespace) : createMemoryAttachLimiter();

  const requestTimeout = options.requestTimeoutMs ?? CONNECTION_TIMEOUTS.requestMs;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            base: { instance: config.INSTANCE_ID },
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: LIMITS.bodyLimitBytes,
    // A hop count trusts exactly that many proxies nearest to us (proxy-addr's own rule for a number).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    genReqId: () => randomUUID().slice(0, 8),
    // Deadlines for receiving a request only: once it has arrived, a long answer (an image up to
    // 180 s, a whole text up to 60 s, an event stream for as long as it runs) is not cut.
    requestTimeout,
    keepAliveTimeout: CONNECTION_TIMEOUTS.keepAliveMs,
    http: {
      headersTimeout: Math.min(CONNECTION_TIMEOUTS.headersMs, requestTimeout),
      connectionsCheckingInterval: CONNECTION_TIMEOUTS.checkEveryMs,
    },
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, config.MAX_CONNECTIONS_PER_ADDRESS, config.TRUST_PROXY);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const modelsFile = config.MODELS_FILE ? readModelsFile(config.MODELS_FILE) : null;
  const registry = createProviderRegistry(providerSettingsFromEnv(config.raw));
  // A change it records reloads this instance's catalogue at once and tells the others.
  if (redis) {
    // ioredis reconnects by itself; unheard, each failed attempt would be printed as an unhandled error event. One
    // warning a minute while Redis is away (/api/ready reports it).
    let warnedAt = 0;
    redis.on('error', (error: Error) => {
      if (Date.now() - warnedAt < 60_000) return;
      warnedAt = Date.now();
      app.log.warn({ err: error }, 'Redis is unreachable; reconnecting');
    });
  }
  const availability = createAvailabilityStore(db.kysely, app.log, () => catalogue.changed());
  // Operators' model settings: every instance hears of a change through Redis, or re-reads the version row.
  const catalogue = createServerCatalogue(registry, modelsFile, availability, {
    db: db.kysely,
    signal: redis ? redisCatalogueSignal(redis, `ensemble:${namespace}:catalogue`) : null,
    cacheMs: redis ? CATALOGUE_CACHE_MS.withRedis : CATALOGUE_CACHE_MS.withoutRedis,
    log: app.log,
  });
  await catalogue.start();
  const ctx: AppContext = { config, db, redis, namespace, catalogue, storage };
  // Settles what dead instances left (only expired leases), then keeps sweeping.
  const streams = await createChatStreams(ctx, options.leaseTiming ?? LEASE_TIMING, app.log);
  // Which models each keyed provider serves is asked in the background: the start does not wait for it.
  const checks = startAvailabilityChecks({
    store: availability,
    settings: registry.settings,
    rows: () => catalogue.realRows(),
    log: app.log,
  });
  recordFirstAvailabilityCheck(app, checks.firstCheck);

  const unwatchPool = db.pool ? watchDbPool(db.pool) : () => undefined;
  const stopGuestSweep = startGuestSweep(db, storage, config.GUEST_TTL_DAYS, app.log);
  const leaderboards = startLeaderboardRefresh(db, app.log);
  app.addHook('onClose', async () => {
    await stopGuestSweep();
    await leaderboards.stop();
    unwatchPool();
    checks.stop();
    await checks.firstCheck.catch(() => undefined);
    await catalogue.stop();
    await streams.close();
    await db.close();
    ctx.storage.close();
    redis?.disconnect();
  });

  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    host: config.HOST,
    instanceId: config.INSTANCE_ID,
  });
  await app.register(securityHeadersPlugin, { hsts: config.secureCookies });
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin, {
    origin: config.origin,
    exempt: ['/api/subscription/webhook.php', V1_PATHS.chatCompletions, V1_PATHS.imageGenerations],
  });
  await app.register(identityPlugin, { db, config });
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { db, draining: () => streams.draining });
  await app.register(readyRoutes, { ctx, draining: () => streams.draining });
  await app.register(assetRoutes);
  await app.register(configRoutes, { config, demoMode: () => catalogue.usesDemo() });
  await app.register(catalogueRoutes, { catalogue, webSearch: webSearchSettings(config) });
  await app.register(chatRoutes, { ctx, catalogue, streams, attaches });
  await app.register(sessionRoutes, { db });
  await app.register(authRoutes, { ctx });
  await app.register(creditsRoutes, { db });
  await app.register(spendingRoutes, { db });
  await app.register(threadRoutes, { db });
  await app.register(folderRoutes, { db });
  await app.register(promptRoutes, { db });
  await app.register(messageRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(imageRoutes, { ctx });
  await app.register(attachmentRoutes, { ctx });
  await app.register(activityRoutes, { db });
  await app.register(billingRoutes, { config, db });
  // Suspending or deleting an account cuts its running replies on every instance.
  const revoke: Revoke = (target) => streams.revoke(target);
  await app.register(adminRoutes, { ctx, revoke });
  await app.register(exportRoutes, { ctx });
  await app.register(shareRoutes, { ctx });
  await app.register(accountRoutes, { ctx, revoke });
  await app.register(keyRoutes, { ctx, revoke });
  await app.register(deviceRoutes, { ctx, revoke });
  await app.register(mcpRoutes, { ctx });
  await app.register(assistantRoutes, { ctx });
  await app.register(v1Routes, { ctx, catalogue, streams });
  await app.register(arenaRoutes, { ctx, catalogue, streams, leaderboards });

  await app.register(webAppPlugin, { distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST });
  const drain = async (timeoutMs: number) => {
    streams.draining = true;
    return streams.running.drain(timeoutMs);
  };
  const stop = async (timeoutMs: number) => {
    const drained = await drain(timeoutMs);
    await closeServer(app, CONNECTION_TIMEOUTS.closeGraceMs);
    return drained;
  };
  return { app, ctx, streams, drain, stop, routes };
}

/**
 * Closes the app. Fastify closes the connections idle at that moment; a keep-alive connection whose
 * request was still being answered falls idle later and would otherwise stay open until the client
 * or the keep-alive timeout ends it. Those are closed as they fall idle, and all are cut after `graceMs`.
 */
async function closeServer(app: FastifyInstance, graceMs: number): Promise<void> {
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

/** Names this deployment's data (its database, or its SQLite folder) so instances sharing it share counters. */
function deploymentNamespace(config: AppConfig, pgSchema: string | undefined): string {
  const where = config.DATABASE_URL ? `${config.DATABASE_URL}|${pgSchema ?? ''}` : path.resolve(config.DATA_DIR);
  return createHash('sha256').update(where).digest('hex').slice(0, 12);
}
