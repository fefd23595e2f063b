import { createHmac } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PERIOD_SECONDS,
  eventObject,
  invoiceObject,
  parseStripeForm,
  stripeError,
  stripeId,
  subscriptionObject,
  unixNow,
} from './stripe-objects.js';

export { eventObject, invoiceObject, parseStripeForm, PERIOD_SECONDS } from './stripe-objects.js';

/** One API request the fake received. */
export interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  idempotencyKey: string | null;
}

type Obj = Record<string, any>;

/** A running fake of the Stripe API (and of its hosted checkout page). */
export interface FakeStripe {
  /** http://127.0.0.1:port: STRIPE_API_BASE. */
  readonly url: string;
  readonly secretKey: string;
  readonly requests: StripeRequest[];
  readonly customers: Map<string, Obj>;
  readonly sessions: Map<string, Obj>;
  readonly subscriptions: Map<string, Obj>;
  /** The API requests to a method and path (a `:id` segment matches any id). */
  requestsTo(method: string, path: string): StripeRequest[];
  /** Pays a Checkout Session as the hosted page would: complete, paid, with a new active subscription. */
  completeSession(sessionId: string): { session: Obj; subscription: Obj };
  /** Marks a session complete without payment (an async payment still pending). */
  markUnpaid(sessionId: string): Obj;
  /** Changes a subscription (cancel_at_period_end, status, ...). */
  updateSubscription(subscriptionId: string, patch: Obj): Obj;
  /** Moves a subscription to its next period and returns that period's paid invoice. */
  renewSubscription(subscriptionId: string): Obj;
  /** The paid invoice of a subscription's current period. */
  invoiceFor(subscriptionId: string, billingReason?: 'subscription_create' | 'subscription_cycle'): Obj;
  /** Answers the next `times` API requests with this HTTP status and a Stripe error. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  secretKey?: string;
  /** When set, paying on the hosted page also delivers a signed checkout.session.completed here. */
  webhook?: { url: string; secret: string };
}

const ROUTES: Array<[string, RegExp, string]> = [
  ['POST', /^\/v1\/customers$/, 'createCustomer'],
  ['POST', /^\/v1\/checkout\/sessions$/, 'createSession'],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, 'getSession'],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, 'getSubscription'],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, 'updateSubscription'],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, 'cancelSubscription'],
];

/** Starts a fake Stripe API on 127.0.0.1 (a free port) that the real stripe SDK can talk to. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_ensemble';
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const sessionPrices = new Map<string, string>();
  const replays = new Map<string, { status: number; body: Obj }>();
  let failures: { status: number; times: number } | null = null;
  let base = '';

  const api: Record<string, (id: string | undefined, body: Obj) => [number, Obj]> = {
    createCustomer: (_id, body) => {
      const customer = {
        id: stripeId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        created: unixNow(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return [200, customer];
    },
    createSession: (_id, body) => {
      if (body.customer && !customers.has(body.customer))
        return [400, stripeError('invalid_request_error', `No such customer: '${body.customer}'`, 'resource_missing')];
      const price = body.line_items?.[0]?.price;
      if (!price) return [400, stripeError('invalid_request_error', 'line_items[0][price] is required', 'parameter_missing')];
      const id = stripeId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${base}/checkout/${id}`,
        created: unixNow(),
        expires_at: unixNow() + 24 * 3600,
        livemode: false,
      };
      sessions.set(id, session);
      sessionPrices.set(id, price);
      return [200, session];
    },
    getSession: (id) => found(sessions.get(id ?? ''), 'checkout session', id),
    getSubscription: (id) => found(subscriptions.get(id ?? ''), 'subscription', id),
    updateSubscription: (id, body) => {
      const sub = subscriptions.get(id ?? '');
      if (!sub) return found(undefined, 'subscription', id);
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return [200, sub];
    },
    cancelSubscription: (id) => {
      const sub = subscriptions.get(id ?? '');
      if (!sub) return found(undefined, 'subscription', id);
      Object.assign(sub, { status: 'canceled', canceled_at: unixNow(), ended_at: unixNow() });
      return [200, sub];
    },
  };

  const fake: FakeStripe = {
    get url() {
      return base;
    },
    secretKey,
    requests,
    customers,
    sessions,
    subscriptions,
    requestsTo(method, path) {
      const pattern = new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`);
      return requests.filter((r) => r.method === method && pattern.test(r.path));
    },
    completeSession(sessionId) {
      const session = mustGet(sessions, sessionId);
      if (!session.subscription) {
        const sub = subscriptionObject({
          customer: session.customer,
          price: sessionPrices.get(sessionId) as string,
          metadata: session.metadata,
        });
        subscriptions.set(sub.id as string, sub);
        session.subscription = sub.id;
      }
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return { session, subscription: mustGet(subscriptions, session.subscription) };
    },
    markUnpaid(sessionId) {
      return Object.assign(mustGet(sessions, sessionId), { status: 'open', payment_status: 'unpaid' });
    },
    updateSubscription(subscriptionId, patch) {
      return Object.assign(mustGet(subscriptions, subscriptionId), patch);
    },
    renewSubscription(subscriptionId) {
      const sub = mustGet(subscriptions, subscriptionId);
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_start + PERIOD_SECONDS;
      return invoiceObject(sub as never, 'subscription_cycle');
    },
    invoiceFor(subscriptionId, billingReason) {
      return invoiceObject(mustGet(subscriptions, subscriptionId) as never, billingReason);
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (req.method === 'GET' && url.pathname.startsWith('/checkout/'))
      return hostedCheckout(decodeURIComponent(url.pathname.slice('/checkout/'.length)), res);
    const idempotencyKey = header(req, 'idempotency-key');
    const body = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey });
    if (header(req, 'authorization') !== `Bearer ${secretKey}`)
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return send(res, failures.status, stripeError(failures.status >= 500 ? 'api_error' : 'invalid_request_error', 'Injected failure'));
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) return send(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`));
    const id = route[1].exec(url.pathname)?.[1];
    const [status, answer] = api[route[2]](id && decodeURIComponent(id), body);
    if (replayKey && req.method === 'POST') replays.set(replayKey, { status, body: answer });
    send(res, status, answer);
  }

  // The hosted checkout page: paying marks the session paid and returns to the success URL.
  async function hostedCheckout(sessionId: string, res: ServerResponse): Promise<void> {
    if (!sessions.has(sessionId)) return send(res, 404, stripeError('invalid_request_error', 'No such checkout session'));
    const { session } = fake.completeSession(sessionId);
    if (options.webhook) await deliver(options.webhook, eventObject('checkout.session.completed', session));
    const location = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
    res.writeHead(303, { location, 'content-type': 'text/html' });
    res.end(`<p>Paid. <a href="${location}">Continue</a></p>`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, stripeError('api_error', 'fake stripe failed'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Signs a payload as Stripe signs webhooks (`t=...,v1=HMAC-SHA256(secret, "t.payload")`). */
export function stripeSignature(payload: string, secret: string, timestamp = unixNow()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

async function deliver(target: { url: string; secret: string }, event: Obj): Promise<void> {
  const payload = JSON.stringify(event);
  try {
    await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, target.secret) },
      body: payload,
    });
  } catch {
    // Like Stripe, a failed delivery does not stop the checkout; verification still applies the plan.
  }
}

function found(object: Obj | undefined, kind: string, id: string | undefined): [number, Obj] {
  return object ? [200, object] : [404, stripeError('invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing')];
}

function mustGet(map: Map<string, Obj>, id: string): Obj {
  const value = map.get(id);
  if (!value) throw new Error(`fake stripe: unknown id ${id}`);
  return value;
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

function send(res: ServerResponse, status: number, body: Obj, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req'), ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
