import { setFlagsFromString } from 'node:v8';
import { ConfigError, type LoadedConfig, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { addAcceptHandles } from './accept-handles.js';

/** Reads the environment and starts listening; nothing else. */
async function main(): Promise<void> {
  let config: LoadedConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Flat memory under steady load: without a bound V8 lets the heap grow to about 4 times what is
  // alive (requests' short-lived objects pile up between full collections), so RSS climbs for
  // minutes and settles high. Read by V8 at each full collection.
  if (config.HEAP_GROWTH_PERCENT > 0) setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWTH_PERCENT}`);
  const { app, stop } = await buildApp(config);
  let closing = false;
  // Stops the extra copies of the listening socket (ACCEPT_HANDLES) accepting.
  let closeCopies = () => {};
  // SIGTERM drains: no new chats, running replies get DRAIN_TIMEOUT_MS, the rest is handed over
  // as interrupted; then the process exits 0. A second signal does not cut the drain short.
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The drain keeps answering on the server's own socket (draining health, running streams); the
    // copies stop at once, so the listening socket closes with the server.
    closeCopies();
    const timeoutMs = signal === 'SIGTERM' ? config.DRAIN_TIMEOUT_MS : 0;
    try {
      const { finished, cut } = await stop(timeoutMs);
      app.log.info({ finished, cut }, `drained on ${signal} and closed`);
    } catch (error) {
      app.log.error({ err: error }, 'shutting down failed');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Ensemble is serving ${config.origin}/prod (database: ${config.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, instance: ${config.INSTANCE_ID})`,
  );
  // It serves from here on; the copies join a moment later.
  closeCopies = await addAcceptHandles(app.server, config.ACCEPT_HANDLES, (reason) =>
    app.log.warn(`ACCEPT_HANDLES=${config.ACCEPT_HANDLES}: ${reason}`),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
