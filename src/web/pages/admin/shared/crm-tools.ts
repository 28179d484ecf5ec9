import type { z } from 'zod';
import { billingApi } from '#shared/api/billing.ts';
import { UpdateClientSchema } from '#shared/clients.ts';
import type { ZohoIdKey } from '#shared/user.ts';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { codeText } from '#web/lib/failure-text.ts';
import { isLocalId } from './client-format.ts';

// The CRM/billing-apps pieces both the client detail card and the /admin/zoho tools page
// use (SPEC §3 ids, §5, §7 calls, §8 notices), so the two screens say the same thing.

export const crmIdLabels: Record<ZohoIdKey, string> = {
  zohoContactId: 'Contact ID',
  zohoSubscriptionId: 'Subscription ID',
  zohoCRMContactId: 'CRM contact ID',
  zohoBooksContactId: 'Books contact ID',
  zohoDeskContactId: 'Desk contact ID',
  zohoSubscriptionsCustomerId: 'Subscriptions customer ID',
};

/** What each id is, in words, for the admin who has to fill one in by hand. */
export const crmIdHints: Record<ZohoIdKey, string> = {
  zohoContactId: 'The client as a contact in the billing apps. Create contact fills it.',
  zohoSubscriptionId: 'The subscription Sync status reads the client’s status from.',
  zohoCRMContactId: 'The contact in the CRM, opened by the CRM link.',
  zohoBooksContactId: 'The customer in the accounting (Books) app.',
  zohoDeskContactId: 'The contact in the help desk, where tickets are answered.',
  zohoSubscriptionsCustomerId: 'The customer in the subscriptions app. Provision fills it.',
};

/** The hint under an id field: made up by local billing, or what the id is. */
export const crmIdHint = (key: ZohoIdKey, value: string | null | undefined) =>
  isLocalId(value) ? 'Made by local billing; not a Zoho record.' : crmIdHints[key];

/** The PATCH /api/admin/clients/{id} body that carries only the ids. */
export const CrmIdsSchema = UpdateClientSchema.pick({
  zohoContactId: true,
  zohoSubscriptionId: true,
  zohoCRMContactId: true,
  zohoBooksContactId: true,
  zohoDeskContactId: true,
  zohoSubscriptionsCustomerId: true,
});
export type CrmIdsInput = z.input<typeof CrmIdsSchema>;
export type CrmIds = z.output<typeof CrmIdsSchema>;

export const crmMessages = {
  selectClientTitle: 'Select client',
  selectClient: 'Choose a client first.',
  errorTitle: 'Error',
} as const;

/** SPEC §8: each CRM tool has its own fixed failure text. */
export const crmFailures = {
  save: 'Failed to save Zoho IDs',
  createContact: 'Error creating contact',
  provision: 'Provision failed',
  sync: 'Sync failed',
} as const;

/**
 * A failed CRM tool as a notice (SPEC §8): "Error" with "{code}: body" when the server
 * answered, else the action's fixed failure text.
 */
export function crmFailureNotice(error: unknown, failure: string) {
  return {
    title: crmMessages.errorTitle,
    text: error instanceof ApiError ? codeText(error) : failure,
  };
}

export const crmCalls = {
  createContact: (id: string) => callApi(billingApi.createContact, { params: { id } }),
  provision: (id: string) => callApi(billingApi.provision, { params: { id } }),
  syncStatus: (id: string) => callApi(billingApi.syncStatus, { params: { id } }),
};
