import { sql } from 'kysely';
import { type Db, now } from '../../db/connection.js';
import { type SqliteProcedure, callProcedure, installProcedure } from '../../db/sqlite-procedures.js';

/** How long a streaming reply's periodic save waits to share one statement with others. */
export const SAVE_BATCH_MS = 100;
/** Rows in one statement at most (three parameters each on SQLite, which allows 32,766). */
const MAX_BATCH = 500;

interface Waiting {
  content: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The once-a-second saves of replies being streamed, gathered into one statement per
 * {@link SAVE_BATCH_MS} for every reply that saves within it: at 500 replies streaming, 10
 * statements a second instead of 500 (each a pool checkout on PostgreSQL). A save only writes the
 * text of a row still `streaming`, so it can never undo a reply's final save. The first save of a
 * reply and its final one are not batched: they carry its charge and its end.
 */
export class ReplySaves {
  private waiting = new Map<number, Waiting>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /**
   * Saves `content` as the streaming reply `id`'s text with the next batch; resolves once written
   * (or replaced by a newer text, or dropped), rejects when the batch failed.
   */
  save(id: number, content: string): Promise<void> {
    // A newer text replaces one still waiting: only the latest is written.
    this.waiting.get(id)?.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { content, resolve, reject });
      if (this.waiting.size >= MAX_BATCH) void this.flush();
      else if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), SAVE_BATCH_MS);
        this.timer.unref();
      }
    });
  }

  /**
   * Drops reply `id`'s save that still waits for its batch, because its final save comes now.
   * A save already being written is not dropped: a caller that chained on it waits for it.
   */
  drop(id: number): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    waiting.resolve();
  }

  /** Writes whatever waits now. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.size === 0) return this.flushing;
    const batch = this.waiting;
    this.waiting = new Map();
    const written = this.flushing.then(() => this.write(batch));
    this.flushing = written;
    return written;
  }

  private async write(batch: Map<number, Waiting>): Promise<void> {
    try {
      const t = now();
      if (this.db.dialect === 'postgres') {
        const ids = [...batch.keys()];
        const texts = [...batch.values()].map((w) => w.content);
        await sql`update messages m set content = v.content, updated_at = ${t}
          from (select unnest(cast(${ids} as integer[])) as id, unnest(cast(${texts} as text[])) as content) v
          where m.id = v.id and m.status = 'streaming'`.execute(this.db.kysely);
      } else {
        // Row by row through the primary key (a join of the table with a list of values may scan the table).
        await installProcedure(this.db, partialSave);
        await callProcedure(
          this.db.kysely,
          partialSave,
          [...batch].map(([id, w]) => ({ id, content: w.content, t })),
        );
      }
      for (const w of batch.values()) w.resolve();
    } catch (error) {
      // Each reply's next save (or its final one) carries its text.
      for (const w of batch.values()) w.reject(error);
    }
  }
}

/** SQLite: one reply's partial save, run once for each row inserted into its view (see SqliteProcedure). */
const partialSave: SqliteProcedure<'id' | 'content' | 't'> = {
  name: 'reply_partial_saves',
  columns: ['id', 'content', 't'],
  body: (_db, c) => sql`update messages set content = ${c('content')}, updated_at = ${c('t')}
    where id = ${c('id')} and status = 'streaming';`,
};

const byDb = new WeakMap<Db, ReplySaves>();

/** The periodic-save batcher of a database (one per process and database). */
export function replySaves(db: Db): ReplySaves {
  let saves = byDb.get(db);
  if (!saves) {
    saves = new ReplySaves(db);
    byDb.set(db, saves);
  }
  return saves;
}
