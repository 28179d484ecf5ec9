import { ErrorSchema } from '../answers.ts';
import { AdminAllowedIpSchema, SecurityStateSchema } from '../security.ts';
import { defineRoute } from './route.ts';

// The admin IP lock (SPEC §2 Security, §7 Admin): every call answers with the caller's
// address and the lock now in force. Once set, admin calls from any other address are
// refused (the admin audience's guard).

const tags = ['admin: security'];
const audience = 'admin';

export const securityApi = {
  state: defineRoute({
    method: 'GET',
    path: '/api/admin/security/ip',
    audience,
    tags,
    responses: { 200: SecurityStateSchema, 403: ErrorSchema },
  }),
  lock: defineRoute({
    method: 'POST',
    path: '/api/admin/security/admin-allowed-ip',
    audience,
    tags,
    body: AdminAllowedIpSchema,
    responses: { 200: SecurityStateSchema, 400: ErrorSchema, 403: ErrorSchema },
  }),
  unlock: defineRoute({
    method: 'DELETE',
    path: '/api/admin/security/admin-allowed-ip',
    audience,
    tags,
    responses: { 200: SecurityStateSchema, 403: ErrorSchema },
  }),
};
