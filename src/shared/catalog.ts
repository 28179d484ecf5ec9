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
  requestNotFound: 'That catalog request does not exist.',
  alreadyAnswered: 'This request was already answered.',
  webhookNeeded: "Enter the workflow's webhook URL to create the process.",
  webhookUrl: 'The webhook URL must start with http:// or https://.',
  reasonRequired: 'Say why, in at most 500 characters: the client reads it.',
  approved: 'Approved. The client has been told.',
  approvedWithProcess:
    'Approved, and the process is ready in their portal. The client has been told.',
  declined: 'Declined. The client has been told.',
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
  /** Why the latest request was declined, in the provider's words. */
  declineReason: z.string().nullable(),
  /** The process an approval of the latest request created, if it created one. */
  processId: z.string().nullable(),
});
export type CatalogTemplate = z.infer<typeof CatalogTemplateSchema>;

export const CatalogRequestSchema = z.object({
  _id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  status: CatalogRequestStatusSchema,
  requestedBy: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The process an approval created, if it created one. */
  processId: z.string().nullable(),
});
export type CatalogRequest = z.infer<typeof CatalogRequestSchema>;

/** A request in the admin's queue: with the client it is for. */
export const QueuedCatalogRequestSchema = CatalogRequestSchema.extend({
  client: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
  }),
});
export type QueuedCatalogRequest = z.infer<typeof QueuedCatalogRequestSchema>;

export const CatalogQueueQuerySchema = z.object({
  status: CatalogRequestStatusSchema.optional(),
});

/** Approve, optionally creating the process for the client from the template. */
export const ApproveRequestSchema = z
  .object({
    createProcess: z.boolean().default(false),
    n8nWebhookUrl: z
      .string()
      .trim()
      .max(2000, catalogMessages.webhookUrl)
      .refine(
        (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
        catalogMessages.webhookUrl,
      )
      .optional(),
  })
  .refine((body) => !body.createProcess || Boolean(body.n8nWebhookUrl), {
    message: catalogMessages.webhookNeeded,
    path: ['n8nWebhookUrl'],
  });
export type ApproveRequestInput = z.input<typeof ApproveRequestSchema>;

/** An approval's answer: what the client was told, and what the admin should know. */
export const ApproveResultSchema = z.object({
  message: z.string(),
  warnings: z
    .array(z.string())
    .describe('Things that will stop the new process running, e.g. a private webhook address'),
});
export type ApproveResult = z.infer<typeof ApproveResultSchema>;

export const DeclineRequestSchema = z.object({
  reason: z
    .string({ error: catalogMessages.reasonRequired })
    .trim()
    .min(1, catalogMessages.reasonRequired)
    .max(500, catalogMessages.reasonRequired),
});
export type DeclineRequestInput = z.input<typeof DeclineRequestSchema>;

export const RequestAccessResultSchema = z.object({
  message: z.string(),
  request: CatalogRequestSchema,
});
export type RequestAccessResult = z.infer<typeof RequestAccessResultSchema>;
