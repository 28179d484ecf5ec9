import { zohoId } from './fake-zoho-billing.ts';

// The Zoho CRM v6 part of the fake Zoho (fake-zoho.ts), as documented: insert records
// ({data:[…]} in, one result row per record out, error rows for refused records), search
// (204 No Content when nothing matches; `equals` behaves like contains; values escape
// parentheses and commas with a backslash), and Account_Name on Contacts as a lookup
// ({id}), refused as INVALID_DATA when given as text.

type Row = Record<string, unknown>;

export interface CrmState {
  contacts: Row[];
  accounts: Row[];
}

export const createCrmState = (): CrmState => ({ contacts: [], accounts: [] });

interface CrmRequest {
  method: string;
  /** After /crm/v6, e.g. /Contacts/search. */
  path: string;
  query: Record<string, string>;
  body: Row;
}

type Answer = { status: number; body: unknown } | null;

const success = (record: Row) => ({
  code: 'SUCCESS',
  details: { id: record.id, Created_Time: new Date().toISOString() },
  message: 'record added',
  status: 'success',
});

const invalid = (apiName: string, expected?: string) => ({
  code: expected ? 'INVALID_DATA' : 'MANDATORY_NOT_FOUND',
  details: expected ? { expected_data_type: expected, api_name: apiName } : { api_name: apiName },
  message: expected ? 'invalid data' : 'required field not found',
  status: 'error',
});

function insert(rows: Row[], check: (row: Row) => Row | null, into: Row[]): Answer {
  const data = rows.map((row) => {
    const refused = check(row);
    if (refused) return refused;
    const record = { id: zohoId(), ...row };
    into.push(record);
    return success(record);
  });
  return { status: 201, body: { data } };
}

const found = (rows: Row[]): Answer =>
  rows.length
    ? { status: 200, body: { data: rows, info: { count: rows.length } } }
    : { status: 204, body: '' };

/** (Account_Name:equals:value) with \\( \\) \\, unescaped; null for anything else. */
function equalsCriterion(criteria: string | undefined) {
  const match = /^\((\w+):equals:(.*)\)$/.exec(criteria ?? '');
  if (!match) return null;
  return { field: match[1]!, value: match[2]!.replace(/\\([(),\\])/g, '$1') };
}

export function handleCrm(state: CrmState, request: CrmRequest): Answer {
  const { method, path, query, body } = request;
  const rows = (body.data as Row[] | undefined) ?? [];
  if (method === 'POST' && path === '/Contacts') {
    return insert(
      rows,
      (row) => {
        if (!row.Last_Name) return invalid('Last_Name');
        if (row.Account_Name !== undefined && typeof row.Account_Name !== 'object') {
          return invalid('Account_Name', 'jsonobject');
        }
        return null;
      },
      state.contacts,
    );
  }
  if (method === 'POST' && path === '/Accounts') {
    return insert(
      rows,
      (row) => (row.Account_Name ? null : invalid('Account_Name')),
      state.accounts,
    );
  }
  if (method === 'GET' && path === '/Contacts/search' && query.email) {
    const email = query.email.toLowerCase();
    return found(state.contacts.filter((c) => String(c.Email).toLowerCase() === email));
  }
  if (method === 'GET' && path === '/Accounts/search') {
    const criterion = equalsCriterion(query.criteria);
    if (!criterion) {
      return {
        status: 400,
        body: {
          code: 'INVALID_QUERY',
          details: {},
          message: 'invalid query formed',
          status: 'error',
        },
      };
    }
    const value = criterion.value.toLowerCase();
    return found(
      state.accounts.filter((a) =>
        String(a[criterion.field] ?? '')
          .toLowerCase()
          .includes(value),
      ),
    );
  }
  return null;
}
