import type { LegalDefaults } from '#shared/legal-defaults.ts';
import type { ChangePassword } from '#shared/password.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '#shared/two-factor.ts';
import { ApiError, api } from '#web/lib/api.ts';

// The Settings page's calls (SPEC §7) and their cache keys. Keys carry the user's id so
// signing out and in as someone else in the same tab never shows the last person's data.

export const settingsKeys = {
  defaults: (userId: string) => ['settings', 'legal-defaults', userId] as const,
  twoFactor: (userId: string) => ['settings', 'two-factor', userId] as const,
};

export const settingsCalls = {
  defaults: (signal?: AbortSignal) => api.get<LegalDefaults>('/api/legal/defaults', { signal }),
  saveDefaults: (values: LegalDefaults) =>
    api.put<{ message: string; defaults: LegalDefaults }>('/api/legal/defaults', values),
  changePassword: (body: ChangePassword) =>
    api.put<{ message: string; token: string }>('/api/settings/password', body),
  twoFactor: (signal?: AbortSignal) => api.get<TwoFactorStatus>('/api/auth/2fa', { signal }),
  beginTwoFactor: () => api.post<TwoFactorSetup>('/api/auth/2fa/setup'),
  enableTwoFactor: (code: string) =>
    api.post<{ recoveryCodes: string[] }>('/api/auth/2fa/enable', { code }),
  disableTwoFactor: (code: string) =>
    api.post<{ message: string }>('/api/auth/2fa/disable', { code }),
};

/**
 * The text of a failed Settings save (SPEC §8): the server's message, or "Status {code}"
 * when it sent none.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message
      ? error.message
      : 'Could not reach the server. Check your connection and try again.';
  }
  return error.serverMessage ?? `Status ${error.status}`;
}
