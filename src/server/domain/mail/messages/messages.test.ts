import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import type { RenderedMail } from '../components/index.ts';
import { accountClosedMail } from './account-closed.tsx';
import { alertMail } from './alert.tsx';
import { billingMail } from './billing.tsx';
import { catalogApprovedMail, catalogDeclinedMail } from './catalog-answer.tsx';
import { catalogRequestMail } from './catalog-request.tsx';
import { dataExportMail } from './data-export.tsx';
import { emailChangeMail, emailChangeNoticeMail } from './email-change.tsx';
import { enquiryMail } from './enquiry.tsx';
import { passwordResetMail } from './password-reset.tsx';
import { priceWithoutPlanMail } from './price-without-plan.tsx';
import { runNoticeMail } from './run-notice.tsx';
import { runSummaryMail } from './run-summary.tsx';
import { teamInviteMail } from './team-invite.tsx';
import { verifyEmailMail } from './verify-email.tsx';

// Every mail the product sends, rendered from its component: both parts say the same
// thing, the HTML carries the brand and the links as buttons, and what a person typed is
// escaped. Each is also written to .tmp/mail-previews/ to be opened in a browser.

const HOSTILE = 'Ada <script>alert(1)</script>';
const URL = /https?:\/\/[^\s<>"]+/g;

/** The words a reader sees in the HTML part: tags dropped, entities undone. */
function visibleText(html: string): string {
  return (
    html
      .replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div><\/div>/, '')
      // A details row is its label cell and its value cell: read as "Label: value".
      .replace(/<\/td><td[^>]*>/g, ': ')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
  );
}

/** Every sentence of the text part is in the HTML part, and every address is a link. */
function expectSameContent(mail: RenderedMail) {
  const visible = visibleText(mail.html);
  for (const line of mail.text.split('\n').filter((l) => l.trim())) {
    for (const piece of line.split(URL).map((p) => p.trim())) {
      if (piece) expect(visible, `"${piece}" in the HTML`).toContain(piece);
    }
    // An address in an attribute has its & written as &amp;, as HTML wants.
    for (const href of line.match(URL) ?? []) {
      expect(mail.html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    }
  }
}

function expectBranded(mail: RenderedMail) {
  expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
  expect(mail.html).toContain(brand.name);
  expect(mail.html).toContain(`mailto:${brand.email}`);
  expect(mail.html).toContain('You get this e-mail because');
  expect(mail.html).toContain(
    `>${mail.subject.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</h1>`,
  );
  expect(mail.html).not.toContain('<script>');
  expectSameContent(mail);
}

const portal = 'https://portal.example.com';
const mails = {
  'password-reset': () =>
    passwordResetMail({ link: `${portal}/reset-password/tok123`, minutes: 60 }),
  'team-invite': () =>
    teamInviteMail({
      inviter: HOSTILE,
      team: 'Engines & Co',
      role: 'member',
      link: `${portal}/invite/tok456`,
      expires: 'Fri, 04 Dec 2026 12:00:00 GMT',
    }),
  'verify-email': () =>
    verifyEmailMail({
      name: HOSTILE,
      link: `${portal}/verify-email/tokA`,
      hours: 48,
      welcome: true,
    }),
  'verify-email-again': () =>
    verifyEmailMail({
      name: 'Ada',
      link: `${portal}/verify-email/tokB`,
      hours: 48,
      welcome: false,
    }),
  'email-change': () =>
    emailChangeMail({
      name: HOSTILE,
      oldEmail: 'ada@example.com',
      newEmail: 'ada@engines.example',
      link: `${portal}/verify-email/tokC`,
      hours: 48,
    }),
  'email-change-notice': () =>
    emailChangeNoticeMail({
      name: 'Ada',
      oldEmail: 'ada@example.com',
      newEmail: 'ada@engines.example',
    }),
  'data-export': () => dataExportMail({ link: `${portal}/api/account/export/tok789`, hours: 24 }),
  enquiry: () =>
    enquiryMail({
      name: HOSTILE,
      email: 'ada@example.com',
      company: null,
      phone: '612 555 0100',
      interest: 'Automation & AI Agents',
      message: 'We need our invoices synced nightly.\n\nSee https://engines.example.com/about',
    }),
  'catalog-request': () =>
    catalogRequestMail({
      requester: { name: HOSTILE, email: 'ada@example.com' },
      client: 'Ada (Engines Ltd)',
      clientEmail: 'owner@example.com',
      plan: 'Basic',
      template: { name: 'Invoice sync', slug: 'invoice-sync' },
      requestId: '6f1c1e0a-0000-4000-8000-000000000001',
    }),
  'catalog-approved': () =>
    catalogApprovedMail({ template: 'Invoice sync', processesUrl: `${portal}/client/processes` }),
  'catalog-declined': () =>
    catalogDeclinedMail({
      template: 'Invoice sync',
      reason: `Not for your plan ${HOSTILE}`,
      catalogUrl: `${portal}/catalog`,
    }),
  billing: () =>
    billingMail({
      name: HOSTILE,
      subject: 'Invoice INV-000042 for $79.00',
      paragraphs: [
        'Invoice INV-000042 is ready: Pro Monthly subscription, $79.00, due Dec 9, 2026 (Central Time).',
        'Please quote INV-000042 with your payment.\nACH or wire transfer: First Lakes Bank.',
      ],
      lead: 'See it and download the PDF on Billing:',
      billingUrl: `${portal}/billing`,
    }),
  'price-without-plan': () =>
    priceWithoutPlanMail({
      who: 'Ada (Engines Ltd)',
      email: 'ada@example.com',
      subscriptionId: 'sub_1',
      priceId: 'price_1',
      nickname: 'Legacy',
      plan: 'Basic',
      syncUrl: `${portal}/admin/zoho`,
    }),
  'run-summary': () =>
    runSummaryMail({
      name: 'Ada',
      lines: ['- Nightly export: 1 failed run', '- Lead intake: 3 failed runs'],
      processesUrl: `${portal}/client/processes`,
    }),
  'run-notice': () =>
    runNoticeMail({
      name: 'Ada',
      subject: 'Run failed: Invoice sync',
      lines: [`"Invoice sync" failed: ${HOSTILE}`],
      link: `${portal}/client/processes?runs=abc`,
    }),
  'account-closed': () =>
    accountClosedMail({
      name: 'Ada',
      companyName: 'Engines Ltd',
      closedOn: '2026-11-28',
      eraseAfterDays: 30,
    }),
  alert: () =>
    alertMail({
      subject: 'Failing: Invoice sync of Ada Engines',
      lines: ['Client: Ada Engines', 'Failures in a row: 3', `Last error: ${HOSTILE}`],
      link: `${portal}/admin/runs?processId=abc&outcome=failed`,
      linkLabel: 'See its failures',
    }),
};

describe('every mail', () => {
  for (const [kind, make] of Object.entries(mails)) {
    it(`${kind}: branded HTML that says what the text says`, async () => {
      const mail = await make();
      expectBranded(mail);
      mkdirSync(join('.tmp', 'mail-previews'), { recursive: true });
      writeFileSync(join('.tmp', 'mail-previews', `${kind}.html`), mail.html);
    });
  }
});

describe('the text part', () => {
  it('is the text these mails always had', async () => {
    expect((await mails['password-reset']()).text).toBe(
      [
        `Someone (hopefully you) asked to reset the password of your ${brand.name} account.`,
        '',
        'Choose a new password here:',
        `${portal}/reset-password/tok123`,
        '',
        'The link works once, for 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
        '',
      ].join('\n'),
    );
    expect((await mails.enquiry()).text).toBe(
      [
        `Name: ${HOSTILE}`,
        'Email: ada@example.com',
        'Phone: 612 555 0100',
        'Interest: Automation & AI Agents',
        '',
        'We need our invoices synced nightly.',
        '',
        'See https://engines.example.com/about',
        '',
      ].join('\n'),
    );
    expect((await mails['run-notice']()).text).toBe(
      [
        'Hello Ada,',
        '',
        `"Invoice sync" failed: ${HOSTILE}`,
        '',
        `See the run history: ${portal}/client/processes?runs=abc`,
        '',
        brand.name,
        '',
      ].join('\n'),
    );
  });

  it('shows a one-time link as a button whose address is spelled out', async () => {
    const mail = await mails['team-invite']();
    expect(mail.html).toContain(`href="${portal}/invite/tok456"`);
    expect(mail.html).toContain('Accept the invitation</span>');
    expect(mail.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; invited you');
    expect(mail.text).toContain(
      `Accept the invitation here (sign in, or create an account with this e-mail address):\n${portal}/invite/tok456`,
    );
  });
});
