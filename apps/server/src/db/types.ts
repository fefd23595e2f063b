import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC text in both dialects; booleans are 0/1 integers. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string | null;
  google_sub: string | null;
  picture: string | null;
  credits: number;
  credits_used: number;
  subscription_tier: string;
  subscription_status: string;
  subscription_end_date: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  default_system_prompt: string | null;
  created_at: string;
  updated_at: string;
  /** 1 once the e-mail is proven (mailed link, or Google's verified claim); only then can it make an operator. */
  email_verified: Generated<number>;
  /** Set while an operator has suspended the account: no sign-in, no spending, no sessions. */
  suspended_at: Generated<string | null>;
  /** The user's own monthly credit budget (calendar month, UTC); null = none. */
  monthly_budget: Generated<number | null>;
  /** The balance under which the meter warns; null = no warning. */
  low_balance_warning: Generated<number | null>;
  /** The UTC month (YYYY-MM) month_spent counts, and the UTC day (YYYY-MM-DD) day_spent counts. */
  month_key: Generated<string>;
  month_spent: Generated<number>;
  day_key: Generated<string>;
  day_spent: Generated<number>;
  /** The language picked in Settings (one of LANGUAGES); null follows the browser. */
  language: Generated<string | null>;
  /** 1: an operator excluded the account's arena votes from the ranking (issue 41). */
  arena_excluded: Generated<number>;
  /** The UTC day arena_day_votes counts (ARENA_VOTES_PER_DAY). */
  arena_day: Generated<string>;
  arena_day_votes: Generated<number>;
  /** Two-factor sign-in (migration 031): the TOTP secret ('plain:<base32>' or sealed with ENCRYPTION_KEY), null when off. */
  totp_secret: Generated<string | null>;
  /** A secret from setup.php not yet confirmed with a code. */
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<string | null>;
  /** The last 30-second step a code was accepted for: a code works once. */
  totp_last_step: Generated<number | null>;
}

export interface GuestsTable {
  id: Generated<number>;
  credits: number;
  credits_used: number;
  client_address: string;
  retired_at: string | null;
  created_at: string;
  /** The UTC day arena_day_votes counts (ARENA_VOTES_PER_DAY, issue 41). */
  arena_day: Generated<string>;
  arena_day_votes: Generated<number>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number | null;
  guest_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Why the session was revoked (migration 018): its next request is refused with that reason once, then it is gone. */
  revoked: Generated<string | null>;
  /** The user agent the session was signed in with, cut to 400 characters (migration 030). */
  user_agent: Generated<string | null>;
  /** The network of the address it was signed in from: a.b.c.0/24 or the first 48 bits of IPv6 (migration 030). */
  network: Generated<string | null>;
  /** The second factor this session passed ('totp', 'recovery', 'passkey'), or null (migration 031). */
  second_factor: Generated<string | null>;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebAuthnChallengesTable {
  id_hash: string;
  /** The account registering; null for a sign-in (whose account the passkey names). */
  user_id: number | null;
  kind: 'register' | 'sign_in';
  expires_at: string;
}

export interface SignInChallengesTable {
  id_hash: string;
  user_id: number;
  /** The guest whose threads the account adopts once the code is right. */
  guest_id: number | null;
  /** What the finished sign-in answers ('Login successful', 'Account created with Google'). */
  message: string;
  expires_at: string;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number | null;
  guest_id: number | null;
  delta: number;
  balance_after: number;
  reason: string;
  model: string | null;
  reference: string | null;
  created_at: string;
  /** The API key that spent or was refunded (migration 022); null for the web app's requests. */
  api_key_id: Generated<number | null>;
}

export interface GuestAllowancesTable {
  client_address: string;
  day: string;
  count: number;
}

export interface ThreadsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_id: number | null;
  title: string;
  message_count: number;
  /** The newest message of the branch the thread shows (migration 007); null when empty. */
  current_leaf_id: number | null;
  system_prompt: string | null;
  temperature: number | null;
  max_output_tokens: number | null;
  /** 1 when the thread's "Search the web" switch is on (migration 020). */
  web_search: Generated<number>;
  /** The MCP servers the thread's replies may call, as a JSON array of ids (migration 025); null: none. */
  mcp_server_ids: string | null;
  /** The assistant the thread was started with (migration 023); null when none or deleted (set null). */
  assistant_id: Generated<number | null>;
  /** Its folder (migration 028); null in the main list (and when the folder is deleted). */
  folder_id: Generated<number | null>;
  /** Pinned (migration 028): pinned threads come first, by this; null when not pinned. */
  pin_position: Generated<number | null>;
  /** When it was archived (migration 028); null when it is in the list. */
  archived_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** A saved prompt of an account's library (migration 029, issue 42). */
export interface PromptsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  /** Its share link's token; null when not shared. */
  share_token: string | null;
  created_at: string;
  updated_at: string;
}

/** An account's folder of threads (migration 028, issue 42). */
export interface ThreadFoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  colour: string;
  position: number;
  collapsed: Generated<number>;
  created_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  thread_id: number;
  /** The message this one answers or follows; null for a thread's first messages. */
  parent_id: number | null;
  /** Steps from the thread's start: 0 for a first message, its parent's depth + 1 otherwise (migration 015). */
  depth: Generated<number>;
  /** Credits an assistant reply was charged (its metadata's `credits`), 0 otherwise (migration 015). */
  credits: Generated<number>;
  role: string;
  type: string;
  content: string;
  model: string | null;
  metadata: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: string;
  user_id: number | null;
  guest_id: number | null;
  message_id: number | null;
  file_name: string;
  media_type: string;
  byte_size: number;
  width: number;
  height: number;
  prompt: string;
  model: string | null;
  aspect_ratio: string | null;
  created_at: string;
  /** A blind arena picture's comparison (migration 027): out of My Assets until the vote. */
  arena_comparison_id: Generated<number | null>;
}

export interface AttachmentsTable {
  id: string;
  user_id: number | null;
  guest_id: number | null;
  message_id: number | null;
  kind: 'image' | 'pdf' | 'text';
  name: string;
  media_type: string;
  byte_size: number;
  file_key: string;
  thumbnail_key: string | null;
  width: number | null;
  height: number | null;
  text_content: string | null;
  truncated: number;
  created_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  user_id: number | null;
  guest_id: number | null;
  activity_type: string;
  description: string;
  created_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface BillingEventsTable {
  event_id: string;
  type: string;
  status: string;
  received_at: string;
  processed_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface OpenChargesTable {
  reference: string;
  user_id: number | null;
  guest_id: number | null;
  amount: number;
  model: string | null;
  message_id: number | null;
  /** 1 once any content reached the hub: the charge then stays even if the reply is cut. */
  delivered: number;
  created_at: string;
  /** The API key the charge was taken through (migration 022), so its refund gives back the key's spending too. */
  api_key_id: Generated<number | null>;
}

/** A secret shared by every instance (the generated session secret). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A catalogue row its provider does not serve now (migration 004). */
export interface ModelAvailabilityTable {
  model_id: string;
  provider: string;
  provider_model_id: string;
  /** 'unlisted': the provider's model list leaves it out; 'not_found': a request met "model not found". */
  reason: string;
  updated_at: string;
}

/** A pending mailed e-mail verification link (stored hashed). */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: number;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One operator action: who, what, on what, why, and the state before and after (JSON). */
export interface AdminAuditTable {
  id: Generated<number>;
  actor_user_id: number;
  actor_email: string;
  action: string;
  target: string;
  reason: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** The most credits an account on a plan may spend in one UTC day, set by operators. */
export interface PlanDailyCapsTable {
  plan: string;
  daily_cap: number;
  updated_at: string;
}

/** How often a client address was refused by a limit on a UTC day (kind: 'login_throttle'). */
export interface AbuseCountsTable {
  day: string;
  kind: string;
  client_address: string;
  count: number;
}

/** The whole schema, one interface per table. */
export interface Database {
  app_secrets: AppSecretsTable;
  users: UsersTable;
  guests: GuestsTable;
  sessions: SessionsTable;
  credit_ledger: CreditLedgerTable;
  guest_allowances: GuestAllowancesTable;
  threads: ThreadsTable;
  messages: MessagesTable;
  images: ImagesTable;
  attachments: AttachmentsTable;
  activities: ActivitiesTable;
  password_resets: PasswordResetsTable;
  billing_events: BillingEventsTable;
  rate_limits: RateLimitsTable;
  open_charges: OpenChargesTable;
  model_availability: ModelAvailabilityTable;
  email_verifications: EmailVerificationsTable;
  admin_audit: AdminAuditTable;
  plan_daily_caps: PlanDailyCapsTable;
  abuse_counts: AbuseCountsTable;
  stream_leases: StreamLeasesTable;
  share_links: ShareLinksTable;
  daily_rollups: DailyRollupsTable;
  daily_active_accounts: DailyActiveAccountsTable;
  paid_invoices: PaidInvoicesTable;
  model_overrides: ModelOverridesTable;
  catalogue_state: CatalogueStateTable;
  provider_outcomes: ProviderOutcomesTable;
  api_keys: ApiKeysTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
  api_images: ApiImagesTable;
  tool_decisions: ToolDecisionsTable;
  mcp_servers: McpServersTable;
  assistants: AssistantsTable;
  arena_comparisons: ArenaComparisonsTable;
  arena_slots: ArenaSlotsTable;
  arena_votes: ArenaVotesTable;
  arena_leaderboards: ArenaLeaderboardsTable;
  thread_folders: ThreadFoldersTable;
  prompts: PromptsTable;
}

/** A blind comparison (migration 026, issue 41): its models in slot order (JSON), never sent before the vote. */
export interface ArenaComparisonsTable {
  id: Generated<number>;
  type: 'text' | 'image';
  user_id: number | null;
  guest_id: number | null;
  prompt: string;
  /** running: replies under way; ready: every reply complete, a vote may come; voted; void: a slot failed or was stopped. */
  status: 'running' | 'ready' | 'voted' | 'void';
  /** 1: drawn from the demo provider (its votes never count). */
  demo: Generated<number>;
  /** The credits the comparison was charged in all. */
  cost: Generated<number>;
  /**
   * failed: a reply failed, every slot's credits go back; stopped: the user stopped one (Stop's usual rules); expired:
   * an image comparison left unvoted for ARENA.imageVoteHours (its pictures go to My Assets).
   */
  void_reason: 'failed' | 'stopped' | 'expired' | null;
  created_at: string;
  ended_at: string | null;
}

/** A slot of a blind comparison (migration 026): its model and how its reply ended. */
export interface ArenaSlotsTable {
  comparison_id: number;
  /** a, b or c. */
  slot: string;
  model: string;
  stream_id: string | null;
  /** running, complete, failed or stopped. */
  status: 'running' | 'complete' | 'failed' | 'stopped';
  /** The credits the slot's reply kept. */
  kept: Generated<number>;
  /** 1 once a voided comparison gave the slot's credits back. */
  refunded: Generated<number>;
  /** 0: answered by a fallback (never counted). */
  counted: Generated<number>;
  /** The reply's figures (JSON), shown with the reveal. */
  figures: string | null;
  /** An image slot's picture (migration 027). */
  image_id: Generated<string | null>;
}

/** One vote, one per comparison (migration 026): the models it judged and its outcome. */
export interface ArenaVotesTable {
  id: Generated<number>;
  comparison_id: number;
  type: 'text' | 'image';
  model_a: string;
  model_b: string;
  model_c: string | null;
  outcome: 'a' | 'b' | 'c' | 'tie' | 'all_bad';
  /** verified: an account with a verified e-mail (ranked); unverified; guest (both shown apart). */
  voter: 'verified' | 'unverified' | 'guest';
  user_id: number | null;
  guest_id: number | null;
  /** 0: demo replies or a fallback answered; never counted. */
  counted: number;
  created_at: string;
  /** The UTC day (YYYY-MM-DD), for the daily limit. */
  day: string;
}

/** A leaderboard as last computed (migration 026), whole, so every instance answers the same. */
export interface ArenaLeaderboardsTable {
  type: 'text' | 'image';
  /** all: all time; 30d: the last 30 days. */
  scope: 'all' | '30d';
  /** The leaderboard's JSON. */
  body: string;
  computed_at: string;
  /** The newest vote it counts; -1 asks for a recompute (an account excluded or let back in). */
  max_vote_id: Generated<number>;
  /** When an instance took the recompute (null: none is at it). */
  claimed_at: string | null;
}

/** A saved assistant (migration 023): its owner's, featured by operators, or shared by a random token. */
export interface AssistantsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  emoji: string | null;
  /** The icon as a 128×128 WebP; null: none. */
  icon: Uint8Array | null;
  /** The random key its icon is served by (a new one with each icon); null: no icon. */
  icon_key: string | null;
  description: Generated<string>;
  model_id: string;
  instructions: Generated<string>;
  temperature: number | null;
  max_output_tokens: number | null;
  /** Starter prompts as a JSON array of strings. */
  starters: Generated<string>;
  web_search: Generated<number>;
  /** MCP server ids as a JSON array (no foreign key: the tool loop filters them at use). */
  mcp_server_ids: Generated<string>;
  featured: Generated<number>;
  share_token: string | null;
  created_at: string;
  updated_at: string;
}

/** A personal API key (migration 022): only its SHA-256 and first characters are kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  monthly_limit: number | null;
  /** The UTC month (YYYY-MM) month_spent counts. */
  month_key: Generated<string>;
  month_spent: Generated<number>;
  revoked_at: string | null;
}

/** An MCP tool server (migration 024): an account's own, or an operator's for everyone (user_id null). */
export interface McpServersTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  url: string;
  /** The bearer token sealed with ENCRYPTION_KEY (features/mcp/secret-box.ts); never the token itself. */
  token_cipher: string | null;
  ask_first: number;
  /** The last listing's tools (McpToolInfo[] as JSON). */
  tools_json: string | null;
  tools_checked_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** An image generated through the API (migration 022): outside the gallery, deleted at expires_at. */
/** A user's Allow (1) or Deny (0) of one tool call of a running reply (migration 025). */
export interface ToolDecisionsTable {
  stream_id: string;
  call_id: string;
  allow: number;
  created_at: string;
}

export interface ApiImagesTable {
  id: string;
  user_id: number;
  api_key_id: number;
  file_name: string;
  media_type: string;
  byte_size: number;
  created_at: string;
  expires_at: string;
}

/** A share link's snapshot (migration 013): the shown branch at share time, as JSON. */
export interface ShareLinksTable {
  token: string;
  user_id: number;
  thread_id: number;
  title: string;
  message_count: number;
  snapshot: string;
  created_at: string;
}

export interface StreamLeasesTable {
  stream_id: string;
  instance_id: string;
  expires_at: string;
  stop: Generated<number>;
}

/** One counter of the operator overview: a UTC day, a metric, its dimension ('' for none) and the figure (migration 009). */
export interface DailyRollupsTable {
  day: string;
  metric: string;
  dim: string;
  n: number;
}

/** An account that spent credits on a UTC day (kept when the account or guest is gone). */
export interface DailyActiveAccountsTable {
  day: string;
  user_id: number;
}

/** A paid Stripe invoice: its amount (minor units), currency and plan; monthly_amount is the amount per month. */
export interface PaidInvoicesTable {
  invoice_id: string;
  user_id: number | null;
  subscription_id: string | null;
  plan: string;
  amount_paid: number;
  currency: string;
  monthly_amount: number;
  period_start: string | null;
  period_end: string | null;
  paid_at: string;
}

/** An operator's settings for one catalogue row; a null column keeps the row's own value. */
export interface ModelOverridesTable {
  model_id: string;
  /** 0 hides the row everywhere; null or 1 shows it. */
  enabled: number | null;
  cost: number | null;
  provider_model_id: string | null;
  /** JSON array of row ids, or null for the row's own fallbacks. */
  fallbacks_json: string | null;
  /** Which search the row's web search uses: 'provider', 'own' or 'off'; null: the row's default (migration 021). */
  web_search: string | null;
  /** Credits a web search adds; null: the row's own (migration 021). */
  web_search_cost: number | null;
  updated_at: string;
}

/** One row (id 1): the operators' catalogue version (bumped on every change) and default favourites. */
export interface CatalogueStateTable {
  id: number;
  version: number;
  default_favourites_json: string | null;
  updated_at: string;
}

/** How one reply went at its provider, kept for a couple of hours for the Providers view. */
export interface ProviderOutcomesTable {
  id: Generated<number>;
  provider: string;
  kind: string;
  model_id: string;
  error_kind: string | null;
  ttft_ms: number | null;
  created_at: string;
}
