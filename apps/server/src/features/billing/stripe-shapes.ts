import type Stripe from 'stripe';

// Readers for Stripe objects across API versions: webhook payloads use the endpoint's API version,
// which may be older than the SDK's, so fields are read from both their old and new homes.

type Ref = string | { id: string } | null | undefined;

/** The id of an expandable reference (a plain id or an expanded object). */
export function idOf(ref: Ref): string | null {
  if (ref == null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** A subscription's current period (unix seconds), from the subscription or, in newer API versions, its first item. */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: number; end: number } | null {
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const item = sub.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number })
    | undefined;
  const start = legacy.current_period_start ?? item?.current_period_start;
  const end = legacy.current_period_end ?? item?.current_period_end;
  return typeof start === 'number' && typeof end === 'number' ? { start, end } : null;
}

/** The price id of a subscription's first item. */
export function subscriptionPriceId(sub: Stripe.Subscription): string | null {
  return idOf(sub.items?.data?.[0]?.price);
}

/** When a still-running subscription is set to stop (unix seconds), or null when it renews. */
export function scheduledEnd(sub: Stripe.Subscription, periodEnd: number): number | null {
  if (sub.cancel_at) return sub.cancel_at;
  return sub.cancel_at_period_end ? periodEnd : null;
}

const LIVE = new Set(['active', 'trialing', 'past_due']);
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid', 'paused']);

/** Whether the subscription currently gives access (paid, trialing or in its payment grace). */
export function isLive(sub: Stripe.Subscription): boolean {
  return LIVE.has(sub.status);
}

/** Whether the subscription is over for good (or suspended without payment). */
export function isEnded(sub: Stripe.Subscription): boolean {
  return ENDED.has(sub.status);
}

/** The metadata user id our checkout put on the session or subscription, when it is a positive integer. */
export function metadataUserId(metadata: Stripe.Metadata | null | undefined): number | null {
  const raw = metadata?.user_id;
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

type LegacyLine = Stripe.InvoiceLineItem & {
  price?: { id: string } | null;
  plan?: { id: string } | null;
  subscription?: Ref;
  parent?: { subscription_item_details?: { subscription?: string | null } | null } | null;
};

/** The subscription an invoice bills, from `parent.subscription_details` (new) or `subscription` (old) or its lines. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: Ref };
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  if (legacy.subscription) return idOf(legacy.subscription);
  for (const line of (invoice.lines?.data ?? []) as LegacyLine[]) {
    const id = line.parent?.subscription_item_details?.subscription ?? idOf(line.subscription);
    if (id) return id;
  }
  return null;
}

/** The invoice line that bills the plan: its price id, service period (unix seconds) and amount (minor units). */
export function invoicePlanLine(
  invoice: Stripe.Invoice,
): { priceId: string | null; start: number; end: number; amount: number | null } | null {
  const lines = (invoice.lines?.data ?? []) as LegacyLine[];
  const priced = lines.map((line) => ({
    line,
    priceId: idOf(line.pricing?.price_details?.price) ?? idOf(line.price) ?? idOf(line.plan),
  }));
  // A plan line has a price; prorations may add more lines, and the one with the latest period is current.
  const candidates = priced.filter((p) => p.priceId && p.line.period);
  const chosen =
    candidates.sort((a, b) => b.line.period.start - a.line.period.start || b.line.amount - a.line.amount)[0] ??
    priced.find((p) => p.line.period);
  if (!chosen) return null;
  const amount = typeof chosen.line.amount === 'number' ? chosen.line.amount : null;
  return { priceId: chosen.priceId, start: chosen.line.period.start, end: chosen.line.period.end, amount };
}
