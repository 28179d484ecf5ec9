import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contactApi } from '#shared/api/contact.ts';
import { ENQUIRY_PAGE, type Enquiry } from '#shared/enquiries.ts';
import { keysetPageOf } from '#shared/paging.ts';
import { responseError } from '#web/lib/api.ts';
import { callApiRaw } from '#web/lib/call-api.ts';

// GET /api/admin/enquiries, a page at a time, and how the screen shows an enquiry's website.

export const enquiryKeys = { all: ['admin', 'enquiries'] as const };

/**
 * A page of enquiries, newest first, searched on the server, so years of enquiries never
 * load at once: the first page, or those before the cursor the page before gave.
 */
export const enquiriesQuery = (params: { q?: string; before?: string | null } = {}) =>
  queryOptions({
    queryKey: [...enquiryKeys.all, params] as const,
    queryFn: async () => {
      const response = await callApiRaw(contactApi.enquiries, {
        query: {
          limit: ENQUIRY_PAGE.default,
          q: params.q?.trim() || undefined,
          before: params.before ?? undefined,
        },
      });
      if (!response.ok) throw await responseError(response);
      return keysetPageOf((await response.json()) as Enquiry[], response.headers);
    },
    // The page on screen stays until the next one arrives, so paging does not flash.
    placeholderData: keepPreviousData,
  });

/** A website as a link target: https:// is assumed when the visitor left it out (SPEC §5). */
export const websiteHref = (site: string) =>
  /^https?:\/\//i.test(site) ? site : `https://${site}`;
