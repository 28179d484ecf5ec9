import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

// The Zoho Billing v1 part of the fake Zoho (fake-zoho.ts): plans, customers, hosted
// pages, subscriptions, invoices and the invoice PDF, in Zoho's documented shapes
// ({ code: 0, message, <key>: ... } on success, { code: n, message } on failure).

type Row = Record<string, unknown>;

export interface BillingState {
  plans: Row[];
  customers: Map<string, Row>;
  subscriptions: Map<string, Row>;
  invoices: Row[];
  hostedPages: Map<string, Row>;
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res
    .writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
    .end(JSON.stringify(body));

export const zohoId = () => `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`;

const plan = (
  plan_code: string,
  name: string,
  description: string,
  price: number,
  unit: string,
) => ({
  plan_code,
  name,
  description,
  recurring_price: price,
  interval: 1,
  interval_unit: unit,
  status: 'active',
});

export const createBillingState = (): BillingState => ({
  plans: [
    plan('basic-monthly', 'Basic Monthly', 'Basic, monthly', 29, 'months'),
    plan('pro-yearly', 'Pro Yearly', 'Pro, yearly', 790, 'years'),
    plan('legacy-weekly', 'Legacy Weekly', 'Old weekly plan', 5, 'weeks'),
  ],
  customers: new Map(),
  subscriptions: new Map(),
  invoices: [],
  hostedPages: new Map(),
});

type PageAction = 'new_subscription' | 'update_subscription' | 'update_card';
const pagePath: Record<PageAction, string> = {
  new_subscription: 'checkout',
  update_subscription: 'updatesubscription',
  update_card: 'updatecard',
};

function hostedPage(state: BillingState, action: PageAction, data: Row) {
  const hostedpage_id = randomBytes(24).toString('hex');
  const page = {
    hostedpage_id,
    status: 'fresh',
    url: `https://billing.zoho.com/hostedpage/${hostedpage_id}/${pagePath[action]}`,
    action,
    expiring_time: new Date(Date.now() + 3_600_000).toISOString(),
    created_time: new Date().toISOString(),
    ...data,
  };
  state.hostedPages.set(hostedpage_id, page);
  return page;
}

const ok = (res: ServerResponse, status: number, key: string, value: unknown) =>
  json(res, status, { code: 0, message: 'success', [key]: value });
const fail = (res: ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { code, message });
/** A list page as Zoho answers it: `page` and `per_page` (default 200) in the query. */
function listed(res: ServerResponse, key: string, rows: Row[], query: Record<string, string>) {
  const page = Math.max(1, Number(query.page ?? 1));
  const perPage = Math.min(200, Math.max(1, Number(query.per_page ?? 200)));
  json(res, 200, {
    code: 0,
    message: 'success',
    [key]: rows.slice((page - 1) * perPage, page * perPage),
    page_context: { page, per_page: perPage, has_more_page: rows.length > page * perPage },
  });
}

/** Zoho lists subscriptions flat: the plan's code and name beside the subscription's. */
const flatSubscription = (s: Row) => ({
  subscription_id: s.subscription_id,
  name: s.name,
  status: s.status,
  customer_id: s.customer_id,
  plan_code: (s.plan as Row | undefined)?.plan_code,
  plan_name: (s.plan as Row | undefined)?.name,
  created_time: s.created_time,
  current_term_ends_at: s.current_term_ends_at,
});

export function handleBilling(
  state: BillingState,
  request: { method: string; path: string; query: Record<string, string>; body: Row },
  res: ServerResponse,
) {
  const { method, path, query, body } = request;
  if (method === 'GET' && path === '/plans') return listed(res, 'plans', state.plans, query);
  if (method === 'POST' && path === '/customers') {
    if (!body.display_name) return fail(res, 400, 1001, 'Display name is required');
    const customer = { customer_id: zohoId(), display_name: body.display_name, email: body.email };
    state.customers.set(customer.customer_id, { ...customer, company_name: body.company_name });
    return ok(res, 201, 'customer', customer);
  }
  if (method === 'POST' && path === '/hostedpages/newsubscription') {
    const planCode = (body.plan as { plan_code?: string } | undefined)?.plan_code;
    if (!state.customers.has(String(body.customer_id))) {
      return fail(res, 400, 3004, 'Customer does not exist.');
    }
    if (!state.plans.some((p) => p.plan_code === planCode)) {
      return fail(res, 400, 2001, 'Plan does not exist.');
    }
    const page = hostedPage(state, 'new_subscription', {
      customer_id: body.customer_id,
      plan_code: planCode,
    });
    return ok(res, 201, 'hostedpage', page);
  }
  if (method === 'POST' && path === '/hostedpages/updatesubscription') {
    const planCode = (body.plan as { plan_code?: string } | undefined)?.plan_code;
    if (!state.subscriptions.has(String(body.subscription_id))) {
      return fail(res, 404, 1002, 'Subscription does not exist.');
    }
    if (!state.plans.some((p) => p.plan_code === planCode)) {
      return fail(res, 400, 2001, 'Plan does not exist.');
    }
    const page = hostedPage(state, 'update_subscription', {
      subscription_id: body.subscription_id,
      plan_code: planCode,
    });
    return ok(res, 201, 'hostedpage', page);
  }
  if (method === 'POST' && path === '/hostedpages/updatecard') {
    if (!state.subscriptions.has(String(body.subscription_id))) {
      return fail(res, 404, 1002, 'Subscription does not exist.');
    }
    const page = hostedPage(state, 'update_card', { subscription_id: body.subscription_id });
    return ok(res, 201, 'hostedpage', page);
  }
  // Cancel a subscription: at once with cancel_at_end=false, else at the term's end.
  const cancelId = /^\/subscriptions\/([^/]+)\/cancel$/.exec(path)?.[1];
  if (method === 'POST' && cancelId) {
    const found = state.subscriptions.get(decodeURIComponent(cancelId));
    if (!found) return fail(res, 404, 1002, 'Subscription does not exist.');
    if (query.cancel_at_end === 'false') found.status = 'cancelled';
    else found.status = 'non_renewing';
    return ok(res, 200, 'subscription', found);
  }
  const subscriptionId = /^\/subscriptions\/([^/]+)$/.exec(path)?.[1];
  if (method === 'GET' && subscriptionId) {
    const found = state.subscriptions.get(decodeURIComponent(subscriptionId));
    if (!found) return fail(res, 404, 1002, 'Subscription does not exist.');
    return ok(res, 200, 'subscription', found);
  }
  if (method === 'GET' && path === '/subscriptions') {
    const rows = [...state.subscriptions.values()].filter(
      (s) => s.customer_id === query.customer_id,
    );
    return listed(res, 'subscriptions', rows.map(flatSubscription), query);
  }
  if (method === 'GET' && path === '/invoices') {
    return listed(
      res,
      'invoices',
      state.invoices.filter((i) => i.customer_id === query.customer_id),
      query,
    );
  }
  const invoiceId = /^\/invoices\/([^/]+)$/.exec(path)?.[1];
  if (method === 'GET' && invoiceId && query.accept === 'pdf') {
    if (!state.invoices.some((i) => i.invoice_id === invoiceId)) {
      return fail(res, 404, 1002, 'Invoice does not exist.');
    }
    return res
      .writeHead(200, { 'content-type': 'application/pdf' })
      .end(`%PDF-1.4\n% fake Zoho invoice ${invoiceId}\n%%EOF\n`);
  }
  return fail(res, 404, 5, 'Invalid URL Passed');
}

/**
 * What Zoho does when the customer pays on the hosted page: a new live subscription, or
 * for an update-subscription page, the same subscription on the new plan and live again.
 */
export function completeCheckout(state: BillingState, hostedPageId: string): Row {
  const page = state.hostedPages.get(hostedPageId);
  if (!page) throw new Error(`no hosted page ${hostedPageId}`);
  const plan = state.plans.find((p) => p.plan_code === page.plan_code);
  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const existing =
    page.action === 'update_subscription'
      ? state.subscriptions.get(String(page.subscription_id))
      : undefined;
  const subscription = {
    subscription_id: zohoId(),
    customer_id: page.customer_id,
    created_time: new Date().toISOString(),
    ...existing,
    name: String(plan?.name),
    status: 'live',
    plan: { plan_code: page.plan_code, name: plan?.name },
    current_term_starts_at: day(0),
    current_term_ends_at: day(30),
  };
  state.subscriptions.set(String(subscription.subscription_id), subscription);
  page.status = 'paid';
  return subscription;
}
