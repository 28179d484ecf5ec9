import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import { ContactSubmissionSchema } from '../contact.ts';
import { ENQUIRY_PAGE, EnquiryReceivedSchema, EnquirySchema } from '../enquiries.ts';
import { PageCursorSchema } from '../page-cursor.ts';
import { keysetPagingQuery } from '../paging.ts';
import { paths } from '../paths.ts';
import { defineRoute } from './route.ts';

// Project enquiries (SPEC §2 Contact, §7): a visitor sends one from the contact page, by
// the page's script or, before it hydrated, as the page's own form; admins read them a
// page at a time. The contact page loads this module only when the form is sent: it
// carries zod (docs/decisions/008-zod-lazy-on-public-pages.md).

/**
 * GET /api/admin/enquiries: a page (limit), the search words (q) and where it starts:
 * `before`, the X-Next-Cursor of the page before (docs/decisions/019-keyset-at-database-precision.md).
 * (Defined here until `EnquiryQuerySchema` in enquiries.ts, still the offset form, takes its place.)
 */
export const EnquiryPageQuerySchema = keysetPagingQuery(
  ENQUIRY_PAGE.default,
  ENQUIRY_PAGE.max,
).extend({ before: PageCursorSchema.optional() });

export const contactApi = {
  send: defineRoute({
    method: 'POST',
    path: '/api/contact',
    audience: 'public',
    tags: ['public'],
    summary: 'Send a project enquiry',
    body: ContactSubmissionSchema,
    responses: { 201: EnquiryReceivedSchema, 400: ErrorSchema, 429: ErrorSchema },
  }),
  /**
   * The form as a browser posts it (docs/decisions/021-forms-before-hydration.md). Its
   * body is the page's fields as text, converted and checked by the handler, and every
   * answer is a redirect back to the page: no program calls it.
   */
  form: defineRoute({
    method: 'POST',
    path: paths.contact,
    audience: 'public',
    tags: ['public'],
    summary: 'Send a project enquiry from the contact page without JavaScript',
    description:
      'The contact form as a browser posts it (application/x-www-form-urlencoded, the fields and option codes of the page). Answers 303 to the contact page, with ?enquiry=sent once the enquiry is stored, or ?enquiry=unsent when it was refused or rate limited.',
    responses: { 303: z.null().describe('Back to the contact page, saying whether it went.') },
  }),
  enquiries: defineRoute({
    method: 'GET',
    path: '/api/admin/enquiries',
    audience: 'admin',
    tags: ['admin: enquiries'],
    summary: 'Enquiries, newest first, a page at a time',
    description:
      "The spec's array of enquiries. X-Total-Count: how many match, counted up to 10,000 (X-Total-Capped: true when more do). X-Next-Cursor: pass it as `before` for the next page; absent on the last page. A cursor this list did not give answers 400.",
    query: EnquiryPageQuerySchema,
    responses: { 200: z.array(EnquirySchema), 400: ErrorSchema },
  }),
};
