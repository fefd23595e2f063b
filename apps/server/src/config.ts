import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { allowedCidrsProblem } from './features/outbound/address-policy.js';
import { encryptionKeyProblem } from './features/mcp/secret-box.js';
import { PROVIDERS, type ProviderId } from '@ensemble/shared';
import { PROVIDER_DESCRIPTORS } from './providers/descriptors.js';

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const IPV4_OR_V6_CIDR = (entry: string): boolean => {
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
};
// proxy-addr's named ranges, which Fastify accepts in a trust list.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`, a hop count (the number of proxies in front), or a comma-separated list of
 * proxy addresses/CIDRs. `true` is refused: it trusts every X-Forwarded-For hop, so any client could
 * name its own address and escape every per-address limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For hop, so any client could claim any address and bypass the per-address limits; give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    }
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !NAMED_RANGES.has(x) && !IPV4_OR_V6_CIDR(x));
    if (list.length === 0 || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count (0-100) or a comma-separated list of proxy addresses or CIDRs; not understood: ${bad.join(', ') || v}`,
      });
      return z.NEVER;
    }
    return list;
  });

/** The server's environment, parsed once at start. */
type Descriptor = (typeof PROVIDER_DESCRIPTORS)[ProviderId];
/** Each provider's key and base-URL variables (providers/descriptors.ts). */
const providerVariables = Object.fromEntries(
  PROVIDERS.flatMap((p) => [
    [PROVIDER_DESCRIPTORS[p].keyVar, optionalString],
    [PROVIDER_DESCRIPTORS[p].baseUrlVar, optionalUrl],
  ]),
) as Record<Descriptor['keyVar'], typeof optionalString> & Record<Descriptor['baseUrlVar'], typeof optionalUrl>;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * How many times the listening socket is opened (see accept-handles.ts): each copy accepts one
   * connection per turn of the event loop, so a burst of new connections (and the busy refusals
   * among them) is taken in up to that many times faster. 1: one socket, as Node does by itself.
   * Issue 45's comparison (relay bench, RELAY_COMPARE, 5 interleaved pairs, SQLite): with 64
   * against 1, TTFT p95 at 300 streams 3.67x the naive proxy's against 4.48x (18 % better), TTFT p50
   * at 500 streams 12.6x against 11.1x (14 % worse).
   */
  ACCEPT_HANDLES: z.coerce.number().int().min(1).max(64).default(64),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  REDIS_URL: optionalUrl.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// URL'),
  PUBLIC_ORIGIN: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INSTANCE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes, underscores or colons')
    .optional(),
  S3_BUCKET: optionalString.refine((v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'must be an S3 bucket name'),
  AWS_ENDPOINT_URL_S3: optionalUrl,
  AWS_REGION: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  GUESTS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(5),
  GUEST_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Requests a minute each API key may make to /v1, counted across instances (issue 39). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  NODE_ENV: optionalString,
  TRUST_PROXY: trustProxySchema,
  /**
   * Loopback, private or link-local ranges that fetches made for a user (search result pages) may
   * still reach: comma-separated CIDRs, checked here, parsed by outboundPolicyFromEnv.
   */
  OUTBOUND_ALLOWED_CIDRS: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      const problem = allowedCidrsProblem(v);
      if (!problem) return v;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: optionalUrl.transform((v) => v ?? 'https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * A self-hosted SearXNG instance (its JSON API enabled) for web search on the rows whose provider has no search of
   * its own (issue 38). Unset: those rows do not offer search.
   */
  SEARXNG_URL: optionalUrl,
  /** The most searches one reply may run on a provider's own search tool, which bills per search (issue 38). */
  WEB_SEARCH_MAX_USES: z.coerce.number().int().min(1).max(20).default(3),
  /** The most model steps one reply with tools may take (issue 40), each charged the row's cost. */
  MAX_TOOL_STEPS: z.coerce.number().int().min(1).max(20).default(5),
  /** Arena votes one account (or guest) may cast per UTC day (issue 41). */
  ARENA_VOTES_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * The key secrets are encrypted with at rest (MCP servers' bearer tokens, issue 40): 32 random bytes as base64 or 64
   * hex characters, kept apart from the database and from SESSION_SECRET. Unset: servers with tokens cannot be added.
   */
  ENCRYPTION_KEY: optionalString.superRefine((v, ctx) => {
    const problem = v === undefined ? null : encryptionKeyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** How long one MCP tool call may take, connecting included, before it ends as timed out (issue 40). */
  MCP_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Origins profile pictures are copied from instead of Google's (comma-separated; tests, a proxy). */
  GOOGLE_PICTURE_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .url()
          .refine((u) => new URL(u).origin === u, 'must be an origin, e.g. https://host:port'),
      ),
    ),
  MODELS_FILE: optionalString,
  SMTP_URL: optionalUrl,
  /** Operators: accounts whose verified e-mail is listed here (comma-separated). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  MAIL_FROM: z.string().trim().default('Ensemble <no-reply@ensemble.local>'),
  /** Failed logins allowed per (account, address), per account and per address in LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(100),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(15).default(15),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  STRIPE_API_BASE: optionalUrl,
  ...providerVariables,
  DEMO_MODE: z.enum(['on', 'off']).default('on'),
  DEMO_TOKENS_PER_SECOND: z.coerce.number().min(0).max(100_000).default(50),
  PROVIDER_TEXT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  PROVIDER_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(180_000),
  /** How long a finished stream stays attachable: reconnects come within seconds, and a thread reply is saved anyway. */
  STREAM_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Memory that finished streams in their grace period may hold in this process (no Redis), in MB:
   * past it the oldest go early, so memory stays flat under any load. About 0.7 KB a stream.
   */
  STREAM_GRACE_MAX_MB: z.coerce.number().min(0.1).max(4096).default(4),
  /** Content deltas are joined into one stream event per this window (the first goes out at once); 0 sends each. */
  STREAM_COALESCE_MS: z.coerce.number().int().min(0).max(50).default(50),
  /**
   * Replies this instance generates at once; beyond it new chats get 503 with Retry-After (0: no limit). The default
   * is what one core carried on the relay bench (issue 45): about 400 replies of 50 tokens a second (README, Capacity).
   */
  MAX_CONCURRENT_STREAMS: z.coerce.number().int().min(0).max(1_000_000).default(400),
  /** Connections one client address may hold open at once; more are closed as they come (0: no bound). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(256),
  /**
   * How far behind the event loop may run before new chats get the same 503 (0: never): a loop that
   * runs behind is past what this instance's core can carry, whatever the count of streams.
   */
  ADMISSION_MAX_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** PostgreSQL connections this instance's pool opens at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /**
   * How far V8 lets the JavaScript heap grow past what was alive after its last full collection
   * before collecting again, in percent (0: V8's own choice, which lets it grow up to 4 times).
   */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

/** The parsed configuration the app is built from. */
export interface AppConfig extends Omit<Env, 'SESSION_SECRET' | 'DATA_DIR' | 'INSTANCE_ID'> {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** This process's name in logs and metrics: INSTANCE_ID, or the host name plus a random suffix. */
  INSTANCE_ID: string;
  /** The origin browsers reach us at; links in mails and Stripe URLs are built from it. */
  origin: string;
  secureCookies: boolean;
  /** All raw variables, for feature modules that read their own (providers). */
  raw: NodeJS.ProcessEnv;
}

/** Thrown when the environment is invalid; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The configuration as read from the environment: without SESSION_SECRET, buildApp takes the one kept in the database. */
export type LoadedConfig = Omit<AppConfig, 'SESSION_SECRET'> & { SESSION_SECRET?: string };

/** Parses the environment and creates DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT (metrics get a listener of their own)']);
  }
  if (e.ENCRYPTION_KEY !== undefined && e.ENCRYPTION_KEY === e.SESSION_SECRET) {
    throw new ConfigError([
      'ENCRYPTION_KEY: must differ from SESSION_SECRET (a key of its own, so one leaked secret does not give the other)',
    ]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const origin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    DATA_DIR: dataDir,
    INSTANCE_ID: e.INSTANCE_ID ?? generatedInstanceId(),
    origin,
    secureCookies: origin.startsWith('https://'),
    raw: env,
  };
}

// Unique per process start: two containers with the same host name still tell apart in logs and metrics.
function generatedInstanceId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 48) || 'instance';
  return `${host}-${randomBytes(3).toString('hex')}`;
}
