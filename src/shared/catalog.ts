import { z } from 'zod';

// The workflow catalog (SPEC §2 Catalog, §3 Catalog template). Clients with catalog
// access browse templates and request one; admins see the requests on the client page.

export const catalogMessages = {
  notEnabled: 'Catalog access requires a Basic plan or higher.',
  noDescription: 'No description',
  templateNotFound: 'Template not found.',
  requested: 'Requested. We will be in touch about setting it up.',
  alreadyRequested: 'Already requested. We will be in touch about setting it up.',
  clientNotFound: 'Client not found.',
} as const;

export const catalogRequestStatuses = ['requested', 'approved', 'declined'] as const;
export const CatalogRequestStatusSchema = z.enum(catalogRequestStatuses);
export type CatalogRequestStatus = z.infer<typeof CatalogRequestStatusSchema>;

export const CatalogTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  /** This account's latest request for the template, if any. */
  requestStatus: CatalogRequestStatusSchema.nullable(),
});
export type CatalogTemplate = z.infer<typeof CatalogTemplateSchema>;

export const CatalogRequestSchema = z.object({
  _id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  status: CatalogRequestStatusSchema,
  requestedBy: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type CatalogRequest = z.infer<typeof CatalogRequestSchema>;

export const RequestAccessResultSchema = z.object({
  message: z.string(),
  request: CatalogRequestSchema,
});
export type RequestAccessResult = z.infer<typeof RequestAccessResultSchema>;
