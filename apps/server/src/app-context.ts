import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Db } from './db/connection.js';
import type { ServerCatalogue } from './features/catalogue/service.js';
import type { LeaseTiming } from './features/chat/leases.js';
import type { ChatStreams } from './features/chat/streams.js';
import type { ObjectStore } from './features/images/object-store.js';

// The types and constants features and tests share with the composition root, kept apart so that
// app.ts only composes and nothing imports it back.

/** What every feature module may use. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Shared Redis for cross-instance streams and rate limits, when REDIS_URL is set. */
  redis: Redis | null;
  /**
   * Names this deployment's data (its database and schema, or its SQLite folder): the instances of one
   * deployment share it, so their Redis keys (rate limits, attachment slots, catalogue signal) meet,
   * and another deployment on the same Redis keeps its own.
   */
  namespace: string;
  /** The visible model catalogue and the provider behind each model. */
  catalogue: ServerCatalogue;
  /** Where images (and later uploads) are stored: DATA_DIR, or the S3 bucket when S3_BUCKET is set. */
  storage: ObjectStore;
}

/** What buildApp returns: the Fastify app, its context, and the stream machinery (drain). */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Replies in flight: their events, leases, Stop and drain. */
  streams: ChatStreams;
  /**
   * Graceful drain (SIGTERM): refuses new chats and reports `draining`, lets running replies
   * finish for up to `timeoutMs`, and hands what is left over as interrupted.
   */
  drain(timeoutMs: number): Promise<{ finished: number; cut: number }>;
  /**
   * Shutting down (SIGTERM, SIGINT): drains for up to `timeoutMs`, then closes. Requests still in
   * flight get `CONNECTION_TIMEOUTS.closeGraceMs` to finish; each keep-alive connection is closed as
   * soon as it falls idle, so no client's open connection holds the exit for the keep-alive time.
   */
  stop(timeoutMs: number): Promise<{ finished: number; cut: number }>;
  /** Every route the app serves, as registered (tests walk them all). */
  routes: Array<{ method: string; url: string }>;
}

/** Connection deadlines (issue 11): slow or trickling requests are closed; answers themselves are never cut. */
export const CONNECTION_TIMEOUTS = {
  /** The whole request, headers and body, must arrive within this (then 408 and close). */
  requestMs: 30_000,
  /** The headers must arrive within this. */
  headersMs: 15_000,
  /** An idle kept-alive connection is closed after this (above the 60 s of common proxies). */
  keepAliveMs: 65_000,
  /** How often Node looks for requests past their deadline. */
  checkEveryMs: 1_000,
  /** At shutdown, how long requests still in flight (after the drain) may take before their connections are cut. */
  closeGraceMs: 10_000,
} as const;

/** Options for buildApp that tests set (the environment sets everything else). */
export interface BuildOptions {
  pgSchema?: string;
  /** Overrides the request deadline (tests, so they need not wait 30 s). */
  requestTimeoutMs?: number;
  /** Overrides the lease lifetime, renewal and sweep periods (tests, so a dead instance shows quickly). */
  leaseTiming?: LeaseTiming;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const availabilityChecked = new WeakMap<FastifyInstance, Promise<void>>();

/** Records an app's first round of model-availability checks (done once, by buildApp). */
export function recordFirstAvailabilityCheck(app: FastifyInstance, done: Promise<void>): void {
  availabilityChecked.set(app, done);
}

/** Settles when the app's first round of model-availability checks is done (tests wait on it). */
export const firstAvailabilityCheck = (app: FastifyInstance): Promise<void> => availabilityChecked.get(app) ?? Promise.resolve();
