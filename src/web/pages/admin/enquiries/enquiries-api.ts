import { queryOptions } from '@tanstack/react-query';
import type { Enquiry } from '#shared/enquiries.ts';
import { api } from '#web/lib/api.ts';

// GET /api/admin/enquiries, and how the screen shows an enquiry's date and website.

export const enquiriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'enquiries'] as const,
    queryFn: () => api.get<Enquiry[]>('/api/admin/enquiries'),
    // Newest first whatever order the server keeps.
    select: (rows: Enquiry[]) => [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });

/** A website as a link target: https:// is assumed when the visitor left it out (SPEC §5). */
export const websiteHref = (site: string) =>
  /^https?:\/\//i.test(site) ? site : `https://${site}`;
