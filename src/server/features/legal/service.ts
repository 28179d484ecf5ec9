import { desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { legalDefaults, legalDrafts } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { notFound } from '#server/http/errors.ts';
import {
  type Draft,
  DraftMetadataSchema,
  type DraftSummary,
  type ExportRequest,
  type FieldValue,
  type GeneratedDocument,
  type LegalTemplate,
  legalMessages,
  type SaveDraftInput,
  type TemplateSchemaResponse,
} from '#shared/legal.ts';
import { compactDefaults, LegalDefaultsSchema } from '#shared/legal-defaults.ts';
import { renderExport } from './export.ts';
import { fillTemplate, mergeFieldsOf, placeholdersOf } from './fill.ts';
import { baseDefaults } from './templates/fields.ts';
import { findTemplate, templates } from './templates/index.ts';
import type { TemplateDefinition } from './templates/types.ts';

// The legal suite's logic (SPEC §2 Legal suite, §7): the template library, each
// template's fields with defaults, generation, and drafts. No HTTP here.

export interface Acting {
  userId: string;
  ip: string;
}

export function listTemplates(): LegalTemplate[] {
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category,
    use_cases: t.useCases,
    placeholders: placeholdersOf(t),
  }));
}

function requireTemplate(id: string): TemplateDefinition {
  const template = findTemplate(id);
  if (!template) throw notFound(`${legalMessages.templateNotFound} (${id})`);
  return template;
}

/** The organization defaults the admin saved (GET/PUT /api/legal/defaults), if any. */
async function savedDefaults(db: Db, ownerId: string): Promise<Record<string, FieldValue>> {
  const [row] = await db
    .select({ values: legalDefaults.values })
    .from(legalDefaults)
    .where(eq(legalDefaults.userId, ownerId));
  if (!row) return {};
  const parsed = LegalDefaultsSchema.safeParse(row.values);
  return parsed.success ? (compactDefaults(parsed.data) as Record<string, FieldValue>) : {};
}

/**
 * A template's fields and their defaults: the template's own defaults, overridden by the
 * organization defaults the admin saved, limited to the fields this template uses.
 */
export async function templateSchema(
  db: Db,
  ownerId: string,
  id: string,
  today = new Date(),
): Promise<TemplateSchemaResponse> {
  const template = requireTemplate(id);
  const mergeFields = mergeFieldsOf(template);
  const merged = {
    ...baseDefaults(today),
    ...template.defaults,
    ...(await savedDefaults(db, ownerId)),
  };
  const defaults: Record<string, FieldValue> = {};
  for (const field of mergeFields) {
    const value = merged[field.name];
    if (value !== undefined) defaults[field.name] = value;
  }
  return { schema: { mergeFields }, defaults };
}

export async function generateDocuments(
  db: Db,
  templateIds: string[],
  values: Record<string, FieldValue | null>,
  acting: Acting,
): Promise<GeneratedDocument[]> {
  // Every id is checked before anything is generated: one unknown id fails the call.
  const chosen = [...new Set(templateIds)].map(requireTemplate);
  const documents = chosen.map((t) => ({
    templateId: t.id,
    name: t.name,
    content: fillTemplate(t, values),
  }));
  await audit(db, {
    source: 'legal',
    message: `Generated ${documents.length} legal document${documents.length === 1 ? '' : 's'}`,
    userId: acting.userId,
    actorId: acting.userId,
    ip: acting.ip,
    details: { templateIds: chosen.map((t) => t.id) },
  });
  return documents;
}

/** A document as a file to download; the export is audited by name, format and size. */
export async function exportDocument(db: Db, request: ExportRequest, acting: Acting) {
  const { format, name, content } = request;
  const file = await renderExport(format, name, content);
  await audit(db, {
    source: 'legal',
    message: `Exported "${name}" as ${format.toUpperCase()}`,
    userId: acting.userId,
    actorId: acting.userId,
    ip: acting.ip,
    details: { name, format, bytes: file.body.length },
  });
  return file;
}

const iso = (date: Date) => date.toISOString();

export async function saveDraft(
  db: Db,
  input: SaveDraftInput & { projectName: string },
  acting: Acting,
): Promise<{ _id: string }> {
  const [row] = await db
    .insert(legalDrafts)
    .values({
      createdBy: acting.userId,
      clientName: input.clientName,
      projectName: input.projectName,
      documents: input.documents,
      metadata: input.metadata,
    })
    .returning({ id: legalDrafts.id });
  if (!row) throw new Error('draft insert returned nothing');
  await audit(db, {
    source: 'legal',
    message: `Legal draft saved for ${input.clientName}`,
    userId: acting.userId,
    actorId: acting.userId,
    ip: acting.ip,
    details: {
      draftId: row.id,
      clientName: input.clientName,
      projectName: input.projectName,
      documents: input.documents.map((d) => d.name),
    },
  });
  return { _id: row.id };
}

/** Drafts are the provider's working papers, shared by its admins; newest first. */
export async function listDrafts(db: Db): Promise<DraftSummary[]> {
  const rows = await db
    .select()
    .from(legalDrafts)
    .orderBy(desc(legalDrafts.createdAt), desc(legalDrafts.id))
    .limit(200);
  return rows.map((r) => ({
    _id: r.id,
    clientName: r.clientName,
    projectName: r.projectName,
    documentNames: r.documents.map((d) => d.name),
    createdAt: iso(r.createdAt),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getDraft(db: Db, id: string): Promise<Draft> {
  if (!UUID.test(id)) throw notFound(legalMessages.draftNotFound);
  const [row] = await db.select().from(legalDrafts).where(eq(legalDrafts.id, id));
  if (!row) throw notFound(legalMessages.draftNotFound);
  return {
    _id: row.id,
    clientName: row.clientName,
    projectName: row.projectName,
    documents: row.documents,
    // Stored metadata passed this schema when saved; parsing again keeps the type honest.
    metadata: DraftMetadataSchema.partial().safeParse(row.metadata).data ?? {},
    createdAt: iso(row.createdAt),
  };
}
