import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** One stored enquiry as GET /api/admin/enquiries answers it (newest first). */
export interface Enquiry {
  _id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  interest: string;
  budget: string | null;
  timeline: string | null;
  teamSize: string | null;
  website: string | null;
  message: string;
  referral: string | null;
  createdAt: string;
}

export const enquiriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'enquiries'] as const,
    queryFn: () => api.get<Enquiry[]>('/api/admin/enquiries'),
    // Newest first whatever order the server keeps.
    select: (rows: Enquiry[]) => [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatEnquiryDate = (iso: string) => dateFormat.format(new Date(iso));

/** A website as a link target: https:// is assumed when the visitor left it out (SPEC §5). */
export const websiteHref = (site: string) =>
  /^https?:\/\//i.test(site) ? site : `https://${site}`;
