import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { type HeldLease, type LeaseStore, type LeaseTiming, createDbLeaseStore, createRedisLeaseStore, holdLease } from './leases.js';
import { findMessage } from '../messages/store.js';
import { type SweepResult, settleExpiredStreams } from './recovery.js';
import { RedisStreamHub } from './redis-stream-hub.js';
import { type RevocationTarget, revocationKey } from '../session/revocation.js';
import { RunningReplies } from './running.js';
import { MemoryStreamHub, type StreamHub } from './stream-hub.js';
import { watchFinishedStreams } from '../../metrics/metrics.js';

const STOP_CHANNEL = 'ens:stop';

/** Everything about replies in flight: their events, their leases, and how to stop or drain them. */
export interface ChatStreams {
  hub: StreamHub;
  leases: LeaseStore;
  running: RunningReplies;
  timing: LeaseTiming;
  /** Set on SIGTERM: new chats are refused with 503 and /api/health says `draining`. */
  draining: boolean;
  /** Asks whichever instance generates this stream to stop it (here, through Redis, or the lease row). */
  requestStop(streamId: string): Promise<void>;
  /**
   * Cuts every running reply the target reaches, on every instance: here, through Redis pub/sub,
   * or, without Redis, through the stop flag on their lease rows (read within a renewal period).
   * They end as Stop ends them. The target's sessions are revoked in the database by the caller.
   */
  revoke(target: RevocationTarget): Promise<void>;
  /** Takes and keeps renewing a new reply's lease; a stop flagged on it stops the reply here. */
  hold(streamId: string, log: FastifyBaseLogger): Promise<HeldLease>;
  /** Settles replies whose generator died (also run at start and on a timer). */
  sweep(): Promise<SweepResult>;
  close(): Promise<void>;
}

/** Builds the stream machinery on Redis when the app has it, else in process with database leases. */
export async function createChatStreams(ctx: AppContext, timing: LeaseTiming, log: FastifyBaseLogger): Promise<ChatStreams> {
  const { redis, config } = ctx;
  // A finished thread reply is read back from its message row; only comparisons keep their text here.
  const loadSaved = async (messageId: number) => (await findMessage(ctx.db.kysely, messageId))?.content;
  const hubOptions = { coalesceMs: config.STREAM_COALESCE_MS, loadSaved };
  let hub: StreamHub;
  // In process, finished streams have a budget, and /metrics shows what they hold.
  let unwatch = () => {};
  if (redis) {
    hub = new RedisStreamHub(redis, config.STREAM_GRACE_MS, hubOptions);
  } else {
    const memory = new MemoryStreamHub(config.STREAM_GRACE_MS, { ...hubOptions, graceBytes: config.STREAM_GRACE_MAX_MB * 2 ** 20 });
    unwatch = watchFinishedStreams(memory);
    hub = memory;
  }
  const leases = redis ? createRedisLeaseStore(redis, config.INSTANCE_ID, timing) : createDbLeaseStore(ctx.db, config.INSTANCE_ID, timing);
  const running = new RunningReplies(config.MAX_CONCURRENT_STREAMS, config.ADMISSION_MAX_LAG_MS);
  const stopListener = redis?.duplicate() ?? null;
  // Revocation keys name accounts, so the channel is this deployment's own.
  const revokeChannel = `ens:${ctx.namespace}:revoke`;
  if (stopListener) {
    // Its connection's failures are the main client's (app.ts reports them).
    stopListener.on('error', () => undefined);
    stopListener.on('message', (channel: string, message: string) => {
      if (channel === revokeChannel) running.cut(message);
      else running.stop(message, 'stop');
    });
    await stopListener.subscribe(STOP_CHANNEL, revokeChannel);
  }
  let sweeping: Promise<SweepResult> | null = null;
  const sweep = () => {
    // One sweep at a time per instance; concurrent ones across instances are safe (settled once).
    sweeping ??= settleExpiredStreams(ctx, leases, hub).finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => {
    sweep().catch((error) => log.error({ err: error }, 'sweeping expired streams failed'));
  }, timing.sweepMs);
  timer.unref();

  return {
    hub,
    leases,
    running,
    timing,
    draining: false,
    async requestStop(streamId) {
      if (running.stop(streamId, 'stop')) return;
      if (redis) await redis.publish(STOP_CHANNEL, streamId);
      else await leases.flagStop(streamId);
    },
    async revoke(target) {
      const key = revocationKey(target);
      running.cut(key);
      if (redis) await redis.publish(revokeChannel, key);
      else await leases.flagStopOf(target);
    },
    hold(streamId, requestLog) {
      const onError = (error: unknown) => requestLog.warn({ err: error, streamId }, 'renewing a stream lease failed');
      return holdLease(leases, streamId, timing, () => running.stop(streamId, 'stop'), onError);
    },
    sweep,
    async close() {
      clearInterval(timer);
      running.close();
      await sweeping?.catch(() => undefined);
      stopListener?.disconnect();
      unwatch();
      await hub.close();
    },
  };
}
