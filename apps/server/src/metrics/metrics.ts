import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// One registry per process: Prometheus scrapes a process, and one process is one instance.
const registry = new Registry();
// Process figures, event-loop lag (nodejs_eventloop_lag_seconds and its percentiles) included.
collectDefaultMetrics({ register: registry });

const instanceInfo = new Gauge({
  name: 'ensemble_instance_info',
  help: 'Always 1; labels name this instance.',
  labelNames: ['instance_id'],
  registers: [registry],
});
const httpRequests = new Counter({
  name: 'ensemble_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'ensemble_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
const openStreams = new Gauge({
  name: 'ensemble_event_streams_open',
  help: 'Chat event streams (text/event-stream) open to browsers now.',
  registers: [registry],
});
const generating = new Gauge({
  name: 'ensemble_replies_generating',
  help: 'Text replies this instance is generating now.',
  registers: [registry],
});
const firstToken = new Histogram({
  name: 'ensemble_time_to_first_token_seconds',
  help: 'Time from starting a text reply to its first token, by provider.',
  labelNames: ['provider'],
  buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
  registers: [registry],
});
const providerErrors = new Counter({
  name: 'ensemble_provider_errors_total',
  help: 'Failed text and image generations, by provider and kind (auth, rate_limit, timeout, ..., internal).',
  labelNames: ['provider', 'kind'],
  registers: [registry],
});
const creditsCharged = new Counter({
  name: 'ensemble_credits_charged_total',
  help: 'Credits taken for requests, by account kind (guest, user).',
  labelNames: ['account'],
  registers: [registry],
});
const creditsRefunded = new Counter({
  name: 'ensemble_credits_refunded_total',
  help: 'Credits given back after failed requests, by account kind (guest, user).',
  labelNames: ['account'],
  registers: [registry],
});

const poolWaits = new Counter({
  name: 'ensemble_db_pool_waits_total',
  help: 'PostgreSQL connection checkouts that found every pool connection busy and had to wait.',
  registers: [registry],
});
const streamLimit = new Gauge({
  name: 'ensemble_streams_limit',
  help: 'Replies this instance generates at once at most (MAX_CONCURRENT_STREAMS; 0: no limit).',
  registers: [registry],
});
const streamsAdmitted = new Gauge({
  name: 'ensemble_streams_admitted',
  help: 'Chat requests holding a slot of MAX_CONCURRENT_STREAMS now (being admitted or generating).',
  registers: [registry],
});
const streamLagLimit = new Gauge({
  name: 'ensemble_admission_max_lag_ms',
  help: 'How far behind the event loop may run before new chats are refused (ADMISSION_MAX_LAG_MS; 0: never).',
  registers: [registry],
});
const chatsRefused = new Counter({
  name: 'ensemble_chats_refused_busy_total',
  help: 'New chats answered 503 because this instance was busy: at MAX_CONCURRENT_STREAMS (reason "limit") or its event loop more than ADMISSION_MAX_LAG_MS behind ("lag").',
  labelNames: ['reason'],
  registers: [registry],
});

/** Counts one pool checkout that had to queue. */
export function countPoolWait(): void {
  poolWaits.inc();
}

/** Reports the admission limit and how many slots are in use. */
export function setStreamLimit(limit: number, maxLagMs: number): void {
  streamLimit.set(limit);
  streamLagLimit.set(maxLagMs);
}
export function setStreamsAdmitted(n: number): void {
  streamsAdmitted.set(n);
}
export function countChatRefusedBusy(reason: 'limit' | 'lag'): void {
  chatsRefused.inc({ reason });
}

/**
 * A gauge read at scrape time from the sources watched through the returned function (which
 * itself returns the function that stops watching): each of `measures` is summed over them, as the
 * series its key names in `label` (or the one series of a gauge without a label). With no source
 * watched it has no series.
 */
function summedGauge<T>(
  name: string,
  help: string,
  measures: Record<string, (source: T) => number>,
  label?: string,
): (source: T) => () => void {
  const sources = new Set<T>();
  new Gauge({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      this.reset();
      if (sources.size === 0) return;
      for (const [key, read] of Object.entries(measures)) {
        let sum = 0;
        for (const source of sources) sum += read(source);
        if (label) this.set({ [label]: key }, sum);
        else this.set(sum);
      }
    },
  });
  return (source) => {
    sources.add(source);
    return () => {
      sources.delete(source);
    };
  };
}

/** Shows a PostgreSQL pool's connections in /metrics until the returned function is called. */
export const watchDbPool = summedGauge<pg.Pool>(
  'ensemble_db_pool_connections',
  'PostgreSQL pool connections by state: total, idle, and waiting (requests queued for a connection).',
  { total: (p) => p.totalCount, idle: (p) => p.idleCount, waiting: (p) => p.waitingCount },
  'state',
);

/** A stream hub that keeps finished streams in this process, for the gauge below. */
export interface FinishedStreamsHeld {
  heldCount(): number;
  heldBytes(): number;
}
/** Reports what `hub` holds of finished streams in /metrics until the returned function is called. */
export const watchFinishedStreams = summedGauge<FinishedStreamsHeld>(
  'ensemble_finished_streams_held',
  'Finished streams this process keeps for late reconnects (without Redis): how many, and their estimated bytes (at most STREAM_GRACE_MAX_MB).',
  { streams: (hub) => hub.heldCount(), bytes: (hub) => hub.heldBytes() },
  'measure',
);

/** Names this instance in the scrape (ensemble_instance_info{instance_id}). */
export function setInstanceInfo(instanceId: string): void {
  instanceInfo.reset();
  instanceInfo.set({ instance_id: instanceId }, 1);
}

/** Counts one answered HTTP request and its latency. */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** Counts an event stream as open; call the returned function (once or more) when it closes. */
export function eventStreamOpened(): () => void {
  return openOnce(openStreams);
}

/** Counts a text reply as being generated; call the returned function (once or more) when it ends. */
export function replyStarted(): () => void {
  return openOnce(generating);
}

/** Records the wait for a reply's first token. */
export function observeFirstToken(provider: string, seconds: number): void {
  firstToken.observe({ provider }, seconds);
}

/** Counts one failed generation; `kind` is the ProviderError kind, or "internal". */
export function countProviderError(provider: string, kind: string): void {
  providerErrors.inc({ provider, kind });
}

/** Counts credits taken. */
export function countCreditsCharged(account: 'guest' | 'user', amount: number): void {
  if (amount > 0) creditsCharged.inc({ account }, amount);
}

/** Counts credits given back. */
export function countCreditsRefunded(account: 'guest' | 'user', amount: number): void {
  if (amount > 0) creditsRefunded.inc({ account }, amount);
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function metricsExposition(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}

function openOnce(gauge: Gauge): () => void {
  gauge.inc();
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    gauge.dec();
  };
}
