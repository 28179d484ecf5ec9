import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import { Button, Details, Layout, Paragraph, renderMail, renderTextMailHtml } from './index.ts';

// The frame and blocks every mail is built from. Each sample is also written to
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

const composed = (name: string) =>
  h(
    Layout,
    { subject: `Welcome, ${name}`, preheader: 'Your portal is ready', reason: 'You signed up.' },
    h(Paragraph, null, `Hello ${name},`),
    h(Paragraph, null, 'First line\nSecond line, see https://portal.example.com/help'),
    h(Button, {
      href: 'https://portal.example.com/start',
      lead: 'Start here:',
      // biome-ignore lint/correctness/noChildrenProp: createElement in a .ts test
      children: 'Open the portal',
    }),
    h(Details, {
      rows: [
        ['Name', name],
        ['Company', null],
        ['Plan', 'Pro'],
      ],
    }),
    h(Paragraph, null, brand.name),
  );

describe('mail components', () => {
  it('give the text part and the HTML part from one component', async () => {
    const mail = await renderMail('Welcome', composed('Ada <script>alert(1)</script> & "Co"'));
    expect(mail.subject).toBe('Welcome');
    expect(mail.text).toBe(
      [
        'Hello Ada <script>alert(1)</script> & "Co",',
        '',
        'First line',
        'Second line, see https://portal.example.com/help',
        '',
        'Start here:',
        'https://portal.example.com/start',
        '',
        'Name: Ada <script>alert(1)</script> & "Co"',
        'Plan: Pro',
        '',
        brand.name,
        '',
      ].join('\n'),
    );
    expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(mail.html).toContain(brand.name);
    expect(mail.html).toContain(brand.email);
    expect(mail.html).toContain('You signed up.');
    expect(mail.html).toContain('Your portal is ready');
    expect(mail.html).toContain('href="https://portal.example.com/start"');
    expect(mail.html).toContain('Open the portal');
    expect(mail.html).toContain('href="https://portal.example.com/help"');
    expect(mail.html).toContain('First line</span><span><br/>Second line');
    // A row without a value is left out of both parts.
    expect(mail.html).not.toContain('Company');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  });

  it('frame a plain text body: paragraphs, links, and a link alone on its line as a button', async () => {
    const html = await renderTextMailHtml(samples.invite);
    expect(html).toContain(brand.name);
    expect(html).toMatch(/<h1[^>]*>Ada invited you to join Engines Ltd<\/h1>/);
    expect(html).toContain('href="https://portal.example.com/invite/abc123"');
    expect(html).toContain('Open link');
    expect(html).toContain('The link works for 7 days.');
    const invoice = await renderTextMailHtml(samples.invoice);
    expect(invoice).toContain('href="https://portal.example.com/billing"');
    expect(invoice).toContain('Please quote INV-000042 with your payment.');
    expect(invoice).toMatch(/with your payment\.(<\/span>)?<span><br\/>ACH or wire transfer/);
  });

  it('escape whatever a plain text body holds', async () => {
    const html = await renderTextMailHtml(samples.hostile);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
  });

  it('write previews of each sample', async () => {
    const dir = join('.tmp', 'mail-previews');
    mkdirSync(dir, { recursive: true });
    for (const [name, mail] of Object.entries(samples)) {
      writeFileSync(join(dir, `text-${name}.html`), await renderTextMailHtml(mail));
    }
    writeFileSync(join(dir, 'composed.html'), (await renderMail('x', composed('Ada'))).html);
    expect(Object.keys(samples)).toHaveLength(3);
  });
});
