import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Db } from './connection.js';

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Db['dialect']) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, make] of Object.entries(migrations)) out[name] = make(this.dialect);
    return out;
  }
}

/** Runs every pending migration; throws with the failing one's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely as Kysely<unknown>,
    provider: new StaticProvider(db.dialect),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
