import { ErrorSchema } from '../answers.ts';
import {
  ClientServiceReportParamsSchema,
  ServiceReportMonthParamsSchema,
} from '../service-report.ts';
import { defineRoute } from './route.ts';

// The monthly service report as a PDF (docs/decisions/029-operations-console.md): the
// signed-in client's own account (its owner or a team member, who sees the owner's
// processes), or any client's for an admin. The month is 'YYYY-MM' of UTC days; a month not
// begun yet is 400, a month before the account was opened 404.

const pdf = ['application/pdf'] as const;
const refused = { 400: ErrorSchema, 404: ErrorSchema };

export const serviceReportsApi = {
  pdf: defineRoute({
    method: 'GET',
    path: '/api/client/service-reports/:month/pdf',
    audience: 'signed-in',
    tags: ['portal: service reports'],
    summary: "The account's service report for a month (YYYY-MM, UTC days), as a PDF",
    params: ServiceReportMonthParamsSchema,
    produces: pdf,
    responses: refused,
  }),
  adminPdf: defineRoute({
    method: 'GET',
    path: '/api/admin/clients/:id/service-reports/:month/pdf',
    audience: 'admin',
    tags: ['admin: clients'],
    summary: "A client's service report for a month (YYYY-MM, UTC days), as a PDF",
    params: ClientServiceReportParamsSchema,
    produces: pdf,
    responses: refused,
  }),
};
