import { z } from 'zod';
import { singleLine } from './text.ts';

// Passkeys (WebAuthn, docs/decisions/020-passkeys.md): added, renamed and removed on
// Profile, used to sign in without a password or as the second step after one. The
// ceremonies' options and answers follow the WebAuthn JSON forms that
// @simplewebauthn/browser and @simplewebauthn/server exchange.

export const PASSKEY_NAME_MAX = 60;

export const passkeyMessages = {
  nameRequired: 'Give the passkey a name.',
  nameTooLong: `Keep the name to ${PASSKEY_NAME_MAX} characters or fewer.`,
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'That passkey is not on your account.',
  alreadyAdded: 'This passkey is already on your account.',
  impersonating: 'Passkeys cannot be changed while testing as a client.',
  expired: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  unknown:
    'This passkey is not registered here. Sign in with your password, then add it on your Profile.',
  noPasskey: 'This account has no passkey. Use your authentication code instead.',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  browserFailed: 'Your browser could not use a passkey here. Please try again.',
} as const;

export const PasskeyNameSchema = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX, passkeyMessages.nameTooLong)
  .refine(...singleLine('The name'));

/** base64url as WebAuthn's JSON forms carry binary values; bounded so a body stays small. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** How the browser may reach the authenticator ('internal', 'usb', 'hybrid'...): hints only. */
const TransportsSchema = z.array(z.string().max(20)).max(10);
const AttachmentSchema = z.enum(['cross-platform', 'platform']);
const RequirementSchema = z.enum(['discouraged', 'preferred', 'required']);
const HintsSchema = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).max(3);

/** What the browser reports of its extensions; only the discoverable-credential flag matters. */
const ClientExtensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: AttachmentSchema.optional(),
  clientExtensionResults: ClientExtensionResultsSchema,
};

/** A new credential, as startRegistration() answers it. */
export const RegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(4000).optional(),
    transports: TransportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

/** A signed challenge, as startAuthentication() answers it. */
export const AuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(1000),
    userHandle: base64url(200).optional(),
  }),
});

/** A credential the browser is to refuse (adding) or may use (signing in). */
const DescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: TransportsSchema.optional(),
});

/** POST /api/auth/passkeys/options: what navigator.credentials.create() is given. */
export const RegistrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(DescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: AttachmentSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: RequirementSchema.optional(),
      userVerification: RequirementSchema.optional(),
    })
    .optional(),
  hints: HintsSchema.optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptionsSchema>;

/** The sign-in calls' options: what navigator.credentials.get() is given. */
export const AuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(DescriptorSchema).optional(),
  userVerification: RequirementSchema.optional(),
  hints: HintsSchema.optional(),
});
export type AuthenticationOptions = z.infer<typeof AuthenticationOptionsSchema>;

/** POST /api/auth/passkeys: the person's name for it and the authenticator's answer. */
export const AddPasskeySchema = z.object({
  name: PasskeyNameSchema,
  response: RegistrationResponseSchema,
});
export type AddPasskey = z.infer<typeof AddPasskeySchema>;

export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskey = z.infer<typeof RenamePasskeySchema>;

export const PasskeyParamsSchema = z.object({ id: z.uuid() });

/** POST /api/auth/login/passkey: a discoverable credential names its own account. */
export const PasskeySignInSchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeySignIn = z.infer<typeof PasskeySignInSchema>;

/** The second step of a password sign-in: the password step's challenge goes with it. */
export const PasskeyStepOptionsSchema = z.object({ challenge: z.string().min(1).max(2000) });
export const PasskeyStepSchema = PasskeyStepOptionsSchema.extend({
  response: AuthenticationResponseSchema,
});
export type PasskeyStep = z.infer<typeof PasskeyStepSchema>;

/** One passkey on Profile; its key material never leaves the server. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the person's devices by their password manager or platform. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;
