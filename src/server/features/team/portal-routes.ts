import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actorIdOf,
  currentUser,
  refuseWhileImpersonating,
  requireUser,
} from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { forbidden } from '#server/http/errors.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  InviteAcceptedSchema,
  InviteSchema,
  InviteSentSchema,
  InviteTokenParamsSchema,
  TeamInviteSchema,
  TeamMemberSchema,
  teamMessages,
} from '#shared/team.ts';
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

// /api/team/* for signed-in users (SPEC §7 Team, DESIGN §1 Teams): calls act in the
// caller's account and need its owner's team seats; accepting an invite needs only the
// invited address, signed in. The link's public preview is in public-routes.ts.

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const rateLimit = 'auth';
  const common = { tags: ['portal: team'], security: [{ bearer: [] }] };

  const teamAccount = async (request: FastifyRequest) => {
    const account = await resolveAccount(db, currentUser(request));
    assertTeamSeats(account);
    return account;
  };
  const actingOf = (request: FastifyRequest): Acting => ({
    actorId: actorIdOf(request),
    ip: request.ip,
  });

  app.get(
    '/members',
    {
      onRequest: requireUser,
      schema: {
        ...common,
        summary: 'The team: the owner first, then members and team admins',
        response: { 200: z.array(TeamMemberSchema), 403: ErrorSchema },
      },
    },
    async (request) => listMembers(db, await teamAccount(request)),
  );

  app.get(
    '/invites',
    {
      onRequest: requireUser,
      schema: {
        ...common,
        summary: 'Pending invites (owner and team admins)',
        response: { 200: z.array(TeamInviteSchema), 403: ErrorSchema },
      },
    },
    async (request) => listInvites(db, await teamAccount(request)),
  );

  app.post(
    '/invite',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Invite someone by e-mail (a link valid 7 days); without SMTP the link comes back to copy',
        body: InviteSchema,
        response: {
          201: InviteSentSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await teamAccount(request);
      const created = await invite(db, account, request.body, {
        ...actingOf(request),
        publicUrl: config.publicUrl,
      });
      // Without SMTP nobody would get the e-mail: the inviter gets the link to pass on,
      // and the answer says so instead of claiming an e-mail went out.
      const mailed = Boolean(app.deps.integrations.mailer);
      return reply.code(201).send({
        message: mailed ? teamMessages.inviteSent : teamMessages.inviteCreatedNoMail,
        invite: created.invite,
        emailed: mailed,
        inviteLink: mailed ? null : created.link,
      });
    },
  );

  app.delete(
    '/invites/:id',
    {
      onRequest: requireUser,
      schema: {
        ...common,
        summary: 'Revoke a pending invite',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      await revokeInvite(db, await teamAccount(request), request.params.id, actingOf(request));
      return { message: 'Invite revoked.' };
    },
  );

  app.delete(
    '/members/:id',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      schema: {
        ...common,
        summary: 'Remove a member (never the owner); a member may remove only themselves',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      await removeMember(db, await teamAccount(request), request.params.id, actingOf(request));
      return { message: teamMessages.removed };
    },
  );

  app.post(
    '/invites/:token/accept',
    {
      onRequest: requireUser,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Accept an invite as the signed-in user (the invited address only)',
        params: InviteTokenParamsSchema,
        response: {
          200: InviteAcceptedSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      // Joining a team is the invitee's own decision, not one an admin makes while testing.
      if (request.claims?.imp) throw forbidden(teamMessages.impersonating);
      return acceptInviteLink(db, currentUser(request), request.params.token, request.ip);
    },
  );
};
