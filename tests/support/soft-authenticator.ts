import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type {
  AuthenticationOptions,
  AuthenticationResponseSchema,
  RegistrationOptions,
  RegistrationResponseSchema,
} from '#shared/passkeys.ts';

// A software authenticator for API tests: an EC P-256 key made with node:crypto that
// answers the server's options as a browser and a platform authenticator would, with a
// 'none' attestation when registering and a signed assertion when signing in. Real
// WebAuthn messages, so the server's library checks them exactly as it checks a phone's.

type RegistrationResponse = z.input<typeof RegistrationResponseSchema>;
type AuthenticationResponse = z.input<typeof AuthenticationResponseSchema>;

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
type Cbor = Parameters<typeof isoCBOR.encode>[0];

export interface Ceremony {
  /** Where the browser says it was (clientDataJSON's origin); the server's own by default. */
  origin?: string;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  /** Whether the person was verified (PIN, fingerprint); true by default. */
  userVerified?: boolean;
}

export interface SoftAuthenticator {
  /** The credential's id, base64url, once registered. */
  readonly credentialId: string;
  register(options: RegistrationOptions, ceremony?: Ceremony): RegistrationResponse;
  authenticate(options: AuthenticationOptions, ceremony?: Ceremony): AuthenticationResponse;
}

/** `origin` is the server's (PUBLIC_URL's origin); the RP id is its host name. */
export function softAuthenticator(origin: string): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpIdHash = sha256(new URL(origin).hostname);
  let counter = 0;
  let userHandle: string | undefined;

  const clientData = (type: string, challenge: string, ceremony: Ceremony) =>
    Buffer.from(
      JSON.stringify({ type, challenge, origin: ceremony.origin ?? origin, crossOrigin: false }),
    );

  const authData = (ceremony: Ceremony, attested?: Uint8Array) => {
    const verified = ceremony.userVerified ?? true;
    let flags = FLAG_USER_PRESENT | (verified ? FLAG_USER_VERIFIED : 0);
    if (attested) flags |= FLAG_ATTESTED_DATA;
    counter = ceremony.counter ?? counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };

  // The public key as COSE: EC2, ES256, P-256, x and y.
  const coseKey = () =>
    isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    );

  return {
    credentialId: b64(credentialId),

    register(options, ceremony = {}) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey()]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, Cbor>()],
          ['authData', authData({ counter: 0, ...ceremony }, attested)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: { credProps: { rk: true } },
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, ceremony)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },

    authenticate(options, ceremony = {}) {
      const data = authData(ceremony);
      const client = clientData('webauthn.get', options.challenge, ceremony);
      const signature = createSign('sha256')
        .update(Buffer.concat([data, sha256(client)]))
        .sign(privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}
