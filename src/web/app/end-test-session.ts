import { impersonationApi } from '#shared/api/impersonation.ts';
import { callApi } from '#web/lib/call-api.ts';

// Ends an admin's test session on the server ("Return to admin"). A module of its own so
// the banner loads it at the click: the layout of every page, public ones included, names
// the banner's static imports for preloading, and the route brings zod.

export const endTestSession = () => callApi(impersonationApi.end);
