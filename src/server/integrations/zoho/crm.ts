import type { ZohoCall, ZohoSend } from './send.ts';
import {
  type CrmContactInput,
  CrmErrorSchema,
  CrmInsertAnswerSchema,
  CrmSearchAnswerSchema,
  ZohoError,
} from './types.ts';

// Zoho CRM: the client's contact, and the Account it belongs to, found or created.

export interface ZohoCrm {
  createCrmContact(input: CrmContactInput): Promise<string>;
  /** The id of the CRM contact with this e-mail, or null. */
  findCrmContact(email: string): Promise<string | null>;
  /** The id of the CRM Account with exactly this name, created when there is none. */
  crmAccountId(name: string): Promise<string>;
}

export function createCrm(send: ZohoSend): ZohoCrm {
  /** Inserts one CRM record; its id, or Zoho's code and message for a refused one. */
  async function crmInsert(module: string, what: string, record: object) {
    const response = await send({
      api: 'crm',
      method: 'POST',
      path: `/${module}`,
      body: { data: [record] },
    });
    const json: unknown = await response.json().catch(() => null);
    const parsed = CrmInsertAnswerSchema.safeParse(json);
    // A refused request is one error object; a refused record is an error row.
    const failure = parsed.success ? parsed.data.data[0] : CrmErrorSchema.safeParse(json).data;
    const row = parsed.success ? parsed.data.data[0] : undefined;
    if (!response.ok || !row || row.code !== 'SUCCESS' || !row.details?.id) {
      const reason = failure?.message ?? failure?.code ?? `HTTP ${response.status}`;
      throw new ZohoError(
        response.status,
        `Zoho CRM ${what} create failed: ${reason}`,
        failure?.code,
      );
    }
    return row.details.id;
  }

  /** A CRM search: the records found, none when Zoho answers 204. */
  async function crmSearch(module: string, query: Record<string, string>) {
    const call: ZohoCall = { api: 'crm', method: 'GET', path: `/${module}/search`, query };
    const response = await send(call);
    if (response.status === 204) return [];
    const json: unknown = await response.json().catch(() => null);
    const parsed = CrmSearchAnswerSchema.safeParse(json);
    if (!response.ok || !parsed.success) {
      const failure = CrmErrorSchema.safeParse(json).data;
      throw new ZohoError(
        response.status,
        `Zoho CRM ${module} search failed: ${failure?.message ?? `HTTP ${response.status}`}`,
        failure?.code,
      );
    }
    return parsed.data.data;
  }

  return {
    createCrmContact: (input) => crmInsert('Contacts', 'contact', input),

    async findCrmContact(email) {
      const [contact] = await crmSearch('Contacts', { email });
      return contact?.id ?? null;
    },

    async crmAccountId(name) {
      // `equals` matches like contains: keep only the account with this very name.
      const criteria = `(Account_Name:equals:${name.replace(/[(),\\]/g, '\\$&')})`;
      const accounts = await crmSearch('Accounts', { criteria });
      const same = accounts.find(
        (a) => String(a.Account_Name ?? '').toLowerCase() === name.toLowerCase(),
      );
      return same?.id ?? crmInsert('Accounts', 'account', { Account_Name: name });
    },
  };
}
