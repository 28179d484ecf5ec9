import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createIdempotencyLayer } from './fake-stripe-idempotency.ts';

// A real HTTP server on loopback standing in for the Stripe API, as its reference documents
// it for the calls this product makes: form-encoded bodies with bracket keys, Bearer secret
// keys, list objects with has_more and starting_after paging, `expand`, Idempotency-Key
// replays and refusals (fake-stripe-idempotency.ts), and errors as {error: {type, code,
// message, param}} with Stripe's status codes. The official library is pointed at it
// through its host, port and protocol options, so the product's Stripe code runs unchanged.
// Webhook events are signed with the library's own test-header helper.

export const FAKE_STRIPE_KEY = 'sk_test_fake0123456789abcdef';
/** The same account's live-mode key: Stripe answers `livemode: true` to it. */
export const FAKE_STRIPE_LIVE_KEY = 'sk_live_fake0123456789abcdef';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake0123456789abcdef';

type Obj = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  prices: Obj[];
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Obj[];
  /** The account's webhook endpoints (url, status). */
  webhookEndpoints: Obj[];
  /** Requests received, newest last: method, path and the decoded body. */
  received: { method: string; path: string; body: Obj; idempotencyKey?: string }[];
  /**
   * The next `times` requests to `endpoint` ('POST /v1/customers') are carried out but their
   * answer is lost: the connection closes before it is sent, as when a network drops it.
   */
  loseAnswers(endpoint: string, times: number): void;
  /**
   * The customer paid on Stripe Checkout: a subscription starts. Only an open session can be
   * paid; Stripe shows an expired or completed one's page as over.
   */
  completeCheckout(sessionId: string): { session: Obj; subscription: Obj };
  /** A subscription made outside Checkout (the Dashboard or the API), active at once. */
  createSubscription(customerId: string, priceId: string, metadata?: Obj): Obj;
  /** As the Customer Portal does: the subscription ends now. */
  cancelSubscription(subscriptionId: string): Obj;
  setStatus(subscriptionId: string, status: string): Obj;
  /** A signed webhook delivery of `type` about `object`: body and Stripe-Signature header. */
  event(type: string, object: Obj): { id: string; body: string; signature: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding: a[b][0][c]=v into nested objects and arrays. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? 'x');
      const slot = part === '' && Array.isArray(node) ? node.length : part;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot as string] = value;
        return;
      }
      container[slot as string] ??= nextIsIndex ? [] : {};
      node = container[slot as string] as Obj | unknown[];
    });
  }
  return root;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': id('req'),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const stripeError = (
  res: ServerResponse,
  status: number,
  message: string,
  extra: { code?: string; param?: string; type?: string } = {},
) => send(res, status, { error: { type: 'invalid_request_error', message, ...extra } });

// No endpoint ran, so Stripe keeps nothing against the request's idempotency key.
const UNRECOGNIZED = 'Unrecognized request URL';
const unrecognized = (res: ServerResponse, method: string, path: string) =>
  stripeError(res, 404, `${UNRECOGNIZED} (${method}: ${path}).`);
const isUnrecognized = (body: unknown) =>
  String((body as { error?: { message?: string } }).error?.message).startsWith(UNRECOGNIZED);

const missing = (res: ServerResponse, kind: string, what: string) =>
  stripeError(res, 404, `No such ${kind}: '${what}'`, { code: 'resource_missing', param: 'id' });

function list(items: Obj[], query: Obj, path: string) {
  const limit = Math.min(Number(query.limit ?? 10), 100);
  const after = query.starting_after as string | undefined;
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url: path };
}

const expands = (query: Obj) => {
  const value = query.expand;
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
};

/**
 * Stripe refuses automatic tax on a session whose customer has no address, unless Checkout
 * may save the one entered there (customer_update[address] or [shipping] set to auto). The
 * message is Stripe's own, as integrators report it; Stripe documents no code or param for it.
 */
function automaticTaxRefusal(body: Obj, customer: Obj | undefined): string | null {
  if ((body.automatic_tax as Obj | undefined)?.enabled !== 'true' || !customer) return null;
  if (customer.address || customer.shipping) return null;
  const update = (body.customer_update as Obj | undefined) ?? {};
  if (update.address === 'auto' || update.shipping === 'auto') return null;
  return "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.";
}

export interface FakeStripeOptions {
  /** The clock idempotency keys age by (they are kept for 24 hours). */
  now?: () => number;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const products = new Map<string, Obj>();
  const prices: Obj[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const webhookEndpoints: Obj[] = [];
  const received: FakeStripe['received'] = [];
  const idempotency = createIdempotencyLayer(options.now);
  const losing = new Map<string, number>();
  let base = '';

  const addPrice = (
    name: string,
    description: string,
    amount: number,
    interval: string,
    tag: { lookup_key?: string; metadata?: Obj },
  ) => {
    const product = { id: id('prod'), object: 'product', name, description, active: true };
    products.set(product.id, product);
    prices.push({
      id: id('price'),
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: amount,
      type: 'recurring',
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      lookup_key: tag.lookup_key ?? null,
      metadata: tag.metadata ?? {},
      nickname: null,
      product: product.id,
      created: now(),
    });
  };
  addPrice('Basic Monthly', 'Scheduling every 15 minutes.', 2900, 'month', {
    lookup_key: 'basic_monthly',
  });
  addPrice('Pro Monthly', 'Team seats and CSV export.', 7900, 'month', {
    metadata: { plan: 'Pro' },
  });
  addPrice('Pro Yearly', 'Pro, billed once a year.', 79000, 'year', {
    lookup_key: 'pro_yearly',
  });
  // Sold by the same account but not a portal package (no tag): left out.
  addPrice('Support retainer', 'Hours each month.', 50000, 'month', {});

  const withProduct = (price: Obj) => ({
    ...price,
    product: products.get(price.product as string),
  });
  // Stripe lists newest first; objects made in the same second keep the order they were made.
  const newestFirst = (items: Obj[]) =>
    [...items].reverse().sort((a, b) => (b.created as number) - (a.created as number));
  const subscriptionList = (query: Obj) => {
    const status = (query.status as string | undefined) ?? 'active';
    return newestFirst([...subscriptions.values()])
      .filter((s) => !query.customer || s.customer === query.customer)
      .filter((s) =>
        status === 'all' ? true : query.status ? s.status === status : s.status !== 'canceled',
      );
  };

  function route(
    method: string,
    path: string,
    query: Obj,
    body: Obj,
    res: ServerResponse,
    livemode = false,
  ) {
    const [, , resource, key, sub] = path.split('/');
    if (method === 'GET' && path === '/v1/balance') {
      return send(res, 200, { object: 'balance', livemode, available: [], pending: [] });
    }
    if (method === 'GET' && path === '/v1/prices') {
      const selected = prices
        .filter((p) => query.active === undefined || String(p.active) === query.active)
        .filter((p) => query.type === undefined || p.type === query.type)
        .map((p) => (expands(query).includes('data.product') ? withProduct(p) : p));
      return send(res, 200, list(selected, query, path));
    }
    if (resource === 'prices' && method === 'GET' && key) {
      const price = prices.find((p) => p.id === key);
      return price ? send(res, 200, price) : missing(res, 'price', key);
    }
    if (path === '/v1/customers' && method === 'POST') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        address: body.address ?? null,
        shipping: body.shipping ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      const customer = body.customer as string | undefined;
      if (customer && !customers.has(customer)) return missing(res, 'customer', customer);
      const items = (body.line_items as Obj[] | undefined) ?? [];
      const price = prices.find((p) => p.id === items[0]?.price);
      if (!price) {
        return stripeError(res, 400, `No such price: '${String(items[0]?.price)}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      }
      if (body.mode !== 'subscription' || price.type !== 'recurring') {
        return stripeError(
          res,
          400,
          'You must provide at least one recurring price in `subscription` mode.',
        );
      }
      const refused = automaticTaxRefusal(body, customer ? customers.get(customer) : undefined);
      if (refused) return stripeError(res, 400, refused);
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        customer,
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        price: price.id,
        subscription_data: body.subscription_data ?? {},
        billing_address_collection: body.billing_address_collection ?? null,
        automatic_tax: {
          enabled: (body.automatic_tax as Obj | undefined)?.enabled === 'true',
          liability: null,
          provider: null,
          status: null,
        },
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        created: now(),
        // Stripe's default: a session can be paid for 24 hours unless expired sooner.
        expires_at: now() + 86_400,
        url: null as string | null,
      };
      session.url = `${base}/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return send(res, 200, session);
    }
    // List Checkout Sessions, newest first, by customer and status (open, complete, expired).
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const selected = newestFirst([...sessions.values()])
        .filter((s) => !query.customer || s.customer === query.customer)
        .filter((s) => !query.status || s.status === query.status);
      return send(res, 200, list(selected, query, path));
    }
    if (path.startsWith('/v1/checkout/sessions/')) {
      const [, , , , sessionId, action] = path.split('/');
      const session = sessions.get(sessionId ?? '');
      if (method === 'GET' && !action) {
        return session
          ? send(res, 200, session)
          : missing(res, 'checkout.session', sessionId ?? '');
      }
      // Expire a Checkout Session: only an open one; its page then says it is over.
      if (method === 'POST' && action === 'expire') {
        if (!session) return missing(res, 'checkout.session', sessionId ?? '');
        if (session.status !== 'open') {
          return stripeError(
            res,
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`,
          );
        }
        Object.assign(session, { status: 'expired', url: null });
        return send(res, 200, session);
      }
    }
    if (path === '/v1/billing_portal/sessions' && method === 'POST') {
      const customer = body.customer as string;
      if (!customers.has(customer)) return missing(res, 'customer', customer);
      const portal = { id: id('bps'), object: 'billing_portal.session', customer };
      return send(res, 200, {
        ...portal,
        return_url: body.return_url,
        url: `${base}/p/session/${portal.id}`,
      });
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      return send(res, 200, list(subscriptionList(query), query, path));
    }
    if (resource === 'subscriptions' && method === 'GET' && key && !sub) {
      const subscription = subscriptions.get(key);
      return subscription ? send(res, 200, subscription) : missing(res, 'subscription', key);
    }
    // Cancel a subscription (the SDK's subscriptions.cancel): ended now, canceled.
    if (resource === 'subscriptions' && method === 'DELETE' && key && !sub) {
      const subscription = subscriptions.get(key);
      if (!subscription) return missing(res, 'subscription', key);
      if (subscription.status === 'canceled') {
        return stripeError(res, 400, `No such subscription: '${key}'`, {
          code: 'resource_missing',
        });
      }
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return send(res, 200, subscription);
    }
    if (method === 'GET' && path === '/v1/webhook_endpoints') {
      return send(res, 200, list(webhookEndpoints, query, path));
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const selected = invoices.filter((i) => !query.customer || i.customer === query.customer);
      return send(res, 200, list(selected, query, path));
    }
    return unrecognized(res, method, path);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const method = req.method ?? 'GET';
      const body = parseForm(Buffer.concat(chunks).toString());
      const query = parseForm(url.search.slice(1));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      received.push({ method, path: url.pathname, body, idempotencyKey });
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (auth !== FAKE_STRIPE_KEY && auth !== FAKE_STRIPE_LIVE_KEY) {
        return stripeError(res, 401, `Invalid API Key provided: ${(auth ?? '').slice(0, 8)}***`);
      }
      const endpoint = `${method} ${url.pathname}`;
      const lose = (losing.get(endpoint) ?? 0) > 0;
      if (lose) losing.set(endpoint, (losing.get(endpoint) ?? 0) - 1);
      const answer = res.end.bind(res);
      res.end = ((chunk: unknown) => {
        if (!lose) return answer(chunk as string);
        req.socket.destroy();
        return res;
      }) as typeof res.end;
      // Only POSTs are keyed; Stripe ignores the header on GET and DELETE.
      const key = method === 'POST' ? idempotencyKey : undefined;
      const livemode = auth === FAKE_STRIPE_LIVE_KEY;
      if (!key) return route(method, url.pathname, query, body, res, livemode);
      const earlier = idempotency.check(key, url.pathname, body);
      if (earlier) return send(res, earlier.status, earlier.body, earlier.headers);
      const write = res.end.bind(res);
      res.end = ((chunk: unknown) => {
        const answered = JSON.parse(String(chunk)) as unknown;
        if (!isUnrecognized(answered)) {
          idempotency.save(key, url.pathname, body, res.statusCode, answered);
        }
        return write(chunk as string);
      }) as typeof res.end;
      route(method, url.pathname, query, body, res, livemode);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signer = new Stripe(FAKE_STRIPE_KEY);
  const requireSubscription = (subscriptionId: string) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return subscription;
  };

  /** A subscription of `price` for `customer`, active and paid: its first invoice is paid. */
  function startSubscription(customer: string, price: Obj, metadata: Obj) {
    const start = now();
    const months = (price.recurring as Obj).interval === 'year' ? 12 : 1;
    const subscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      created: start,
      cancel_at_period_end: false,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + months * 30 * 86_400,
          },
        ],
        has_more: false,
      },
    };
    subscriptions.set(subscription.id, subscription);
    invoices.unshift({
      id: id('in'),
      object: 'invoice',
      number: `FAKE-${String(invoices.length + 1).padStart(4, '0')}`,
      customer,
      status: 'paid',
      total: price.unit_amount,
      created: start,
      due_date: null,
      hosted_invoice_url: `${base}/i/${subscription.id}`,
      invoice_pdf: `${base}/i/${subscription.id}/pdf`,
      lines: {
        data: [{ description: `1 × ${(products.get(price.product as string) as Obj).name}` }],
      },
      parent: { subscription_details: { subscription: subscription.id } },
    });
    return subscription as Obj;
  }

  return {
    url: base,
    prices,
    customers,
    sessions,
    subscriptions,
    invoices,
    webhookEndpoints,
    received,
    loseAnswers(endpoint, times) {
      losing.set(endpoint, times);
    },
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') {
        throw new Error(`session ${sessionId} is ${String(session.status)}: it cannot be paid`);
      }
      const price = prices.find((p) => p.id === session.price) as Obj;
      const subscription = startSubscription(
        session.customer as string,
        price,
        ((session.subscription_data as Obj).metadata as Obj | undefined) ?? {},
      );
      Object.assign(session, { status: 'complete', subscription: subscription.id, url: null });
      return { session, subscription };
    },
    createSubscription(customerId, priceId, metadata = {}) {
      const price = prices.find((p) => p.id === priceId);
      if (!price) throw new Error(`no price ${priceId}`);
      return startSubscription(customerId, price, metadata);
    },
    cancelSubscription(subscriptionId) {
      return Object.assign(requireSubscription(subscriptionId), {
        status: 'canceled',
        canceled_at: now(),
        ended_at: now(),
      });
    },
    setStatus(subscriptionId, status) {
      return Object.assign(requireSubscription(subscriptionId), { status });
    },
    event(type, object) {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      };
      const body = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: FAKE_STRIPE_WEBHOOK_SECRET,
      });
      return { id: event.id, body, signature };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
