import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { teamApi as api } from '#shared/api/team.ts';
import { teamMessages } from '#shared/team.ts';
import { acceptInviteLink } from './invite-links.ts';
import {
  type Acting,
  assertTeamSeats,
  invite,
  listInvites,
  listMembers,
  removeMember,
  revokeInvite,
} from './service.ts';

// The team for signed-in users (DESIGN §1 Teams): calls act in the caller's account and
// need its owner's team seats. The link's public preview is in public-routes.ts.

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  // Invites and accepting them spend the sign-in budget: both are tried with guesses.
  const limited = { config: { rateLimit: 'auth' as const } };

  const teamAccount = async (request: FastifyRequest) => {
    const account = await resolveAccount(db, currentUser(request));
    assertTeamSeats(account);
    return account;
  };
  const actingOf = (request: FastifyRequest): Acting => ({
    actorId: actorIdOf(request),
    ip: request.ip,
  });

  serve(app, api.members, async (request) => listMembers(db, await teamAccount(request)));

  serve(app, api.invites, async (request) => listInvites(db, await teamAccount(request)));

  serve(app, api.invite, limited, async (request) => {
    const account = await teamAccount(request);
    const created = await invite(db, account, request.body, {
      ...actingOf(request),
      publicUrl: config.publicUrl,
    });
    // Without SMTP nobody would get the e-mail: the inviter gets the link to pass on,
    // and the answer says so instead of claiming an e-mail went out.
    const mailed = Boolean(app.deps.integrations.mailer);
    return {
      message: mailed ? teamMessages.inviteSent : teamMessages.inviteCreatedNoMail,
      invite: created.invite,
      emailed: mailed,
      inviteLink: mailed ? null : created.link,
    };
  });

  serve(app, api.revokeInvite, async (request) => {
    await revokeInvite(db, await teamAccount(request), request.params.id, actingOf(request));
    return { message: 'Invite revoked.' };
  });

  serve(app, api.removeMember, async (request) => {
    await removeMember(db, await teamAccount(request), request.params.id, actingOf(request));
    return { message: teamMessages.removed };
  });

  serve(app, api.acceptInvite, limited, async (request) =>
    acceptInviteLink(db, currentUser(request), request.params.token, request.ip),
  );
};
