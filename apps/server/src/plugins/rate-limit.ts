import { AppError } from '@ensemble/shared';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../app-context.js';

/** The outcome of counting one event against a limit. */
export interface RateLimitResult {
  allowed: boolean;
  /** How long until the window ends (0 when allowed). */
  retryAfterMs: number;
  /** Events counted in the current window, this one included for hit(). */
  count: number;
}

/** Fixed-window counters shared by every instance (Redis when configured, else the database). */
export interface RateLimiter {
  /** Counts one event under key; allowed while the window's count stays within limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether key has already used up its limit, without counting anything. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Counts one event under every key at once, atomically, only if each key is still below its
   * limit; otherwise counts nothing. `release()` takes a granted event back (e.g. a login that
   * turned out to be right), so only failures stay counted.
   */
  reserve(entries: readonly LimitEntry[], windowMs: number): Promise<Reservation>;
}

/** One counter a reservation must fit under. */
export interface LimitEntry {
  key: string;
  limit: number;
}

/** The outcome of reserve(): refused with the time left, or granted with a way to give it back. */
export interface Reservation {
  allowed: boolean;
  retryAfterMs: number;
  release(): Promise<void>;
}

const noRelease = async () => undefined;

// Checks every key first and counts only when all fit, so a refused attempt adds nothing anywhere
// (an attacker refused at one key must not push another key, e.g. the account's, towards its limit).
const RESERVE_SCRIPT = `
for i, k in ipairs(KEYS) do
  local c = tonumber(redis.call('GET', k) or '0')
  if c >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', k)
    if ttl < 0 then
      redis.call('PEXPIRE', k, ARGV[1])
      ttl = tonumber(ARGV[1])
    end
    return math.max(ttl, 1)
  end
end
for _, k in ipairs(KEYS) do
  local c = redis.call('INCR', k)
  if c == 1 or redis.call('PTTL', k) < 0 then redis.call('PEXPIRE', k, ARGV[1]) end
end
return 0`;
const RELEASE_SCRIPT = `
for _, k in ipairs(KEYS) do
  local c = tonumber(redis.call('GET', k) or '0')
  if c > 0 then redis.call('DECR', k) end
end
return 0`;

class LimitReached extends Error {
  constructor(readonly key: string) {
    super('limit reached');
  }
}

const MAX_WINDOW_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

function checkWindow(windowMs: number): void {
  // The database store prunes rows a day old, so longer windows would silently reset.
  if (!(windowMs > 0 && windowMs <= MAX_WINDOW_MS)) throw new Error(`rate-limit window must be within 1 ms..24 h, got ${windowMs}`);
}

function result(count: number, limit: number, msLeft: number, counting: boolean): RateLimitResult {
  const allowed = counting ? count <= limit : count < limit;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(1, msLeft), count };
}

/**
 * A limiter over Redis (INCR with a PX expiry set on the window's first event) or the rate_limits
 * table. Its Redis keys carry the deployment's namespace: the instances of one deployment count
 * together, and another deployment on the same Redis does not spend their limits.
 */
export function createRateLimiter(ctx: Pick<AppContext, 'db' | 'redis' | 'namespace'>): RateLimiter {
  const { db, redis } = ctx;
  const prefix = `ensemble:${ctx.namespace}:rl:`;
  if (redis) {
    return {
      async hit(key, limit, windowMs) {
        checkWindow(windowMs);
        const k = prefix + key;
        // One MULTI: the key is created with its expiry only when absent, so INCR keeps the window's end.
        const replies = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
        if (!replies) throw new Error('rate-limit transaction aborted');
        const count = Number(replies[1]?.[1]);
        let ttl = Number(replies[2]?.[1]);
        if (ttl < 0) {
          // A key left without expiry (written by something else) would block forever: give it this window.
          await redis.pexpire(k, windowMs);
          ttl = windowMs;
        }
        return result(count, limit, ttl, true);
      },
      async peek(key, limit, windowMs) {
        checkWindow(windowMs);
        const k = prefix + key;
        const replies = await redis.multi().get(k).pttl(k).exec();
        const count = Number(replies?.[0]?.[1] ?? 0);
        const ttl = Number(replies?.[1]?.[1] ?? 0);
        return ttl > 0 ? result(count, limit, ttl, false) : result(0, limit, 0, false);
      },
      async reserve(entries, windowMs) {
        checkWindow(windowMs);
        const keys = entries.map((e) => prefix + e.key);
        const ttl = Number(await redis.eval(RESERVE_SCRIPT, keys.length, ...keys, windowMs, ...entries.map((e) => e.limit)));
        if (ttl > 0) return { allowed: false, retryAfterMs: ttl, release: noRelease };
        let released = false;
        return {
          allowed: true,
          retryAfterMs: 0,
          async release() {
            if (released) return;
            released = true;
            await redis.eval(RELEASE_SCRIPT, keys.length, ...keys);
          },
        };
      },
    };
  }

  let lastPrune = 0;
  async function prune(t: number): Promise<void> {
    if (t - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = t;
    await db.kysely
      .deleteFrom('rate_limits')
      .where('window_start', '<', t - MAX_WINDOW_MS)
      .execute();
  }

  return {
    async hit(key, limit, windowMs) {
      checkWindow(windowMs);
      const t = Date.now();
      const expired = t - windowMs;
      // One atomic upsert: a window that has ended starts over at this event.
      const row = await db.kysely
        .insertInto('rate_limits')
        .values({ key, window_start: t, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
            window_start: sql`CASE WHEN rate_limits.window_start <= ${expired} THEN ${t} ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      await prune(t);
      return result(Number(row.count), limit, Number(row.window_start) + windowMs - t, true);
    },
    async peek(key, limit, windowMs) {
      checkWindow(windowMs);
      const t = Date.now();
      const row = await db.kysely.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
      if (!row || Number(row.window_start) <= t - windowMs) return result(0, limit, 0, false);
      return result(Number(row.count), limit, Number(row.window_start) + windowMs - t, false);
    },
    async reserve(entries, windowMs) {
      checkWindow(windowMs);
      const t = Date.now();
      const expired = t - windowMs;
      let windows: number[];
      try {
        // One transaction: each conditional upsert holds its row until commit, and a key at its limit
        // rolls back the others, so concurrent attempts can never overshoot. Callers pass keys in one
        // fixed order, so two transactions never wait on each other in a cycle.
        windows = await db.kysely.transaction().execute(async (trx) => {
          const starts: number[] = [];
          for (const e of entries) {
            const row = await trx
              .insertInto('rate_limits')
              .values({ key: e.key, window_start: t, count: 1 })
              .onConflict((oc) =>
                oc
                  .column('key')
                  .doUpdateSet({
                    count: sql`CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
                    window_start: sql`CASE WHEN rate_limits.window_start <= ${expired} THEN ${t} ELSE rate_limits.window_start END`,
                  })
                  .where(sql<boolean>`rate_limits.window_start <= ${expired} OR rate_limits.count < ${e.limit}`),
              )
              .returning('window_start')
              .executeTakeFirst();
            if (!row) throw new LimitReached(e.key);
            starts.push(Number(row.window_start));
          }
          return starts;
        });
      } catch (error) {
        if (!(error instanceof LimitReached)) throw error;
        const full = entries.find((e) => e.key === error.key) as LimitEntry;
        const state = await this.peek(full.key, full.limit, windowMs);
        return { allowed: false, retryAfterMs: Math.max(1, state.retryAfterMs), release: noRelease };
      }
      await prune(t);
      let released = false;
      return {
        allowed: true,
        retryAfterMs: 0,
        async release() {
          if (released) return;
          released = true;
          for (const [i, e] of entries.entries()) {
            // Only the window the event was counted in; a newer window never goes below what it saw.
            await db.kysely
              .updateTable('rate_limits')
              .set({ count: sql`count - 1` })
              .where('key', '=', e.key)
              .where('window_start', '=', windows[i] as number)
              .where('count', '>', 0)
              .execute();
          }
        },
      };
    },
  };
}

/** The 429 a refused caller gets: a Retry-After header and "Too many attempts. Please try again in N minutes." */
export function refuseTooMany(reply: FastifyReply, retryAfterMs: number): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  reply.header('Retry-After', String(seconds));
  throw new AppError('rate_limited', `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
