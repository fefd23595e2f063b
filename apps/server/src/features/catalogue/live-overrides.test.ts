import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/connection.js';
import { createProviderRegistry, providerSettingsFromEnv } from '../../providers/registry.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { type CatalogueSignal, NO_OVERRIDE, saveOverride } from './overrides.js';
import { createServerCatalogue } from './service.js';

const ids = async (c: ReturnType<typeof createServerCatalogue>) => (await c.list()).text_models.map((m) => m.id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`operators' overrides reach a live catalogue on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const registry = () => createProviderRegistry(providerSettingsFromEnv({}));
  const disable = (id: string, enabled: boolean) =>
    t.ctx.db.kysely.transaction().execute((trx) => saveOverride(trx, id, { ...NO_OVERRIDE, enabled: enabled ? null : false }, now()));

  it('applies a signal at once, and without one only after its cache time', async () => {
    let notify: () => void = () => undefined;
    const signal: CatalogueSignal = {
      publish: async () => notify(),
      subscribe: async (onChange) => {
        notify = onChange;
        return async () => undefined;
      },
    };
    const withSignal = createServerCatalogue(registry(), null, undefined, { db: t.ctx.db.kysely, signal, cacheMs: 60_000 });
    const cached = createServerCatalogue(registry(), null, undefined, { db: t.ctx.db.kysely, signal: null, cacheMs: 60_000 });
    await withSignal.start();
    await cached.start();
    await disable('gpt-4o-mini', false);
    // Nobody told either yet: both still show the row (their cache time has not passed).
    expect(await ids(withSignal)).toContain('gpt-4o-mini');
    await signal.publish();
    await sleep(50);
    expect(await ids(withSignal)).not.toContain('gpt-4o-mini');
    expect(await ids(cached)).toContain('gpt-4o-mini');
    await disable('gpt-4o-mini', true);
    await withSignal.changed();
    expect(await ids(withSignal)).toContain('gpt-4o-mini');
    await withSignal.stop();
    await cached.stop();
  });

  it('falls back to the short version check when the Redis subscription cannot be made', async () => {
    const warnings: string[] = [];
    const broken: CatalogueSignal = {
      publish: async () => undefined,
      subscribe: async () => {
        throw new Error('Redis is down');
      },
    };
    const log = { warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) };
    const c = createServerCatalogue(registry(), null, undefined, {
      db: t.ctx.db.kysely,
      signal: broken,
      cacheMs: 60_000,
      log: log as never,
    });
    await c.start();
    expect(warnings).toEqual(['Could not subscribe to catalogue changes on Redis; re-reading the version every 2 s']);
    expect(await ids(c)).toContain('deepseek-chat');
    await disable('deepseek-chat', false);
    await sleep(2_100);
    expect(await ids(c)).not.toContain('deepseek-chat');
    await c.stop();
  });
});
