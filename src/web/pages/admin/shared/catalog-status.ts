import type { CatalogRequestStatus } from '#shared/catalog.ts';
import type { BadgeTone } from '#web/components/badge.tsx';

/** How a catalog request's status reads on the admin screens. */
export const catalogStatusBadges: Record<CatalogRequestStatus, { label: string; tone: BadgeTone }> =
  {
    requested: { label: 'Requested', tone: 'amber' },
    approved: { label: 'Approved', tone: 'green' },
    declined: { label: 'Declined', tone: 'red' },
  };
