import { ClientOverviewSchema } from '../overview.ts';
import { defineRoute } from './route.ts';

// The figures on the client's home page, for the account the signed-in person works in
// (a team member sees the owner's).

export const overviewApi = {
  client: defineRoute({
    method: 'GET',
    path: '/api/client/overview',
    audience: 'signed-in',
    tags: ['portal: overview'],
    responses: { 200: ClientOverviewSchema },
  }),
};
