import type { CreateProcessInput } from '#shared/processes.ts';

// Webhook auth as one choice: a process sends a header key, basic auth or a
// fresh JWT, or nothing. The form shows the chosen kind's fields only and clears the
// others', since the server refuses more than one kind.

export const authKinds = ['none', 'header', 'basic', 'jwt'] as const;
export type AuthKind = (typeof authKinds)[number];

export const authKindLabels: Record<AuthKind, string> = {
  none: 'None',
  header: 'Header key',
  basic: 'Basic auth',
  jwt: 'JWT',
};

type AuthValues = Pick<
  CreateProcessInput,
  'webhookAuthKey' | 'webhookAuthBasicUser' | 'webhookAuthBasicPass' | 'webhookAuthJwtSecret'
>;

/** The kind a saved process uses, from which of its fields are set. */
export function authKindOf(values: AuthValues): AuthKind {
  if (values.webhookAuthJwtSecret) return 'jwt';
  if (values.webhookAuthBasicUser || values.webhookAuthBasicPass) return 'basic';
  if (values.webhookAuthKey) return 'header';
  return 'none';
}

/** The fields to empty when switching to `kind`: every other kind's. */
export function fieldsToClear(kind: AuthKind): (keyof AuthValues)[] {
  const owned: Record<AuthKind, (keyof AuthValues)[]> = {
    none: [],
    header: ['webhookAuthKey'],
    basic: ['webhookAuthBasicUser', 'webhookAuthBasicPass'],
    jwt: ['webhookAuthJwtSecret'],
  };
  return authKinds.filter((k) => k !== kind).flatMap((k) => owned[k]);
}
