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
  created_at: string;
  updated_at: string;
}

export interface GuestsTable {
  id: Generated<number>;
  credits: number;
  credits_used: number;
  client_address: string;
  retired_at: string | null;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number | null;
  guest_id: number | null;
  created_at: string;
  last_seen_at: string;
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
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  thread_id: number;
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
  activities: ActivitiesTable;
  password_resets: PasswordResetsTable;
  billing_events: BillingEventsTable;
  rate_limits: RateLimitsTable;
  open_charges: OpenChargesTable;
  model_availability: ModelAvailabilityTable;
  stream_leases: StreamLeasesTable;
}

export interface StreamLeasesTable {
  stream_id: string;
  instance_id: string;
  expires_at: string;
  stop: Generated<number>;
}
