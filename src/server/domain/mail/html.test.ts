import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import { renderMailHtml } from './html.tsx';

// The HTML part of mail, rendered from the text. Each sample is also written to
// .tmp/mail-previews/ so a person can open what clients receive in a browser.

const samples = {
  invite: {
    subject: 'Ada invited you to join Engines Ltd',
    text: 'Ada invited you to join Engines Ltd as a team member.\n\nAccept the invitation here:\nhttps://portal.example.com/invite/abc123\n\nThe link works for 7 days.',
  },
  invoice: {
    subject: 'Invoice INV-000042 for $79.00',
    text: 'Hello Pat,\n\nInvoice INV-000042 is ready: Pro Monthly subscription, $79.00, due Dec 9, 2026.\n\nPlease quote INV-000042 with your payment.\nACH or wire transfer: First Lakes Bank, routing number 091000019.\n\nSee it on Billing: https://portal.example.com/billing',
  },
  hostile: {
    subject: 'Run failed: <script>alert(1)</script>',
    text: 'The workflow answered: <img src=x onerror=alert(1)> & "quotes"',
  },
};

describe('mail HTML', () => {
  it('carries the brand, every paragraph, and the links of the text', () => {
    const html = renderMailHtml(samples.invite);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(brand.name);
    expect(html).toContain(
      '<h1 style="font-size:20px;margin:0 0 16px">Ada invited you to join Engines Ltd</h1>',
    );
    // A line that is only a link is a button, with the address spelled out under it.
    expect(html).toContain('href="https://portal.example.com/invite/abc123"');
    expect(html).toContain('>Open link</a>');
    const invoice = renderMailHtml(samples.invoice);
    expect(invoice).toContain('<a href="https://portal.example.com/billing"');
    expect(invoice).toContain(
      'Please quote INV-000042 with your payment.<br/>ACH or wire transfer',
    );
  });

  it('escapes whatever the text holds', () => {
    const html = renderMailHtml(samples.hostile);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
  });

  it('writes previews of each sample', () => {
    const dir = join('.tmp', 'mail-previews');
    mkdirSync(dir, { recursive: true });
    for (const [name, mail] of Object.entries(samples)) {
      writeFileSync(join(dir, `${name}.html`), renderMailHtml(mail));
    }
    expect(Object.keys(samples)).toHaveLength(3);
  });
});
