import { passwordResetApi } from '#shared/api/password-reset.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { callApi } from '#web/lib/call-api.ts';

// Asking for a reset link, checking one before its form is shown, and setting the new
// password with it, loaded when first called: the routes carry zod and the route caller comes with them, both of which the
// forgot and reset pages' first download does without
// (docs/decisions/008-zod-lazy-on-public-pages.md). Neither call sends a stored token.

export const askForResetLink = (body: BodyOf<typeof passwordResetApi.forgot>) =>
  callApi(passwordResetApi.forgot, { body }, { auth: false });

export const checkResetLink = (token: string, signal?: AbortSignal) =>
  callApi(passwordResetApi.check, { body: { token } }, { auth: false, signal });

export const setNewPassword = (body: BodyOf<typeof passwordResetApi.reset>) =>
  callApi(passwordResetApi.reset, { body }, { auth: false });
