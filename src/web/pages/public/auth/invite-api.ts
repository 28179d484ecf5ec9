import { useEffect, useState } from 'react';
import type { InvitePreview } from '#shared/team.ts';
import { possessive } from '#shared/text.ts';
import { failureMessage } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';

// The public side of a team invite: what the link is for (no sign-in needed) and
// accepting it as the invited address. Public pages do without TanStack Query, so the
// preview is a small effect.

/**
 * The team's routes, loaded when a link is looked at: the route table carries zod, which
 * /register keeps out of its first download (docs/decisions/008-zod-lazy-on-public-pages.md).
 */
const teamRoutes = () => import('#shared/api/team.ts').then((module) => module.teamApi);

export type InviteLookup =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; preview: InvitePreview }
  | { state: 'failed'; message: string };

/** Loads the preview of `token`; `{ state: 'none' }` when there is no token. */
export function useInvitePreview(token: string | null): InviteLookup {
  const [lookup, setLookup] = useState<InviteLookup>({ state: token ? 'loading' : 'none' });

  useEffect(() => {
    if (!token) {
      setLookup({ state: 'none' });
      return;
    }
    const controller = new AbortController();
    setLookup({ state: 'loading' });
    teamRoutes()
      .then((routes) =>
        callApi(
          routes.invitePreview,
          { params: { token } },
          { auth: false, signal: controller.signal },
        ),
      )
      .then((preview) => setLookup({ state: 'ready', preview }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLookup({
          state: 'failed',
          message: failureMessage(error),
        });
      });
    return () => controller.abort();
  }, [token]);

  return lookup;
}

export const acceptInvite = async (token: string) =>
  callApi((await teamRoutes()).acceptInvite, { params: { token } });

export const acceptFailure = (error: unknown) => failureMessage(error);

/** What the team is called in sentences: the company, or the owner's team. */
export const teamName = (preview: Pick<InvitePreview, 'companyName' | 'ownerName'>) =>
  preview.companyName || `${possessive(preview.ownerName)} team`;

export const roleName = (role: InvitePreview['role']) =>
  role === 'admin' ? 'a team admin' : 'a team member';
