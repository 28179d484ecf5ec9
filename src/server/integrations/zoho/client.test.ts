import { describe, expect, it } from 'vitest';
import { startFakeZoho } from '#test/support/fake-zoho.ts';
import { createZohoClient } from './client.ts';

// Zoho Billing lists in pages of at most 200 (page_context.has_more_page), answers 429
// over its rate limit and now and then 5xx: the client reads every page and waits and
// tries again where that is safe.

const fake = await startFakeZoho();
const zoho = createZohoClient(fake.options);
const calls = (path: string) => fake.received.filter((r) => r.path === path).length;

describe('zoho billing client', () => {
  it('follows page_context.has_more_page through every page of invoices', async () => {
    const customer_id = 'cust-paged';
    for (let n = 1; n <= 450; n++) {
      fake.invoices.push({
        invoice_id: `inv-${n}`,
        number: `INV-${String(n).padStart(5, '0')}`,
        status: 'paid',
        invoice_date: '2026-01-01',
        total: 29,
        customer_id,
      });
    }
    const before = calls('/billing/v1/invoices');
    const invoices = await zoho.listInvoices(customer_id);
    expect(invoices).toHaveLength(450);
    expect(new Set(invoices.map((i) => i.invoice_id)).size).toBe(450);
    expect(calls('/billing/v1/invoices') - before).toBe(3);
  });

  it('waits and tries again after 429 and after a 5xx on a read', async () => {
    fake.answerNext(429, 2);
    await expect(zoho.listPlans()).resolves.toHaveLength(3);
    fake.answerNext(503, 1);
    await expect(zoho.getSubscription('nope')).resolves.toBeNull();
  });

  it('gives up after three tries, with Zoho’s message', async () => {
    fake.answerNext(503, 3);
    await expect(zoho.listPlans()).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('Internal error.'),
    });
  });

  it('does not repeat a write Zoho may have done (5xx), but does after a 429', async () => {
    fake.answerNext(503, 1);
    await expect(
      zoho.createCustomer({ display_name: 'Once Only', email: 'once@example.test' }),
    ).rejects.toMatchObject({ status: 503 });
    fake.answerNext(429, 1);
    await expect(
      zoho.createCustomer({ display_name: 'Rate Limited', email: 'rl@example.test' }),
    ).resolves.toMatch(/^\d+$/);
  });
});
