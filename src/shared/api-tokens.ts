import { z } from 'zod';
import { singleLine } from './text.ts';

// Personal API tokens (docs/decisions/025-personal-api-tokens.md): made on Profile so a
// client's own software (a CRM button, a nightly job) can list processes, start runs and
// read runs through this API, under the same plan rules, rate limits and run history as
// the portal, instead of calling the n8n webhook around them. The secret is shown once
// and only its SHA-256 is kept.

/** What every secret starts with, so a leaked one is recognisable (and found by scanners). */
export const API_TOKEN_PREFIX = 'pat_';
/** How many characters after `pat_` a list shows to tell tokens apart. */
export const API_TOKEN_SHOWN_CHARS = 8;
export const API_TOKEN_NAME_MAX = 60;
/** Live (neither revoked nor expired) tokens a person may hold at once. */
export const API_TOKENS_MAX = 20;
/** The lifetimes a token may be given, in days. */
export const apiTokenLifetimes = [7, 30, 90, 365] as const;
export type ApiTokenLifetime = (typeof apiTokenLifetimes)[number];
export const DEFAULT_API_TOKEN_LIFETIME: ApiTokenLifetime = 90;

export const apiTokenMessages = {
  nameRequired: 'Give the token a name.',
  nameTooLong: `Keep the name to ${API_TOKEN_NAME_MAX} characters or fewer.`,
  lifetime: `Choose how long the token lasts: ${apiTokenLifetimes.join(', ')} days.`,
  created: 'API token created. Copy it now: it will not be shown again.',
  revoked: 'API token revoked. Software using it can no longer call the API.',
  notFound: 'That API token is not on your account.',
  tooMany: `You already have ${API_TOKENS_MAX} API tokens. Revoke one you no longer use, then create a new one.`,
  impersonating: 'API tokens cannot be seen or changed while testing as a client.',
  /** A token sent to a route that does not take one. */
  notHere: 'API tokens can only list processes, start runs and read runs.',
  unknown: 'This API token is not valid. Check that it was copied whole.',
  revokedToken: 'This API token has been revoked.',
  expiredToken: 'This API token has expired.',
} as const;

export const ApiTokenNameSchema = z
  .string({ error: apiTokenMessages.nameRequired })
  .trim()
  .min(1, apiTokenMessages.nameRequired)
  .max(API_TOKEN_NAME_MAX, apiTokenMessages.nameTooLong)
  .refine(...singleLine('The name'));

export const ApiTokenLifetimeSchema = z
  .number({ error: apiTokenMessages.lifetime })
  .refine((days) => (apiTokenLifetimes as readonly number[]).includes(days), {
    error: apiTokenMessages.lifetime,
  });

/** POST /api/account/api-tokens. */
export const CreateApiTokenSchema = z.object({
  name: ApiTokenNameSchema,
  expiresInDays: ApiTokenLifetimeSchema,
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

export const ApiTokenParamsSchema = z.object({ id: z.uuid() });

/** A token as its list shows it: never its secret, nor its hash. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `pat_` and the first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Null until the token is first used. */
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The answer to creating a token: the only time its secret is ever sent. */
export const CreatedApiTokenSchema = z.object({
  token: ApiTokenSchema,
  secret: z.string(),
  message: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** True for a value shaped like a personal API token (not a session token). */
export const isApiTokenSecret = (value: string) => value.startsWith(API_TOKEN_PREFIX);

/** `pat_abcd1234…`: how a list names a token. */
export const shownPrefix = (prefix: string) => `${prefix}…`;

/** The curl line Profile shows for starting a run from a script. */
export const curlExample = (origin: string, processId: string, secret = `${API_TOKEN_PREFIX}…`) =>
  `curl -X POST -H "Authorization: Bearer ${secret}" -H "Content-Type: application/json" -d '{"inputs":{}}' ${origin}/api/n8n/trigger/${processId}`;
