import { z } from 'zod';
import { type AppContacts, createAppContacts } from './apps.ts';
import { createAccessTokenSource, type SharedTokenStore } from './oauth.ts';
import {
  type CrmContactInput,
  CrmErrorSchema,
  CrmInsertAnswerSchema,
  CrmSearchAnswerSchema,
  EnvelopeSchema,
  PageContextSchema,
  ZohoCustomerSchema,
  ZohoError,
  type ZohoHostedPage,
  ZohoHostedPageSchema,
  type ZohoInvoice,
  ZohoInvoiceSchema,
  type ZohoOptions,
  type ZohoPlan,
  ZohoPlanSchema,
  type ZohoSubscription,
  type ZohoSubscriptionItem,
  ZohoSubscriptionItemSchema,
  ZohoSubscriptionSchema,
} from './types.ts';

// The one way the server talks to Zoho (DESIGN §3 integrations): Billing for plans,
// customers, hosted pages, subscriptions and invoices; CRM for contacts. Every call
// carries `Authorization: Zoho-oauthtoken <token>`; Billing calls also the organisation
// header. A token Zoho refuses (401) is refreshed once and the call repeated; a fresh token
// refused too is Zoho's answer to tell (usually a scope the refresh token lacks), not a
// reason to mint another on every call (oauth.ts).

export interface ZohoClient extends AppContacts {
  listPlans(): Promise<ZohoPlan[]>;
  createCustomer(input: {
    display_name: string;
    email: string;
    company_name?: string;
  }): Promise<string>;
  newSubscriptionPage(input: {
    customer_id: string;
    plan_code: string;
    redirect_url: string;
  }): Promise<ZohoHostedPage>;
  updateCardPage(input: { subscription_id: string; redirect_url: string }): Promise<ZohoHostedPage>;
  /** Zoho's page for changing an existing subscription (its plan), paid there. */
  updateSubscriptionPage(input: {
    subscription_id: string;
    plan_code: string;
    redirect_url: string;
  }): Promise<ZohoHostedPage>;
  getSubscription(subscriptionId: string): Promise<ZohoSubscription | null>;
  /** Cancels now (`cancel_at_end=false`), not at the term's end; Zoho answers the subscription. */
  cancelSubscription(subscriptionId: string): Promise<ZohoSubscription>;
  /** Every subscription of the customer, as Zoho lists them (flat items). */
  listSubscriptions(customerId: string): Promise<ZohoSubscriptionItem[]>;
  listInvoices(customerId: string): Promise<ZohoInvoice[]>;
  /** The invoice as Zoho renders it (application/pdf), or null when Zoho does not know it. */
  invoicePdf(invoiceId: string): Promise<Buffer | null>;
  createCrmContact(input: CrmContactInput): Promise<string>;
  /** The id of the CRM contact with this e-mail, or null. */
  findCrmContact(email: string): Promise<string | null>;
  /** The id of the CRM Account with exactly this name, created when there is none. */
  crmAccountId(name: string): Promise<string>;
}

interface Call {
  api: 'billing' | 'crm' | 'books' | 'desk';
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  accept?: string;
}

/** Zoho answers 429 when over its rate limit and 5xx when briefly unwell: wait, try again. */
const RETRY_DELAYS_MS = [500, 2_000];
const MAX_RETRY_AFTER_MS = 10_000;
/** Pages read from one list at most (200 rows each). */
const MAX_PAGES = 50;

const isRetryable = (call: Call, status: number) =>
  status === 429 || (call.method === 'GET' && status >= 500);

function retryDelay(response: Response, attempt: number) {
  const seconds = Number(response.headers.get('retry-after'));
  const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return Math.min(Math.max(asked, RETRY_DELAYS_MS[attempt] ?? 0), MAX_RETRY_AFTER_MS);
}

export function createZohoClient(options: ZohoOptions, tokenStore?: SharedTokenStore): ZohoClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = createAccessTokenSource(options, timeoutMs, tokenStore);
  const base = {
    billing: options.billingApiUrl,
    crm: options.crmApiUrl,
    books: options.books?.apiUrl ?? '',
    desk: options.desk?.apiUrl ?? '',
  };

  /** send() with 429 (any call) and 5xx (GET only: a POST may have happened) retried. */
  async function sendRetrying(call: Call): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(call);
      if (attempt >= RETRY_DELAYS_MS.length || !isRetryable(call, response.status)) {
        return response;
      }
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, retryDelay(response, attempt)));
    }
  }

  async function send(call: Call, retried = false): Promise<Response> {
    const token = await tokens.get();
    const url = new URL(`${base[call.api].replace(/\/$/, '')}${call.path}`);
    const query = {
      ...(call.api === 'books' && { organization_id: options.books?.organizationId ?? '' }),
      ...call.query,
    };
    if (Object.keys(query).length) url.search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = {
      authorization: `Zoho-oauthtoken ${token}`,
      accept: call.accept ?? 'application/json',
    };
    if (call.api === 'billing') {
      headers['x-com-zoho-subscriptions-organizationid'] = options.organizationId;
    }
    if (call.api === 'desk') headers.orgId = options.desk?.orgId ?? '';
    if (call.body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
    let response: Response;
    try {
      response = await fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ZohoError(0, `Zoho could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 401 && retried) tokens.refusedFresh(token);
    if (response.status === 401 && !retried && tokens.invalidate(token)) {
      await response.body?.cancel();
      return send(call, true);
    }
    return response;
  }

  /** A Billing call answering JSON with code 0; `key` is the field holding the data. */
  async function billing<T>(call: Omit<Call, 'api'>, key: string, schema: z.ZodType<T>) {
    return (await billingAnswer(call, key, schema)).data;
  }

  /** Every page of a Billing list, following page_context.has_more_page. */
  async function billingList<T>(call: Omit<Call, 'api'>, key: string, schema: z.ZodType<T>) {
    const rows: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = { ...call.query, page: String(page), per_page: '200' };
      const answer = await billingAnswer({ ...call, query }, key, z.array(schema));
      rows.push(...answer.data);
      if (!answer.hasMore) break;
    }
    return rows;
  }

  async function billingAnswer<T>(call: Omit<Call, 'api'>, key: string, schema: z.ZodType<T>) {
    const response = await sendRetrying({ ...call, api: 'billing' });
    const json: unknown = await response.json().catch(() => null);
    const envelope = EnvelopeSchema.safeParse(json);
    if (!response.ok || !envelope.success || envelope.data.code !== 0) {
      const message = envelope.success ? envelope.data.message : undefined;
      throw new ZohoError(
        response.status,
        `Zoho Billing ${call.method} ${call.path} failed: ${message ?? `HTTP ${response.status}`}`,
        envelope.success ? envelope.data.code : undefined,
      );
    }
    const record = json as Record<string, unknown>;
    const data = schema.safeParse(record[key]);
    if (!data.success) {
      throw new ZohoError(response.status, `Zoho Billing ${call.path}: unexpected answer shape`);
    }
    const pages = PageContextSchema.safeParse(record.page_context);
    return { data: data.data, hasMore: pages.success && pages.data.has_more_page === true };
  }

  /** Inserts one CRM record; its id, or Zoho's code and message for a refused one. */
  async function crmInsert(module: string, what: string, record: object) {
    const response = await sendRetrying({
      api: 'crm',
      method: 'POST',
      path: `/${module}`,
      body: { data: [record] },
    });
    const json: unknown = await response.json().catch(() => null);
    const parsed = CrmInsertAnswerSchema.safeParse(json);
    // A refused request is one error object; a refused record is an error row.
    const failure = parsed.success ? parsed.data.data[0] : CrmErrorSchema.safeParse(json).data;
    const row = parsed.success ? parsed.data.data[0] : undefined;
    if (!response.ok || !row || row.code !== 'SUCCESS' || !row.details?.id) {
      const reason = failure?.message ?? failure?.code ?? `HTTP ${response.status}`;
      throw new ZohoError(
        response.status,
        `Zoho CRM ${what} create failed: ${reason}`,
        failure?.code,
      );
    }
    return row.details.id;
  }

  /** A CRM search: the records found, none when Zoho answers 204. */
  async function crmSearch(module: string, query: Record<string, string>) {
    const call: Call = { api: 'crm', method: 'GET', path: `/${module}/search`, query };
    const response = await sendRetrying(call);
    if (response.status === 204) return [];
    const json: unknown = await response.json().catch(() => null);
    const parsed = CrmSearchAnswerSchema.safeParse(json);
    if (!response.ok || !parsed.success) {
      const failure = CrmErrorSchema.safeParse(json).data;
      throw new ZohoError(
        response.status,
        `Zoho CRM ${module} search failed: ${failure?.message ?? `HTTP ${response.status}`}`,
        failure?.code,
      );
    }
    return parsed.data.data;
  }

  return {
    ...createAppContacts(sendRetrying, options),
    listPlans: () =>
      billingList(
        { method: 'GET', path: '/plans', query: { filter_by: 'PlanStatus.ACTIVE' } },
        'plans',
        ZohoPlanSchema,
      ),

    async createCustomer(input) {
      const customer = await billing(
        { method: 'POST', path: '/customers', body: input },
        'customer',
        ZohoCustomerSchema,
      );
      return customer.customer_id;
    },

    newSubscriptionPage: (input) =>
      billing(
        {
          method: 'POST',
          path: '/hostedpages/newsubscription',
          body: {
            customer_id: input.customer_id,
            plan: { plan_code: input.plan_code },
            redirect_url: input.redirect_url,
          },
        },
        'hostedpage',
        ZohoHostedPageSchema,
      ),

    updateSubscriptionPage: (input) =>
      billing(
        {
          method: 'POST',
          path: '/hostedpages/updatesubscription',
          body: {
            subscription_id: input.subscription_id,
            plan: { plan_code: input.plan_code },
            redirect_url: input.redirect_url,
          },
        },
        'hostedpage',
        ZohoHostedPageSchema,
      ),

    updateCardPage: (input) =>
      billing(
        {
          method: 'POST',
          path: '/hostedpages/updatecard',
          body: { ...input, auto_collect: true },
        },
        'hostedpage',
        ZohoHostedPageSchema,
      ),

    async getSubscription(subscriptionId) {
      try {
        return await billing(
          { method: 'GET', path: `/subscriptions/${encodeURIComponent(subscriptionId)}` },
          'subscription',
          ZohoSubscriptionSchema,
        );
      } catch (error) {
        if (error instanceof ZohoError && error.status === 404) return null;
        throw error;
      }
    },

    cancelSubscription: (subscriptionId) =>
      billing(
        {
          method: 'POST',
          path: `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
          query: { cancel_at_end: 'false' },
        },
        'subscription',
        ZohoSubscriptionSchema,
      ),

    listSubscriptions: (customerId) =>
      billingList(
        { method: 'GET', path: '/subscriptions', query: { customer_id: customerId } },
        'subscriptions',
        ZohoSubscriptionItemSchema,
      ),

    listInvoices: (customerId) =>
      billingList(
        { method: 'GET', path: '/invoices', query: { customer_id: customerId } },
        'invoices',
        ZohoInvoiceSchema,
      ),

    async invoicePdf(invoiceId) {
      const response = await sendRetrying({
        api: 'billing',
        method: 'GET',
        path: `/invoices/${encodeURIComponent(invoiceId)}`,
        query: { accept: 'pdf' },
        accept: 'application/pdf',
      });
      if (response.status === 404) return null;
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('pdf')) {
        throw new ZohoError(
          response.status,
          `Zoho Billing invoice PDF failed: HTTP ${response.status}`,
        );
      }
      return Buffer.from(await response.arrayBuffer());
    },

    createCrmContact: (input) => crmInsert('Contacts', 'contact', input),

    async findCrmContact(email) {
      const [contact] = await crmSearch('Contacts', { email });
      return contact?.id ?? null;
    },

    async crmAccountId(name) {
      // `equals` matches like contains: keep only the account with this very name.
      const criteria = `(Account_Name:equals:${name.replace(/[(),\\]/g, '\\$&')})`;
      const accounts = await crmSearch('Accounts', { criteria });
      const same = accounts.find(
        (a) => String(a.Account_Name ?? '').toLowerCase() === name.toLowerCase(),
      );
      return same?.id ?? crmInsert('Accounts', 'account', { Account_Name: name });
    },
  };
}
