import { LRUCache } from 'lru-cache';
import { EVERYTHING_CHANGED } from '#server/db/client.ts';
import type { SessionRow, UserRow } from '#server/db/schema.ts';
import type { TeamRole } from '#shared/team.ts';

// An in-memory cache for the reads every signed-in call makes (the session and the user
// behind a token, the account it works in, the process list), so the hot path does not wait for the
// database (DESIGN §6 API budget). It never decides on stale data for long: database
// triggers announce every change to these rows (migration 0004) and each instance drops
// the keys named; PGlite and the writer's own PostgreSQL session are told before the
// write returns. The TTL is a safety net only.

/** Whose account a user works in: their own, or the owner's as a team member. */
export interface Membership {
  ownerId: string;
  role: TeamRole;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export function createReadCache() {
  const options = { max: MAX_ENTRIES, ttl: TTL_MS };
  const users = new LRUCache<string, UserRow>(options);
  const sessions = new LRUCache<string, SessionRow>(options);
  const memberships = new LRUCache<string, Membership>(options);
  // The my-processes answer as JSON, by account owner.
  const processLists = new LRUCache<string, string>(options);
  // Bumped by every change: a load that saw an older value of it is not stored.
  let epoch = 0;
  // Hits and misses since start, by cache (read when metrics are scraped).
  const counts = {
    user: { hits: 0, misses: 0 },
    session: { hits: 0, misses: 0 },
    membership: { hits: 0, misses: 0 },
    processList: { hits: 0, misses: 0 },
  };

  async function read<V extends object | string>(
    cache: LRUCache<string, V>,
    count: { hits: number; misses: number },
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    const hit = cache.get(key);
    if (hit) {
      count.hits++;
      return hit;
    }
    count.misses++;
    const startedAt = epoch;
    const value = await load();
    if (value && startedAt === epoch) cache.set(key, value);
    return value;
  }

  function invalidate(change: string) {
    epoch++;
    if (change === EVERYTHING_CHANGED) {
      users.clear();
      sessions.clear();
      memberships.clear();
      processLists.clear();
      return;
    }
    const split = change.indexOf(':');
    const table = change.slice(0, split);
    const key = change.slice(split + 1);
    if (table === 'users') {
      users.delete(key);
      processLists.delete(key); // the plan sets how far back runs are shown
    } else if (table === 'sessions') sessions.delete(key);
    else if (table === 'team_members') memberships.delete(key);
    else if (table === 'processes' || table === 'runs') processLists.delete(key);
  }

  return {
    user: (id: string, load: () => Promise<UserRow | undefined>) =>
      read(users, counts.user, id, load),
    session: (id: string, load: () => Promise<SessionRow | undefined>) =>
      read(sessions, counts.session, id, load),
    membership: (userId: string, load: () => Promise<Membership>) =>
      read(memberships, counts.membership, userId, load) as Promise<Membership>,
    processList: (ownerId: string, load: () => Promise<string>) =>
      read(processLists, counts.processList, ownerId, load) as Promise<string>,
    invalidate,
    /** Hits and misses of each cache since start (metrics: read_cache_*_total). */
    counts: (): Readonly<typeof counts> => counts,
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
