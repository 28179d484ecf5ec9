import { type Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting:
// 19 MiB of memory, 2 iterations, parallelism 1.
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id: a const enum, so spelled as its value
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random password: verifying against it when no account matches
// the email makes a login for an unknown address take as long as a known one.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
