import { z } from 'zod';
import type { ZohoCall, ZohoSend } from './send.ts';
import { EnvelopeSchema, PageContextSchema, ZohoError } from './types.ts';

// Reading Zoho Billing's answers: JSON with `code` 0 on success and the data under a key
// named for it ("plans", "subscription"…); lists come in pages of at most 200.

type BillingCall = Omit<ZohoCall, 'api'>;

/** Pages read from one list at most (200 rows each). */
const MAX_PAGES = 50;

/** A Billing call answering JSON with code 0; `key` is the field holding the data. */
export async function billingCall<T>(
  send: ZohoSend,
  call: BillingCall,
  key: string,
  schema: z.ZodType<T>,
) {
  return (await billingAnswer(send, call, key, schema)).data;
}

/** Every page of a Billing list, following page_context.has_more_page. */
export async function billingList<T>(
  send: ZohoSend,
  call: BillingCall,
  key: string,
  schema: z.ZodType<T>,
) {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = { ...call.query, page: String(page), per_page: '200' };
    const answer = await billingAnswer(send, { ...call, query }, key, z.array(schema));
    rows.push(...answer.data);
    if (!answer.hasMore) break;
  }
  return rows;
}

async function billingAnswer<T>(
  send: ZohoSend,
  call: BillingCall,
  key: string,
  schema: z.ZodType<T>,
) {
  const response = await send({ ...call, api: 'billing' });
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
