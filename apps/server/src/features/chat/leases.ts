import type { RevocationTarget } from '../session/revocation.js';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { type Db, hotQuery, now } from '../../db/connection.js';

/** How long a lease lives unrenewed, how often its holder renews it, how often every instance sweeps. */
export interface LeaseTiming {
  ttlMs: number;
  renewMs: number;
  sweepMs: number;
}

// A dead generator's lease lapses within 15 s and the next sweep (at most 10 s later) settles it,
// so a reader anywhere hears of it within 25 s; renewals every 3 s carry a database stop flag.
export const LEASE_TIMING: LeaseTiming = { ttlMs: 15_000, renewMs: 3_000, sweepMs: 10_000 };

/** Where the generating instance proves it is alive: Redis keys with a TTL, or database rows. */
export interface LeaseStore {
  /** Whether taking a lease is a round trip (Redis, PostgreSQL) rather than work on this thread (SQLite). */
  remote: boolean;
  /** Takes or renews a stream's lease; resolves true when a stop was flagged on it. */
  renew(streamId: string): Promise<boolean>;
  release(streamId: string): Promise<void>;
  /** Which of these streams have a lease that has not expired. */
  alive(streamIds: string[]): Promise<Set<string>>;
  /** Raises the stop flag the holder reads at its next renewal; false when no lease is held. */
  flagStop(streamId: string): Promise<boolean>;
  /** Raises the stop flag on every leased reply of an account or of one API key (their open charges name them). */
  flagStopOf(target: RevocationTarget): Promise<void>;
  /** Forgets leases that expired long ago (their instance died; the sweep has settled them). */
  prune(): Promise<void>;
}

const redisKey = (id: string) => `ens:lease:${id}`;

/** Leases as Redis keys that expire by themselves; stop travels by pub/sub instead of a flag. */
export function createRedisLeaseStore(redis: Redis, instanceId: string, timing: LeaseTiming): LeaseStore {
  return {
    remote: true,
    async renew(id) {
      await redis.set(redisKey(id), instanceId, 'PX', timing.ttlMs);
      return false;
    },
    async release(id) {
      await redis.del(redisKey(id));
    },
    async alive(ids) {
      if (ids.length === 0) return new Set();
      const values = await redis.mget(ids.map(redisKey));
      return new Set(ids.filter((_, i) => values[i] !== null));
    },
    async flagStop() {
      return false;
    },
    async flagStopOf() {},
    async prune() {},
  };
}

const leaseRenewal = hotQuery((k, id: string, instanceId: string, expiresAt: string) =>
  k
    .insertInto('stream_leases')
    .values({ stream_id: id, instance_id: instanceId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('stream_id').doUpdateSet({ expires_at: expiresAt, instance_id: instanceId }))
    .returning('stop'),
);
const leaseRelease = hotQuery((k, id: string) => k.deleteFrom('stream_leases').where('stream_id', '=', id));

/** Leases as rows of stream_leases, for instances without Redis. */
export function createDbLeaseStore(db: Db, instanceId: string, timing: LeaseTiming): LeaseStore {
  const k = db.kysely;
  return {
    remote: db.dialect === 'postgres',
    async renew(id) {
      const [row] = await leaseRenewal(db, id, instanceId, new Date(Date.now() + timing.ttlMs).toISOString());
      return row?.stop === 1;
    },
    async release(id) {
      await leaseRelease(db, id);
    },
    async alive(ids) {
      if (ids.length === 0) return new Set();
      const rows = await k
        .selectFrom('stream_leases')
        .select('stream_id')
        .where('stream_id', 'in', ids)
        .where('expires_at', '>', now())
        .execute();
      return new Set(rows.map((r) => r.stream_id));
    },
    async flagStop(id) {
      const res = await k.updateTable('stream_leases').set({ stop: 1 }).where('stream_id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async flagStopOf(target) {
      // A reply's charge names its account and key, not its session: without Redis, a signed-out session's replies
      // on another instance run to their end (its next request is refused on every instance all the same).
      if (target.kind === 'session') return;
      // A reply's charge reference is 'chat:' and its stream id (chargeReference).
      const streams = k
        .selectFrom('open_charges')
        .select(sql<string>`substr(reference, 6)`.as('stream_id'))
        .where(target.kind === 'account' ? 'user_id' : 'api_key_id', '=', target.kind === 'account' ? target.userId : target.keyId)
        .where('reference', 'like', 'chat:%');
      await k.updateTable('stream_leases').set({ stop: 1 }).where('stream_id', 'in', streams).execute();
    },
    async prune() {
      const longAgo = new Date(Date.now() - 10 * timing.ttlMs).toISOString();
      await k.deleteFrom('stream_leases').where('expires_at', '<', longAgo).execute();
    },
  };
}

/** A lease held by a running reply: renewed on a timer until released. */
export interface HeldLease {
  release(): Promise<void>;
}

/**
 * Takes a stream's lease and keeps renewing it. `onStop` runs when a renewal finds the stop flag.
 * A failed renewal is reported and retried at the next tick; the lease only lapses if they keep failing.
 */
export async function holdLease(
  store: LeaseStore,
  streamId: string,
  timing: LeaseTiming,
  onStop: () => void,
  onError: (error: unknown) => void,
): Promise<HeldLease> {
  await store.renew(streamId);
  let released = false;
  const timer = setInterval(() => {
    store
      .renew(streamId)
      .then((stop) => {
        if (stop && !released) onStop();
      })
      .catch(onError);
  }, timing.renewMs);
  timer.unref();
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await store.release(streamId).catch(onError);
    },
  };
}
