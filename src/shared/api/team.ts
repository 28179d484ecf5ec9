import { z } from 'zod';
import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  InviteAcceptedSchema,
  InvitePreviewSchema,
  InviteSchema,
  InviteSentSchema,
  InviteTokenParamsSchema,
  TeamInviteSchema,
  TeamMemberSchema,
  teamMessages,
} from '../team.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Teams (SPEC §7 Team, DESIGN §1 Teams): calls act in the caller's account and need its
// owner's team seats, and managing invites and members needs the owner or a team admin
// (the service decides both). Inviting and removing are the account's own decisions,
// never an admin's test; so is joining a team, which needs only the invited address,
// signed in. The link's preview is public.

const tags = ['portal: team'];

export const teamApi = {
  members: defineRoute({
    method: 'GET',
    path: '/api/team/members',
    audience: 'signed-in',
    tags,
    summary: 'The team: the owner first, then members and team admins',
    responses: { 200: z.array(TeamMemberSchema), 403: ErrorSchema },
  }),
  invites: defineRoute({
    method: 'GET',
    path: '/api/team/invites',
    audience: 'signed-in',
    tags,
    summary: 'Pending invites (owner and team admins)',
    responses: { 200: z.array(TeamInviteSchema), 403: ErrorSchema },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/team/invite',
    audience: 'own-session',
    tags,
    summary:
      'Invite someone by e-mail (a link valid 7 days); without SMTP the link comes back to copy',
    body: InviteSchema,
    responses: {
      201: InviteSentSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/api/team/invites/:id',
    audience: 'signed-in',
    tags,
    summary: 'Revoke a pending invite',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/team/members/:id',
    audience: 'own-session',
    tags,
    summary: 'Remove a member (never the owner); a member may remove only themselves',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  acceptInvite: defineRoute({
    method: 'POST',
    path: '/api/team/invites/:token/accept',
    audience: 'own-session',
    refusal: teamMessages.impersonating,
    tags,
    summary: 'Accept an invite as the signed-in user (the invited address only)',
    params: InviteTokenParamsSchema,
    responses: {
      200: InviteAcceptedSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  invitePreview: defineRoute({
    method: 'GET',
    path: '/api/team/invites/:token',
    audience: 'public',
    tags: ['public'],
    summary: 'What an invite link is for (public; 404 when unknown, used or expired)',
    params: InviteTokenParamsSchema,
    responses: { 200: InvitePreviewSchema, 404: ErrorSchema, 429: ErrorSchema },
  }),
};
