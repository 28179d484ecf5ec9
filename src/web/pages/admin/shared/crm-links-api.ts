import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '#shared/api/billing.ts';
import { type CrmLinkBases, defaultCrmLinkBases } from '#shared/crm-links.ts';
import { callApi } from '#web/lib/call-api.ts';

// GET /api/zoho/crm-links: where deep links into the Zoho apps go for this server's data
// centre and organisations. Until it answers (or if it fails) the brand's defaults serve.

const crmLinkBasesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'crm-links'] as const,
    queryFn: ({ signal }) => callApi(billingApi.crmLinks, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCrmLinkBases = (): CrmLinkBases =>
  useQuery(crmLinkBasesQuery()).data ?? defaultCrmLinkBases;
