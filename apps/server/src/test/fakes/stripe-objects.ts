import { randomBytes } from 'node:crypto';

// Stripe's wire shapes (API version 2025-03-31.basil and later: periods live on subscription
// items, invoices name their subscription under parent.subscription_details, lines carry pricing).

const DAY = 24 * 3600;
/** Seconds in one fake billing period. */
export const PERIOD_SECONDS = 30 * DAY;

/** A Stripe-style id with the given prefix. */
export const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
/** Unix seconds now. */
export const unixNow = () => Math.floor(Date.now() / 1000);

type Json = Record<string, unknown>;

/**
 * Parses Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested objects and arrays,
 * as the Stripe API reads the bodies the SDK sends.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter((p, i) => p !== '' || i === 0);
    const path = key.endsWith('[]') ? [...parts, ''] : parts;
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const container = node as Record<string, unknown> & unknown[];
      const slot = Array.isArray(node) && part === '' ? node.length : part;
      if (last) container[slot as never] = value as never;
      else {
        container[slot as never] ??= (nextIsIndex ? [] : {}) as never;
        node = container[slot as never] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

/** A Stripe error body. */
export function stripeError(type: string, message: string, code?: string): Json {
  return { error: { type, message, ...(code ? { code } : {}) } };
}

/** A subscription as GET /v1/subscriptions/:id answers it. */
export function subscriptionObject(input: { customer: string; price: string; metadata: Record<string, string>; start?: number }): Json {
  const id = stripeId('sub');
  const start = input.start ?? unixNow();
  return {
    id,
    object: 'subscription',
    customer: input.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    livemode: false,
    metadata: input.metadata,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          current_period_start: start,
          current_period_end: start + PERIOD_SECONDS,
          price: {
            id: input.price,
            object: 'price',
            active: true,
            currency: 'usd',
            recurring: { interval: 'month', interval_count: 1 },
            product: 'prod_test_plan',
          },
        },
      ],
    },
  };
}

interface SubscriptionLike {
  id: string;
  customer: string;
  metadata: Record<string, string>;
  items: { data: Array<{ id: string; current_period_start: number; current_period_end: number; price: { id: string } }> };
}

/** A paid invoice for a subscription's current period (what invoice.paid carries). */
export function invoiceObject(
  sub: SubscriptionLike,
  billingReason: 'subscription_create' | 'subscription_cycle' = 'subscription_create',
): Json {
  const item = sub.items.data[0];
  const period = { start: item.current_period_start, end: item.current_period_end };
  return {
    id: stripeId('in'),
    object: 'invoice',
    customer: sub.customer,
    status: 'paid',
    paid: true,
    billing_reason: billingReason,
    amount_paid: 1000,
    currency: 'usd',
    period_start: period.start,
    period_end: period.end,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: 1000,
          currency: 'usd',
          period,
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: 'prod_test_plan' },
            unit_amount_decimal: '1000',
          },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: false },
          },
        },
      ],
    },
  };
}

/** A Stripe event wrapping an object, as webhooks deliver it. */
export function eventObject(type: string, object: unknown, id = stripeId('evt')): Json {
  return {
    id,
    object: 'event',
    api_version: '2025-03-31.basil',
    created: unixNow(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
