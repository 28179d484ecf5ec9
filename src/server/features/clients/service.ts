import { and, eq, ne, sql } from 'drizzle-orm';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { countUpTo } from '#server/db/keyset.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { readSearch, searchWords } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { endOpenLinks } from '#server/domain/users/email-verification.ts';
import { findUserByEmail, findUserById } from '#server/domain/users/repository.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { isIpOrCidr } from '#server/net/ip.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import type { ClientSort, UpdateClient } from '#shared/clients.ts';
import { splitIpList } from '#shared/clients.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { countCapFor } from '#shared/paging.ts';
import { passwordMessages } from '#shared/password.ts';
import type { Role, SubscriptionStatus } from '#shared/user.ts';
import { clientOrders } from './client-order.ts';
import { matchesWithTeam, notTeamMember, teamsOf } from './client-teams.ts';

// Admin changes to client accounts. Every change is audited with the acting admin.

interface Actor {
  db: Db;
  adminId: string;
  ip: string;
}

const CLIENT_NOT_FOUND = 'Client not found.';

export async function requireClient(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

export interface ClientListQuery {
  limit: number;
  q?: string;
  role?: Role;
  /** Leave this role out (the screen's default: every account but the admins). */
  exclude?: Role;
  sort: ClientSort;
  /** The last account of the page before, as its X-Next-Cursor named it. */
  after?: string;
}

/**
 * When the account last did something: its own newest sign-in (not an admin
 * testing as it) or its newest run, whichever is later. Two index look-ups per row shown.
 */
// Written out in full: drizzle leaves a one-table query's columns unqualified, and a bare
// "id" inside the sessions subquery would be the session's own.
const accountId = sql.raw('"users"."id"');
const lastActiveAt = sql<Date | null>`greatest(
  (select max(s.created_at) from sessions s where s.user_id = ${accountId} and s.impersonator_id is null),
  (select r.last_run_at from run_rollups r where r.client_user_id = ${accountId} order by r.day desc limit 1))`.mapWith(
  users.createdAt,
);

/**
 * A cursor names an account this list gave (to the microsecond of its creation for the
 * time orders): one that does not is refused with a message, never answered with rows
 * from a place nobody was.
 */
async function requireListed(db: Db, id: string, at?: string) {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        at === undefined ? undefined : sql`${users.createdAt} = ${at}::timestamptz`,
      ),
    )
    .limit(1);
  if (!found) throw badRequest(pageCursorMessage, { after: pageCursorMessage });
}

/**
 * A page of accounts matching the search and role, each with its team, and how many match
 * (up to the cap). Team members are not rows: they come with their owner (client-teams.ts).
 */
export async function listClients(db: Db, query: ClientListQuery) {
  const order = clientOrders[query.sort];
  const position = query.after === undefined ? undefined : order.positionOf(query.after);
  const matching = and(
    notTeamMember,
    matchesWithTeam(
      query.q,
      and(...searchWords(query.q, [users.name, users.email, users.companyName, users.companyCode])),
    ),
    query.role ? eq(users.role, query.role) : undefined,
    query.exclude ? ne(users.role, query.exclude) : undefined,
  );
  const cap = countCapFor(query.q);
  const [, rows, counted] = await readSearch(db, { q: query.q, table: users, matching }, (db) =>
    Promise.all([
      position ? requireListed(db, position.id, position.at) : undefined,
      db
        .select({ user: users, lastActiveAt, key: order.key })
        .from(users)
        .where(and(matching, position ? order.past(position) : undefined))
        .orderBy(...order.by)
        .limit(query.limit + 1),
      countUpTo(db, users, matching, cap),
    ]),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const teams = await teamsOf(
    db,
    page.map((row) => row.user.id),
  );
  return {
    rows: page.map((row) => ({ ...row, team: teams.get(row.user.id) ?? [] })),
    counted,
    cap,
    nextCursor: rows.length > query.limit && last ? order.cursorOf(last.key, last.user.id) : null,
  };
}

async function save(db: Db, id: string, values: Partial<UserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

const record = (actor: Actor, userId: string, message: string, details?: Record<string, unknown>) =>
  audit(actor.db, {
    source: 'clients',
    message,
    userId,
    actorId: actor.adminId,
    ip: actor.ip,
    details,
  });

export async function updateClient(actor: Actor, id: string, input: UpdateClient) {
  const client = await requireClient(actor.db, id);
  const { billingPrefs, entitlements, ...rest } = input;
  if (rest.role && rest.role !== 'Admin' && client.id === actor.adminId) {
    throw conflict('You cannot remove your own admin role.');
  }
  if (rest.email && rest.email !== client.email) {
    const owner = await findUserByEmail(actor.db, rest.email);
    if (owner)
      throw conflict('Another account uses this email.', {
        email: 'Another account uses this email.',
      });
  }
  const values: Partial<UserRow> = {};
  if (rest.name !== undefined) values.name = rest.name;
  if (rest.email !== undefined && rest.email !== client.email) {
    values.email = rest.email;
    values.emailVerifiedAt = null;
  }
  if (rest.role !== undefined) values.role = rest.role;
  if (rest.plan !== undefined) values.subscriptionPlan = rest.plan;
  if (rest.acceptedTOS !== undefined) values.acceptedTos = rest.acceptedTOS;
  for (const key of [
    'zohoContactId',
    'zohoSubscriptionId',
    'zohoCRMContactId',
    'zohoBooksContactId',
    'zohoDeskContactId',
    'zohoSubscriptionsCustomerId',
  ] as const) {
    if (rest[key] !== undefined) values[key] = rest[key];
  }
  if (entitlements) values.entitlements = { ...client.entitlements, ...entitlements };
  if (billingPrefs) {
    values.billingPrefs = {
      ...client.billingPrefs,
      ...(billingPrefs.hourlyRateDollars !== undefined && {
        hourlyRateCents:
          billingPrefs.hourlyRateDollars === null
            ? null
            : Math.round(billingPrefs.hourlyRateDollars * 100),
      }),
      ...(billingPrefs.defaultDueDays !== undefined && {
        defaultDueDays: billingPrefs.defaultDueDays,
      }),
      ...(billingPrefs.defaultPriceId !== undefined && {
        defaultPriceId: billingPrefs.defaultPriceId,
      }),
    };
  }
  const row = await save(actor.db, client.id, values);
  // A new address typed by an admin is not proved, and links to the old one end.
  if (values.email !== undefined) await endOpenLinks(actor.db, client.id);
  const what = [
    rest.role && rest.role !== client.role ? `role ${client.role} → ${rest.role}` : null,
    rest.plan && rest.plan !== client.subscriptionPlan
      ? `plan ${client.subscriptionPlan} → ${rest.plan}`
      : null,
    entitlements ? 'entitlements' : null,
    billingPrefs ? 'billing presets' : null,
    Object.keys(rest).some((k) => k.startsWith('zoho')) ? 'CRM ids' : null,
  ].filter(Boolean);
  await record(actor, row.id, `Client updated${what.length ? `: ${what.join(', ')}` : ''}`, {
    changed: Object.keys(input),
    ...input,
  });
  return row;
}

export async function updateCompany(
  actor: Actor,
  id: string,
  input: { companyName: string | null; companyCode: string | null },
) {
  const row = await save(actor.db, (await requireClient(actor.db, id)).id, input);
  await record(actor, row.id, 'Company changed', input);
  return row;
}

export async function setAllowedIps(actor: Actor, id: string, input: string | string[]) {
  const ips = splitIpList(input);
  const invalid = ips.filter((ip) => !isIpOrCidr(ip));
  if (invalid.length > 0) {
    const message = `Not an IP address or CIDR range: ${invalid.join(', ')}`;
    throw badRequest(message, { ips: message });
  }
  const unique = [...new Set(ips)];
  const row = await save(actor.db, (await requireClient(actor.db, id)).id, { allowedIps: unique });
  await record(
    actor,
    row.id,
    unique.length ? `Allowed IPs set to ${unique.join(', ')}` : 'Allowed IPs cleared',
    { ips: unique },
  );
  return row;
}

export async function setIntegrationKey(actor: Actor, id: string, key: string | null) {
  const row = await save(actor.db, (await requireClient(actor.db, id)).id, { n8nWebhookKey: key });
  await record(actor, row.id, key ? 'Integration key changed' : 'Integration key removed');
  return row;
}

export async function resetPassword(actor: Actor, id: string, newPassword: string) {
  const client = await requireClient(actor.db, id);
  if (client.closedAt) throw conflict(passwordMessages.accountClosed);
  // Bumping the token version signs the client out everywhere.
  const row = await save(actor.db, client.id, {
    passwordHash: await hashPassword(newPassword),
    tokenVersion: sql`${users.tokenVersion} + 1` as unknown as number,
  });
  await record(actor, row.id, 'Password reset by an administrator');
  return row;
}

export async function setMockStatus(actor: Actor, id: string, status: SubscriptionStatus) {
  const client = await requireClient(actor.db, id);
  const running = status === 'active' || status === 'trialing';
  const periodEnd = running
    ? (client.currentPeriodEnd ?? new Date(Date.now() + 30 * 86_400_000))
    : client.currentPeriodEnd;
  const row = await save(actor.db, client.id, {
    subscriptionStatus: status,
    billingStatus: billingStatusFor[status],
    currentPeriodEnd: periodEnd,
  });
  // A status set by hand, not by a payment or the billing provider: the log says so.
  await record(
    actor,
    row.id,
    `Subscription status set by hand to ${status} (mock status, no payment)`,
    {
      from: client.subscriptionStatus,
      to: status,
      mock: true,
    },
  );
  return row;
}
