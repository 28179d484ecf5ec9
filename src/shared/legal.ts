import { z } from 'zod';
import { singleLine } from './text.ts';

// The legal suite (SPEC §2 Admin, §3 Legal template / Generated document / Draft, §5, §7,
// §8). The page and the server validate with these schemas and show these messages.

export const legalCategories = [
  'Agreement',
  'Compliance',
  'Website',
  'Employment',
  'Other',
] as const;
export type LegalCategory = (typeof legalCategories)[number];
/** The library's category filter (SPEC §9 Legal categories). */
export const legalCategoryFilters = ['All', ...legalCategories] as const;

export const fieldInputs = [
  'textarea',
  'date',
  'number',
  'currency',
  'select',
  'checkbox',
  'text',
] as const;
export type FieldInput = (typeof fieldInputs)[number];

export const legalMessages = {
  noTemplatesTitle: 'No templates selected',
  noTemplates: 'Please select at least one template to generate.',
  generationFailedTitle: 'Generation failed',
  serverError: (body: string) => `Server error: ${body}`,
  generationFailed: 'Failed to generate documents. Please try again.',
  templateNotFound: 'This template does not exist.',
  draftNotFound: 'This draft does not exist.',
  clientNameRequired: 'Client name is required.',
  documentsRequired: 'Generate at least one document before saving a draft.',
  exportNameRequired: 'A document name is required.',
  exportContentRequired: 'There is no document content to export.',
  format: 'Choose pdf or docx.',
  draftSaved: 'Draft saved.',
} as const;

// Words that mean a field holds more than one line (SPEC §5 "long-text words").
// An e-mail, IP or web address is one line, so those are not long text.
const LONG_TEXT =
  /description|scope|terms|(?<!email|ip|web)address|notes|details|deliverables|services|purpose|clause|instructions|summary|exclusions|responsibilities|comments|message/i;

/**
 * The input for a merge field the schema gave no type for (SPEC §5): long-text words
 * give a textarea, names containing "date" a date; everything else is plain text.
 */
export function guessFieldInput(name: string): FieldInput {
  if (LONG_TEXT.test(name)) return 'textarea';
  if (/date/i.test(name)) return 'date';
  return 'text';
}

/** The input a field is drawn with: the schema's when given, else guessed from its name. */
export const inputFor = (field: { name: string; input?: FieldInput | null }) =>
  field.input ?? guessFieldInput(field.name);

/** "clientSignatoryName" → "Client Signatory Name": a label for a placeholder with none. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}

export const LegalTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(legalCategories),
  use_cases: z.array(z.string()),
  placeholders: z.array(z.string()),
});
export type LegalTemplate = z.infer<typeof LegalTemplateSchema>;

export const MergeFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  placeholder: z.string(),
  input: z.enum(fieldInputs).optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type MergeField = z.infer<typeof MergeFieldSchema>;

export const FieldValueSchema = z.union([z.string().max(20_000), z.number(), z.boolean()]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const TemplateSchemaResponseSchema = z.object({
  schema: z.object({ mergeFields: z.array(MergeFieldSchema) }),
  defaults: z.record(z.string(), FieldValueSchema),
});
export type TemplateSchemaResponse = z.infer<typeof TemplateSchemaResponseSchema>;

export const GenerateSchema = z.object({
  templateIds: z
    .array(z.string().min(1).max(100), { error: legalMessages.noTemplates })
    .min(1, legalMessages.noTemplates)
    .max(20),
  values: z
    .record(z.string().max(100), FieldValueSchema.nullable())
    .refine((v) => Object.keys(v).length <= 300, 'Too many values.')
    .default({}),
});
export type GenerateRequest = z.input<typeof GenerateSchema>;

export const GeneratedDocumentSchema = z.object({
  templateId: z.string().max(100),
  name: z
    .string()
    .trim()
    .min(1, legalMessages.exportNameRequired)
    .max(200)
    .refine(...singleLine('Name')),
  content: z.string().max(200_000),
});
export type GeneratedDocument = z.infer<typeof GeneratedDocumentSchema>;

/** POST /api/legal/generate: the chosen templates, filled. */
export const GeneratedDocumentsSchema = z.object({ documents: z.array(GeneratedDocumentSchema) });
export type GeneratedDocuments = z.infer<typeof GeneratedDocumentsSchema>;

export const exportFormats = ['pdf', 'docx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const ExportSchema = z.object({
  format: z.enum(exportFormats, { error: legalMessages.format }),
  name: z
    .string({ error: legalMessages.exportNameRequired })
    .trim()
    .min(1, legalMessages.exportNameRequired)
    .max(200),
  content: z
    .string({ error: legalMessages.exportContentRequired })
    .min(1, legalMessages.exportContentRequired)
    .max(200_000),
});
export type ExportRequest = z.infer<typeof ExportSchema>;

const money = z.number().finite().min(0).max(100_000_000);

/** SPEC §3 Draft metadata, plus what lets a reopened draft restore the whole screen. */
export const DraftMetadataSchema = z.object({
  pricing: z.object({ setup: money, monthly: money }),
  complexityScore: z.number().int().min(0).max(10_000),
  estRuns: money,
  perRunSalePrice: money,
  baseMonthly: money,
  factors: z.record(z.string().max(50), z.number().int().min(0).max(1000)).optional(),
  templateIds: z.array(z.string().max(100)).max(20).optional(),
  values: z.record(z.string().max(100), FieldValueSchema.nullable()).optional(),
});
export type DraftMetadata = z.infer<typeof DraftMetadataSchema>;

export const SaveDraftSchema = z.object({
  clientName: z
    .string({ error: legalMessages.clientNameRequired })
    .trim()
    .min(1, legalMessages.clientNameRequired)
    .max(200)
    .refine(...singleLine('Client name')),
  projectName: z
    .string()
    .trim()
    .max(200)
    .refine(...singleLine('Project name'))
    .default(''),
  documents: z
    .array(GeneratedDocumentSchema, { error: legalMessages.documentsRequired })
    .min(1, legalMessages.documentsRequired)
    .max(20),
  metadata: DraftMetadataSchema,
});
export type SaveDraftInput = z.input<typeof SaveDraftSchema>;

/** POST /api/legal/drafts: the new draft's id and a confirmation. */
export const DraftSavedSchema = z.object({ _id: z.string(), message: z.string() });
export type DraftSaved = z.infer<typeof DraftSavedSchema>;

export const DraftSummarySchema = z.object({
  _id: z.string(),
  clientName: z.string(),
  projectName: z.string(),
  documentNames: z.array(z.string()),
  createdAt: z.string(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

export const DraftSchema = z.object({
  _id: z.string(),
  clientName: z.string(),
  projectName: z.string(),
  documents: z.array(GeneratedDocumentSchema),
  metadata: DraftMetadataSchema.partial(),
  createdAt: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** The notice for a failed generation (SPEC §8): the server's words, or a network failure. */
export function generationFailure(serverMessage: string | null): { title: string; text: string } {
  return {
    title: legalMessages.generationFailedTitle,
    text: serverMessage ? legalMessages.serverError(serverMessage) : legalMessages.generationFailed,
  };
}
