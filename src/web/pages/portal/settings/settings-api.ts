import type { Message } from '#shared/answers.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { settingsApi } from '#shared/api/settings.ts';
import type {
  AddPasskey,
  Passkey,
  PasskeyList,
  RegistrationOptions,
  RenamePasskey,
} from '#shared/passkeys.ts';
import type { ExportRequestAnswer } from '#shared/privacy.ts';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#shared/two-factor.ts';
import { api } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';

// The Settings page's calls (SPEC §7) and their cache keys. Keys carry the user's id so
// signing out and in as someone else in the same tab never shows the last person's data.

export const settingsKeys = {
  defaults: (userId: string) => ['settings', 'legal-defaults', userId] as const,
  twoFactor: (userId: string) => ['settings', 'two-factor', userId] as const,
  passkeys: (userId: string) => ['settings', 'passkeys', userId] as const,
};

export const settingsCalls = {
  defaults: (signal?: AbortSignal) => callApi(settingsApi.legalDefaults, {}, { signal }),
  saveDefaults: (body: BodyOf<typeof settingsApi.saveLegalDefaults>) =>
    callApi(settingsApi.saveLegalDefaults, { body }),
  changePassword: (body: BodyOf<typeof settingsApi.changePassword>) =>
    callApi(settingsApi.changePassword, { body }),
  twoFactor: (signal?: AbortSignal) => api.get<TwoFactorStatus>('/api/auth/2fa', { signal }),
  beginTwoFactor: () => api.post<TwoFactorSetup>('/api/auth/2fa/setup'),
  enableTwoFactor: (code: string) => api.post<RecoveryCodes>('/api/auth/2fa/enable', { code }),
  disableTwoFactor: (code: string) => api.post<Message>('/api/auth/2fa/disable', { code }),
  passkeys: (signal?: AbortSignal) => api.get<PasskeyList>('/api/auth/passkeys', { signal }),
  passkeyOptions: () => api.post<RegistrationOptions>('/api/auth/passkeys/options'),
  addPasskey: (body: AddPasskey) => api.post<Passkey>('/api/auth/passkeys', body),
  renamePasskey: (id: string, body: RenamePasskey) =>
    api.patch<Passkey>(`/api/auth/passkeys/${id}`, body),
  removePasskey: (id: string) => api.delete<Message>(`/api/auth/passkeys/${id}`),
  requestExport: () => api.post<ExportRequestAnswer>('/api/account/export'),
  closeAccount: (password: string) => api.post<Message>('/api/account/close', { password }),
};
