import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ENQUIRY_PAGE, type Enquiry } from '#shared/enquiries.ts';
import { api } from '#web/lib/api.ts';

// GET /api/admin/enquiries, a page at a time, and how the screen shows an enquiry's website.

export const enquiryKeys = { all: ['admin', 'enquiries'] as const };

/** A page of enquiries, newest first, searched on the server, so years of enquiries never load at once. */
export const enquiriesQuery = (params: { q?: string; offset?: number } = {}) =>
  queryOptions({
    queryKey: [...enquiryKeys.all, params] as const,
    queryFn: () => {
      const search = new URLSearchParams({
        limit: String(ENQUIRY_PAGE.default),
        offset: String(params.offset ?? 0),
      });
      if (params.q?.trim()) search.set('q', params.q.trim());
      return api.page<Enquiry>(`/api/admin/enquiries?${search}`);
    },
    placeholderData: keepPreviousData,
  });

/** A website as a link target: https:// is assumed when the visitor left it out (SPEC §5). */
export const websiteHref = (site: string) =>
  /^https?:\/\//i.test(site) ? site : `https://${site}`;
