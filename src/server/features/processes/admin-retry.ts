import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '#server/auth/guards.ts';
import { runs } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { RetriedRun } from '#shared/runs.ts';
import { retryRun } from './retry.ts';

// Retry from the admin's Runs screen: the run is found across clients, then run again on
// its client's account exactly as the client's own Retry does (their plan, limits and live
// webhook), with the admin as the one who started it, and written to the audit log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function retryAsAdmin(
  app: FastifyInstance,
  request: FastifyRequest,
  runId: string,
): Promise<RetriedRun> {
  const { db } = app.deps.database;
  const [earlier] = UUID.test(runId)
    ? await db
        .select({ clientUserId: runs.clientUserId, processId: runs.processId })
        .from(runs)
        .where(eq(runs.id, runId))
    : [];
  const owner = earlier ? await findUserById(db, earlier.clientUserId) : undefined;
  if (!earlier || !owner) throw new DomainError('not-found', 'Run not found.');
  const admin = currentUser(request);
  const retried = await retryRun(
    app,
    request,
    { owner, actor: admin, teamRole: 'owner' },
    runId,
    true,
  );
  await audit(db, {
    source: 'runs',
    message: `${admin.email} ran a run of ${owner.email} again`,
    userId: owner.id,
    actorId: admin.id,
    processId: earlier.processId,
    ip: request.ip,
    details: { runId, newRunId: retried.run._id },
  });
  return retried;
}
