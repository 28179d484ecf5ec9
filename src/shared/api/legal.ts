import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import {
  DraftSavedSchema,
  DraftSchema,
  DraftSummarySchema,
  ExportSchema,
  GeneratedDocumentsSchema,
  GenerateSchema,
  LegalTemplateSchema,
  SaveDraftSchema,
  TemplateSchemaResponseSchema,
} from '../legal.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// The legal suite for admins (SPEC §2 Legal suite, §7 Admin): the template library, a
// template's fields, filling templates, a document as a PDF or Word file, and drafts. The
// organization defaults under /api/legal/defaults are the Settings page's (settings.ts).

const tags = ['admin: legal'];
const audience = 'admin';

export const legalApi = {
  templates: defineRoute({
    method: 'GET',
    path: '/api/legal/templates',
    audience,
    tags,
    summary: 'The template library',
    responses: { 200: z.array(LegalTemplateSchema), 403: ErrorSchema },
  }),
  templateSchema: defineRoute({
    method: 'GET',
    path: '/api/legal/templates/:id/schema',
    audience,
    tags,
    summary: "A template's merge fields and defaults (saved organization defaults applied)",
    params: IdParamsSchema,
    responses: { 200: TemplateSchemaResponseSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/api/legal/generate',
    audience,
    tags,
    summary: 'Fill the chosen templates; empty values print as [Label]',
    body: GenerateSchema,
    responses: {
      200: GeneratedDocumentsSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  export: defineRoute({
    method: 'POST',
    path: '/api/legal/export',
    audience,
    tags,
    summary: 'A document as a PDF or Word file (attachment)',
    body: ExportSchema,
    responses: { 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
    produces: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  }),
  drafts: defineRoute({
    method: 'GET',
    path: '/api/legal/drafts',
    audience,
    tags,
    summary: 'Saved drafts, newest first',
    responses: { 200: z.array(DraftSummarySchema), 403: ErrorSchema },
  }),
  draft: defineRoute({
    method: 'GET',
    path: '/api/legal/drafts/:id',
    audience,
    tags,
    summary: 'One draft with its documents, to reopen it',
    params: IdParamsSchema,
    responses: { 200: DraftSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  saveDraft: defineRoute({
    method: 'POST',
    path: '/api/legal/drafts',
    audience,
    tags,
    summary: 'Save generated documents with the client, project and estimate',
    body: SaveDraftSchema,
    responses: { 201: DraftSavedSchema, 400: ErrorSchema, 403: ErrorSchema },
  }),
};
