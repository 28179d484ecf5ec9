import { z } from 'zod';
import { ZohoError } from './types.ts';

// Zoho Books and Zoho Desk contacts, for provisioning a client in every app the
// consultancy uses (DESIGN §3: integrations/zoho covers CRM, Billing, Books, Desk). Books
// calls name the organisation in the `organization_id` query parameter and answer
// {code, message, …} with code 0 on success; Desk calls carry the `orgId` header and
// answer the record itself, or {errorCode, message}. A contact is looked up by e-mail
// before one is created, so provisioning twice does not make two.

export interface AppsOptions {
  books?: { apiUrl: string; organizationId: string };
  desk?: { apiUrl: string; orgId: string };
}

export interface AppContactInput {
  name: string;
  email: string;
  companyName: string | null;
}

/** Sends one call with the shared token (send.ts handles 401, 429 and 5xx). */
export type AppSend = (call: {
  api: 'books' | 'desk';
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}) => Promise<Response>;

const BooksAnswerSchema = z.looseObject({ code: z.number(), message: z.string().optional() });
const BooksContactsSchema = z.looseObject({
  contacts: z.array(z.looseObject({ contact_id: z.string() })),
});
const BooksCreatedSchema = z.looseObject({ contact: z.looseObject({ contact_id: z.string() }) });
const DeskErrorSchema = z.looseObject({ errorCode: z.string(), message: z.string().optional() });
const DeskSearchSchema = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) });
const DeskCreatedSchema = z.looseObject({ id: z.string() });

function splitName(name: string, email: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return rest.length > 0
    ? { first: first ?? '', last: rest.join(' ') }
    : { first: '', last: first || email };
}

export function createAppContacts(send: AppSend, options: AppsOptions) {
  async function books<T>(
    call: Parameters<AppSend>[0],
    schema: z.ZodType<T>,
    what: string,
  ): Promise<T> {
    const response = await send(call);
    const json: unknown = await response.json().catch(() => null);
    const envelope = BooksAnswerSchema.safeParse(json);
    const data = schema.safeParse(json);
    if (!response.ok || !envelope.success || envelope.data.code !== 0 || !data.success) {
      const reason = envelope.success ? envelope.data.message : `HTTP ${response.status}`;
      const code = envelope.success ? envelope.data.code : undefined;
      throw new ZohoError(response.status, `Zoho Books ${what} failed: ${reason}`, code);
    }
    return data.data;
  }

  async function desk<T>(call: Parameters<AppSend>[0], schema: z.ZodType<T>, what: string) {
    const response = await send(call);
    // Desk answers a search with nothing found as 204 No Content.
    if (response.status === 204) return null;
    const json: unknown = await response.json().catch(() => null);
    const data = schema.safeParse(json);
    if (!response.ok || !data.success) {
      const failure = DeskErrorSchema.safeParse(json).data;
      const reason = failure?.message ?? failure?.errorCode ?? `HTTP ${response.status}`;
      throw new ZohoError(
        response.status,
        `Zoho Desk ${what} failed: ${reason}`,
        failure?.errorCode,
      );
    }
    return data.data;
  }

  return {
    booksEnabled: Boolean(options.books),
    deskEnabled: Boolean(options.desk),

    /** The Books customer contact with this e-mail, created when there is none. */
    async booksContactId(input: AppContactInput): Promise<string> {
      const found = await books(
        { api: 'books', method: 'GET', path: '/contacts', query: { email: input.email } },
        BooksContactsSchema,
        'contact search',
      );
      const existing = found.contacts[0]?.contact_id;
      if (existing) return existing;
      const { first, last } = splitName(input.name, input.email);
      const created = await books(
        {
          api: 'books',
          method: 'POST',
          path: '/contacts',
          body: {
            contact_name: input.companyName ?? input.name,
            ...(input.companyName && { company_name: input.companyName }),
            contact_type: 'customer',
            contact_persons: [
              { first_name: first, last_name: last, email: input.email, is_primary_contact: true },
            ],
          },
        },
        BooksCreatedSchema,
        'contact create',
      );
      return created.contact.contact_id;
    },

    /** The Desk contact with this e-mail, created when there is none. */
    async deskContactId(input: AppContactInput): Promise<string> {
      const found = await desk(
        { api: 'desk', method: 'GET', path: '/contacts/search', query: { email: input.email } },
        DeskSearchSchema,
        'contact search',
      );
      const existing = found?.data[0]?.id;
      if (existing) return existing;
      const { first, last } = splitName(input.name, input.email);
      const created = await desk(
        {
          api: 'desk',
          method: 'POST',
          path: '/contacts',
          body: { lastName: last, ...(first && { firstName: first }), email: input.email },
        },
        DeskCreatedSchema,
        'contact create',
      );
      if (!created) throw new ZohoError(204, 'Zoho Desk contact create answered no record.');
      return created.id;
    },
  };
}

export type AppContacts = ReturnType<typeof createAppContacts>;
