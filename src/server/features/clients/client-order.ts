import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { cursorOf, exactTime, pastPosition, positionOf } from '#server/db/keyset.ts';
import { users } from '#server/db/schema.ts';
import type { ClientSort } from '#shared/clients.ts';
import { keyCursor, readKeyCursor } from '#shared/paging.ts';

// The admin client list's orders, each with its keyset: the sort key read beside each
// row, the ORDER BY, the condition "after this row" as one row comparison in the same
// order, and the cursor naming a row. Time orders keep the time to the microsecond
// (docs/decisions/019-keyset-at-database-precision.md); the name and company orders
// carry the key as the database gave it, compared back in the database, so collation and
// case are the database's on both sides.

export interface ClientPosition {
  id: string;
  /** The exact creation time (time orders): the cursor is checked against it. */
  at?: string;
  /** The sort key (name and company orders); null for an account without a company. */
  key: string | null;
}

interface ClientOrder {
  key: SQL<string | null>;
  by: SQL[];
  past: (position: ClientPosition) => SQL;
  positionOf: (cursor: string) => ClientPosition;
  cursorOf: (key: string | null, id: string) => string;
}

/** The name as the list shows it: the name, or the e-mail when there is none. */
const nameKey = sql<string>`lower(coalesce(nullif(trim(${users.name}), ''), ${users.email}))`;
/** Accounts without a company go last: (no company, company, id) ascending. */
const noCompany = sql<boolean>`(${users.companyName} is null)`;
const companyKey = sql<string>`coalesce(lower(${users.companyName}), '')`;

function timeOrder(direction: 'older' | 'newer'): ClientOrder {
  const by = direction === 'older' ? desc : asc;
  return {
    key: exactTime(users.createdAt),
    by: [by(users.createdAt), by(users.id)],
    past: (position) =>
      pastPosition(
        users.createdAt,
        users.id,
        { at: position.at ?? '', id: position.id },
        direction,
      ),
    positionOf: (cursor) => {
      const { at, id } = positionOf(cursor);
      return { at, id, key: at };
    },
    cursorOf: (key, id) => cursorOf({ at: key ?? '', id }),
  };
}

// The query schema checked the cursor's form for its order (cursorFitsOrder), so reading
// it here cannot fail; an unreadable one names no account and is refused by the service.
const keyOf = (order: string, cursor: string): ClientPosition =>
  readKeyCursor(order, cursor) ?? { id: '00000000-0000-0000-0000-000000000000', key: null };

export const clientOrders: Record<ClientSort, ClientOrder> = {
  newest: timeOrder('older'),
  oldest: timeOrder('newer'),
  name: {
    key: nameKey,
    by: [asc(nameKey), asc(users.id)],
    past: (position) =>
      sql`(${nameKey}, ${users.id}) > (${position.key ?? ''}::text, ${position.id}::uuid)`,
    positionOf: (cursor) => keyOf('name', cursor),
    cursorOf: (key, id) => keyCursor('name', key, id),
  },
  company: {
    key: sql<string | null>`lower(${users.companyName})`,
    by: [asc(noCompany), asc(companyKey), asc(users.id)],
    past: (position) =>
      sql`(${noCompany}, ${companyKey}, ${users.id}) > (${position.key === null}::boolean, ${position.key ?? ''}::text, ${position.id}::uuid)`,
    positionOf: (cursor) => keyOf('company', cursor),
    cursorOf: (key, id) => keyCursor('company', key, id),
  },
};
