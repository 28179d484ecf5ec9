import type { Audience } from '#shared/api/route.ts';

// The routes still registered the old way (a prefix in src/server/routes.ts, guards added
// by hand), each with the audience its guards give it, so the authorization matrix knows
// what to expect of them. A feature converted to the shared route table
// (docs/decisions/022-one-route-table.md) deletes its block here: the matrix then reads
// the audience from the table, and fails while a converted route is still listed here.
// Routes whose handler refuses an admin's test session itself, after the body is checked
// (two-factor and passkey changes), are listed as signed-in; converted, they become
// own-session routes with their own refusal.

export const unconvertedRoutes: Record<string, Audience> = {};
