import { zohoId } from './fake-zoho-billing.ts';

// The Zoho Books v3 and Zoho Desk v1 contacts of the fake Zoho (fake-zoho.ts), as their
// references document them. Books: `organization_id` in the query, {code, message, …}
// answers with code 0 on success, contacts filtered by `email`. Desk: the `orgId` header,
// the record itself on success, {errorCode, message} otherwise, and 204 No Content for a
// search that finds nothing.

type Row = Record<string, unknown>;

export const FAKE_BOOKS_ORG = '60012345678';
export const FAKE_DESK_ORG = '70098765';

export interface AppsState {
  booksContacts: Row[];
  deskContacts: Row[];
}

export const createAppsState = (): AppsState => ({ booksContacts: [], deskContacts: [] });

interface AppRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Row;
}

type Answer = { status: number; body: unknown };

const emailOf = (row: Row) =>
  String((row.contact_persons as Row[] | undefined)?.[0]?.email ?? row.email ?? '').toLowerCase();

export function handleBooks(state: AppsState, req: AppRequest): Answer | null {
  if (req.query.organization_id !== FAKE_BOOKS_ORG) {
    return {
      status: 400,
      body: { code: 6041, message: 'This user is not associated with this organization.' },
    };
  }
  if (req.path !== '/contacts') return null;
  if (req.method === 'GET') {
    const email = req.query.email?.toLowerCase();
    const contacts = state.booksContacts.filter((c) => !email || emailOf(c) === email);
    return {
      status: 200,
      body: {
        code: 0,
        message: 'success',
        contacts,
        page_context: { page: 1, has_more_page: false },
      },
    };
  }
  if (req.method === 'POST') {
    if (!req.body.contact_name) {
      return { status: 400, body: { code: 15, message: 'Please enter the contact name.' } };
    }
    const contact = { contact_id: zohoId(), ...req.body };
    state.booksContacts.push(contact);
    return { status: 201, body: { code: 0, message: 'The contact has been added.', contact } };
  }
  return null;
}

export function handleDesk(state: AppsState, req: AppRequest): Answer | null {
  if (req.headers.orgid !== FAKE_DESK_ORG) {
    return {
      status: 400,
      body: { errorCode: 'INVALID_ORG', message: 'The given orgId is invalid.' },
    };
  }
  if (req.method === 'GET' && req.path === '/contacts/search') {
    const email = req.query.email?.toLowerCase();
    const data = state.deskContacts.filter((c) => String(c.email).toLowerCase() === email);
    return data.length
      ? { status: 200, body: { data, count: data.length } }
      : { status: 204, body: null };
  }
  if (req.method === 'POST' && req.path === '/contacts') {
    if (!req.body.lastName) {
      return {
        status: 422,
        body: {
          errorCode: 'INVALID_DATA',
          message: 'An invalid data was provided. Check the errors.',
          errors: [{ fieldName: '/lastName', errorType: 'missing' }],
        },
      };
    }
    const contact = { id: zohoId(), ...req.body };
    state.deskContacts.push(contact);
    return { status: 200, body: contact };
  }
  return null;
}
