import { apiTokensApi } from '#shared/api/api-tokens.ts';
import { passkeysApi } from '#shared/api/passkeys.ts';
import { privacyApi } from '#shared/api/privacy.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { settingsApi } from '#shared/api/settings.ts';
import { twoFactorApi } from '#shared/api/two-factor.ts';
import { callApi } from '#web/lib/call-api.ts';

// The Settings page's calls (SPEC §7) and their cache keys. Keys carry the user's id so
// signing out and in as someone else in the same tab never shows the last person's data.

export const settingsKeys = {
  defaults: (userId: string) => ['settings', 'legal-defaults', userId] as const,
  passkeys: (userId: string) => ['settings', 'passkeys', userId] as const,
  apiTokens: (userId: string) => ['settings', 'api-tokens', userId] as const,
};

export const settingsCalls = {
  defaults: (signal?: AbortSignal) => callApi(settingsApi.legalDefaults, {}, { signal }),
  saveDefaults: (body: BodyOf<typeof settingsApi.saveLegalDefaults>) =>
    callApi(settingsApi.saveLegalDefaults, { body }),
  changePassword: (body: BodyOf<typeof settingsApi.changePassword>) =>
    callApi(settingsApi.changePassword, { body }),
  beginTwoFactor: () => callApi(twoFactorApi.setup),
  enableTwoFactor: (code: string) => callApi(twoFactorApi.enable, { body: { code } }),
  disableTwoFactor: (code: string) => callApi(twoFactorApi.disable, { body: { code } }),
  passkeys: (signal?: AbortSignal) => callApi(passkeysApi.list, {}, { signal }),
  passkeyOptions: () => callApi(passkeysApi.addOptions),
  addPasskey: (body: BodyOf<typeof passkeysApi.add>) => callApi(passkeysApi.add, { body }),
  renamePasskey: (id: string, body: BodyOf<typeof passkeysApi.rename>) =>
    callApi(passkeysApi.rename, { params: { id }, body }),
  removePasskey: (id: string) => callApi(passkeysApi.remove, { params: { id } }),
  apiTokens: (signal?: AbortSignal) => callApi(apiTokensApi.list, {}, { signal }),
  createApiToken: (body: BodyOf<typeof apiTokensApi.create>) =>
    callApi(apiTokensApi.create, { body }),
  revokeApiToken: (id: string) => callApi(apiTokensApi.revoke, { params: { id } }),
  requestExport: () => callApi(privacyApi.requestExport),
  closeAccount: (password: string) => callApi(privacyApi.close, { body: { password } }),
};
