import { ErrorSchema } from '../answers.ts';
import { AttentionSchema } from '../attention.ts';
import { defineRoute } from './route.ts';

// The admin's Today screen (/admin): what needs attention now, a few items per section.

export const attentionApi = {
  today: defineRoute({
    method: 'GET',
    path: '/api/admin/attention',
    audience: 'admin',
    tags: ['admin: attention'],
    summary: 'What needs attention now, newest first, with the first-day checklist',
    description:
      'Processes failing (per process, with its client, failures in a row and the last error), open alerts, runs interrupted in the last 7 days or still followed in n8n, invoices past due and plans lapsed or ending, catalog requests waiting, mail that failed or waits without SMTP, and enquiries of the last 7 days. Each section holds its first 10 items and its total; each item carries the address where it is dealt with.',
    responses: { 200: AttentionSchema, 403: ErrorSchema },
  }),
};
