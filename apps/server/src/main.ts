import { ConfigError, type LoadedConfig, loadConfig } from './config.js';
import { buildApp } from './app.js';

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
  const { app } = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Ensemble is serving ${config.origin}/prod (database: ${config.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, instance: ${config.INSTANCE_ID})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
