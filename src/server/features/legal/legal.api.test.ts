import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, legalDefaults } from '#server/db/schema.ts';
import { type LegalTemplate, legalMessages, type TemplateSchemaResponse } from '#shared/legal.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

const get = (url: string, token = admin.token) => t.injectAs(token, { method: 'GET', url });
const post = (url: string, payload: object, token = admin.token) =>
  t.injectAs(token, { method: 'POST', url, payload });

const metadata = {
  pricing: { setup: 2100, monthly: 400.5 },
  complexityScore: 6,
  estRuns: 5000,
  perRunSalePrice: 0.03,
  baseMonthly: 250.5,
};

/** The text of one file inside a zip (DOCX), read through the central directory. */
function zipEntry(zip: Buffer, name: string): string | null {
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength).toString();
    if (entryName !== name) continue;
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + size);
    return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
  }
  return null;
}

describe('legal templates', () => {
  it('lists the library with categories, use cases and placeholders', async () => {
    const response = await get('/api/legal/templates');
    expect(response.statusCode).toBe(200);
    const list = response.json<LegalTemplate[]>();
    expect(list.length).toBeGreaterThanOrEqual(7);
    const msa = list.find((x) => x.id === 'master-services-agreement');
    expect(msa).toMatchObject({ name: 'Master Services Agreement', category: 'Agreement' });
    expect(msa?.use_cases.length).toBeGreaterThan(0);
    expect(msa?.placeholders).toEqual(expect.arrayContaining(['providerName', 'defaultNetDays']));
    expect(new Set(list.map((x) => x.category))).toEqual(
      new Set(['Agreement', 'Compliance', 'Website', 'Employment', 'Other']),
    );
  });

  it('answers a template schema with its defaults, overridden by saved organization defaults', async () => {
    const before = await get('/api/legal/templates/master-services-agreement/schema');
    expect(before.statusCode).toBe(200);
    const plain = before.json<TemplateSchemaResponse>();
    const names = plain.schema.mergeFields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['clientName', 'defaultGoverningLaw']));
    expect(plain.defaults).toMatchObject({ defaultGoverningLaw: 'Minnesota', defaultNetDays: 30 });
    expect(plain.schema.mergeFields.find((f) => f.name === 'defaultNetDays')?.input).toBe('number');
    // Text-like fields leave the input to the page's guess (SPEC §5).
    expect(plain.schema.mergeFields.find((f) => f.name === 'clientAddress')?.input).toBeUndefined();

    const saved = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/legal/defaults',
      payload: {
        providerName: 'Lakeside Labs',
        defaultNetDays: 45,
        defaultGoverningLaw: 'Wisconsin',
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = (await get('/api/legal/templates/master-services-agreement/schema')).json();
    expect(after.defaults).toMatchObject({
      providerName: 'Lakeside Labs',
      defaultNetDays: 45,
      defaultGoverningLaw: 'Wisconsin',
      defaultLateFeePercent: 1.5,
    });
    // Only the fields the template uses: the privacy policy has no payment terms.
    const policy = (await get('/api/legal/templates/website-privacy-policy/schema')).json();
    expect(policy.defaults.defaultNetDays).toBeUndefined();
    expect(policy.defaults.providerName).toBe('Lakeside Labs');
    await db.delete(legalDefaults).where(eq(legalDefaults.userId, admin.user.id));
  });

  it('answers 404 for an unknown template', async () => {
    const response = await get('/api/legal/templates/no-such-template/schema');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain(legalMessages.templateNotFound);
  });
});

describe('generate', () => {
  it('fills placeholders, marks empty values and audits', async () => {
    const response = await post('/api/legal/generate', {
      templateIds: ['mutual-nda', 'statement-of-work'],
      values: {
        clientName: 'Acme Corp',
        effectiveDate: '2025-04-10',
        defaultGoverningLaw: 'Minnesota',
        providerLegalEntity: '',
        setupFee: 2100,
      },
    });
    expect(response.statusCode).toBe(200);
    const { documents } = response.json();
    expect(documents.map((d: { templateId: string }) => d.templateId)).toEqual([
      'mutual-nda',
      'statement-of-work',
    ]);
    const [nda, sow] = documents;
    expect(nda.name).toBe('Mutual Non-Disclosure Agreement');
    expect(nda.content).toContain('made as of April 10, 2025 between [Provider legal entity]');
    expect(nda.content).toContain('Acme Corp');
    expect(nda.content).toContain('laws of the State of Minnesota');
    expect(nda.content).not.toContain('{{');
    expect(sow.content).toContain('Setup fee: $2,100.00');
    expect(sow.content).toContain('[Monthly fee]');
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.source, 'legal'), eq(auditLogs.userId, admin.user.id)));
    expect(entry?.message).toBe('Generated 2 legal documents');
  });

  it('answers 400 with the spec message when no template is selected', async () => {
    const response = await post('/api/legal/generate', { templateIds: [], values: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select at least one template to generate.');
    const missing = await post('/api/legal/generate', { values: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.templateIds).toBe(legalMessages.noTemplates);
  });

  it('answers 404 when one template does not exist', async () => {
    const response = await post('/api/legal/generate', {
      templateIds: ['mutual-nda', 'nope'],
      values: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('export', () => {
  const content =
    '# Mutual NDA\n\nIntro paragraph.\n\n## 1. Purpose\n\n- first point\n\nSigned\nBy: ____';

  it('returns a real PDF as an attachment', async () => {
    const response = await post('/api/legal/export', {
      format: 'pdf',
      name: 'Mutual NDA',
      content,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="mutual-nda\.pdf"/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-8).toString()).toContain('%%EOF');
  });

  it('returns a real DOCX with the headings and paragraphs kept', async () => {
    const response = await post('/api/legal/export', {
      format: 'docx',
      name: 'Mutual NDA',
      content,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="mutual-nda\.docx"/,
    );
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const xml = zipEntry(response.rawPayload, 'word/document.xml');
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('1. Purpose');
    expect(xml).toContain('Intro paragraph.');
    expect(xml).toContain('<w:br/>');
  });

  it('checks the body', async () => {
    const bad = await post('/api/legal/export', { format: 'txt', name: '', content: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      format: legalMessages.format,
      name: legalMessages.exportNameRequired,
      content: legalMessages.exportContentRequired,
    });
  });
});

describe('drafts', () => {
  it('saves drafts and lists them newest first, and reopens one', async () => {
    const documents = [{ templateId: 'mutual-nda', name: 'Mutual NDA', content: '# NDA' }];
    const first = await post('/api/legal/drafts', {
      clientName: 'First Client',
      projectName: 'Portal',
      documents,
      metadata,
    });
    expect(first.statusCode).toBe(201);
    const second = await post('/api/legal/drafts', {
      clientName: 'Second Client',
      projectName: 'Sync',
      documents,
      metadata: { ...metadata, factors: { apiConnection: 2 }, templateIds: ['mutual-nda'] },
    });
    expect(second.statusCode).toBe(201);
    const id = second.json()._id;

    const list = await get('/api/legal/drafts');
    expect(list.statusCode).toBe(200);
    const rows = list.json();
    expect(rows.slice(0, 2).map((d: { clientName: string }) => d.clientName)).toEqual([
      'Second Client',
      'First Client',
    ]);
    expect(rows[0]).toMatchObject({ _id: id, projectName: 'Sync', documentNames: ['Mutual NDA'] });

    const draft = await get(`/api/legal/drafts/${id}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({
      clientName: 'Second Client',
      documents,
      metadata: { pricing: { setup: 2100, monthly: 400.5 }, factors: { apiConnection: 2 } },
    });
    expect((await get('/api/legal/drafts/not-a-uuid')).statusCode).toBe(404);
    expect((await get('/api/legal/drafts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );

    const audited = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.source, 'legal'),
          eq(auditLogs.message, 'Legal draft saved for Second Client'),
        ),
      );
    expect(audited).toHaveLength(1);
  });

  it('checks a draft with clear messages', async () => {
    const response = await post('/api/legal/drafts', {
      clientName: '',
      documents: [],
      metadata: { ...metadata, complexityScore: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      clientName: legalMessages.clientNameRequired,
      documents: legalMessages.documentsRequired,
    });
  });
});

describe('access', () => {
  it('is for admins only', async () => {
    const client = await createClient(t);
    for (const [method, url] of [
      ['GET', '/api/legal/templates'],
      ['GET', '/api/legal/templates/mutual-nda/schema'],
      ['POST', '/api/legal/generate'],
      ['POST', '/api/legal/export'],
      ['GET', '/api/legal/drafts'],
      ['POST', '/api/legal/drafts'],
    ] as const) {
      const response = await t.injectAs(client.token, {
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/legal/templates' });
    expect(anonymous.statusCode).toBe(401);
    // The organization defaults stay open to clients (they live in Settings).
    expect((await get('/api/legal/defaults', client.token)).statusCode).toBe(200);
  });
});
