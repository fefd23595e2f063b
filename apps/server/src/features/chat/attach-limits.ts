import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How many connections may follow one stream, and how many event streams one owner may hold open. */
export const ATTACH_LIMITS = { perStream: 5, perOwner: 20 } as const;
/** A refused attach is told to come back after this long. */
export const ATTACH_RETRY_AFTER_S = 5;
/** A counted connection lives this long unless refreshed (heartbeats refresh it every 15 s). */
const LEASE_MS = 45_000;

/** One open event stream, counted until released. */
export interface AttachLease {
  /** Keeps the count alive (called on each heartbeat). */
  refresh(): Promise<void>;
  release(): Promise<void>;
}

/** Counts open event streams per stream and per owner; refuses past the limits. */
export interface AttachLimiter {
  /** A lease, or the limit that is full. */
  acquire(streamId: string, ownerKey: string): Promise<AttachLease | 'stream_full' | 'owner_full'>;
}

/** Counts in this process: right for one instance (without Redis). */
export function createMemoryAttachLimiter(limits: { perStream: number; perOwner: number } = ATTACH_LIMITS): AttachLimiter {
  const perStream = new Map<string, number>();
  const perOwner = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    async acquire(streamId, ownerKey) {
      if ((perStream.get(streamId) ?? 0) >= limits.perStream) return 'stream_full';
      if ((perOwner.get(ownerKey) ?? 0) >= limits.perOwner) return 'owner_full';
      bump(perStream, streamId, 1);
      bump(perOwner, ownerKey, 1);
      let released = false;
      return {
        refresh: async () => {},
        release: async () => {
          if (released) return;
          released = true;
          bump(perStream, streamId, -1);
          bump(perOwner, ownerKey, -1);
        },
      };
    },
  };
}

// Each connection is a member of two sorted sets scored by when its lease ends; members past
// their end (an instance that crashed) are dropped before counting, so they free themselves.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 0
`;

/**
 * Counts across every instance sharing Redis. `namespace` separates deployments (and test runs)
 * that share one Redis but not one database.
 */
export function createRedisAttachLimiter(
  redis: Redis,
  namespace: string,
  options: { limits?: { perStream: number; perOwner: number }; leaseMs?: number } = {},
): AttachLimiter {
  const limits = options.limits ?? ATTACH_LIMITS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const keys = (streamId: string, ownerKey: string) => [`ens:attach:${namespace}:s:${streamId}`, `ens:attach:${namespace}:o:${ownerKey}`];
  return {
    async acquire(streamId, ownerKey) {
      const [streamKey, ownerSet] = keys(streamId, ownerKey) as [string, string];
      const member = randomBytes(8).toString('hex');
      const now = Date.now();
      const verdict = Number(
        await redis.eval(ACQUIRE, 2, streamKey, ownerSet, now, now + leaseMs, member, limits.perStream, limits.perOwner, leaseMs * 2),
      );
      if (verdict === 1) return 'stream_full';
      if (verdict === 2) return 'owner_full';
      let released = false;
      return {
        async refresh() {
          if (released) return;
          const until = Date.now() + leaseMs;
          await redis
            .multi()
            .zadd(streamKey, 'XX', until, member)
            .zadd(ownerSet, 'XX', until, member)
            .pexpire(streamKey, leaseMs * 2)
            .pexpire(ownerSet, leaseMs * 2)
            .exec();
        },
        async release() {
          if (released) return;
          released = true;
          await redis.multi().zrem(streamKey, member).zrem(ownerSet, member).exec();
        },
      };
    },
  };
}
