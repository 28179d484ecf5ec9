import type { authApi } from '#shared/api/auth.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { callApi } from '#web/lib/call-api.ts';

// Signing in and signing up from the public pages. Their routes carry zod, which /login
// and /register keep out of their first download: the module loads when a form is sent
// (docs/decisions/008-zod-lazy-on-public-pages.md). Neither call sends a stored token.

const authRoutes = () => import('#shared/api/auth.ts').then((module) => module.authApi);

export const logIn = async (body: BodyOf<typeof authApi.login>) =>
  callApi((await authRoutes()).login, { body }, { auth: false });

export const signUp = async (body: BodyOf<typeof authApi.register>) =>
  callApi((await authRoutes()).register, { body }, { auth: false });
