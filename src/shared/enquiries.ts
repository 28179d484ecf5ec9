import { z } from 'zod';
import { pagingQuery } from './paging.ts';

// Enquiries from the contact form (SPEC §7): what POST /api/contact answers, and the
// stored enquiries as GET /api/admin/enquiries lists them.

export const EnquiryReceivedSchema = z.object({ message: z.string(), id: z.string() });
export type EnquiryReceived = z.infer<typeof EnquiryReceivedSchema>;

export const EnquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  interest: z.string(),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  teamSize: z.string().nullable(),
  website: z.string().nullable(),
  message: z.string(),
  referral: z.string().nullable(),
  createdAt: z.string(),
});
export type Enquiry = z.infer<typeof EnquirySchema>;

/**
 * Enquiries per page of the admin list, and the most one call may ask for: a message may
 * be long, so a page stays well under a megabyte.
 */
export const ENQUIRY_PAGE = { default: 100, max: 200 } as const;

/** GET /api/admin/enquiries: a page (limit, offset) and the search words (q). */
export const EnquiryQuerySchema = pagingQuery(ENQUIRY_PAGE.default, ENQUIRY_PAGE.max);
