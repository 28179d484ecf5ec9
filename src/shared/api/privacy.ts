import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  CloseAccountSchema,
  ExportRequestAnswerSchema,
  ExportTokenParamsSchema,
} from '../privacy.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Privacy requests (docs/decisions/017-privacy-requests.md): a client asks for a copy of
// their data by an e-mailed link and closes their own account, never an admin testing as
// them; an admin downloads, closes or erases a client account and exports or erases one
// enquiry. The downloads are ZIP files of JSON and CSV.

const zip = ['application/zip'];
const admin = { audience: 'admin', tags: ['admin: privacy'] } as const;
const own = { audience: 'own-session', tags: ['portal: privacy'] } as const;
const params = IdParamsSchema;

export const privacyApi = {
  requestExport: defineRoute({
    method: 'POST',
    path: '/api/account/export',
    ...own,
    summary:
      'Ask for a copy of your data: a download link by e-mail (or in the answer without SMTP)',
    responses: { 200: ExportRequestAnswerSchema, 403: ErrorSchema, 429: ErrorSchema },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/account/export/:token',
    audience: 'public',
    tags: ['public: privacy'],
    summary: 'Download a data export from its e-mailed link (a ZIP archive)',
    params: ExportTokenParamsSchema,
    produces: zip,
    responses: { 404: ErrorSchema, 429: ErrorSchema },
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/account/close',
    ...own,
    summary:
      'Close your account (owner, with the password): subscription cancelled, sign-ins refused, erased later',
    body: CloseAccountSchema,
    responses: {
      200: MessageSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      409: ErrorSchema,
      502: ErrorSchema,
    },
  }),
  clientExport: defineRoute({
    method: 'GET',
    path: '/api/admin/clients/:id/export',
    ...admin,
    summary: 'Everything held about a client account, as a ZIP of JSON and CSV files',
    params,
    produces: zip,
    responses: { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  closeClient: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/close',
    ...admin,
    summary: 'Close a client account: subscription cancelled, refused everywhere, erased later',
    params,
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema },
  }),
  eraseClient: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/erase',
    ...admin,
    summary:
      'Erase a client account now: personal data removed everywhere, invoices kept for tax records',
    params,
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema },
  }),
  enquiryExport: defineRoute({
    method: 'GET',
    path: '/api/admin/enquiries/:id/export',
    ...admin,
    summary:
      "Everything held about an enquiry's sender: their account's archive when they have one, else their enquiries and mail",
    params,
    produces: zip,
    responses: { 403: ErrorSchema, 404: ErrorSchema },
  }),
  eraseEnquiry: defineRoute({
    method: 'DELETE',
    path: '/api/admin/enquiries/:id',
    ...admin,
    summary: 'Erase one enquiry (and the notice mail about it)',
    params,
    responses: { 200: MessageSchema, 404: ErrorSchema },
  }),
};
