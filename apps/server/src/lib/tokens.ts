import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** 256-bit random session token; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): a school's morning checks 1,000 passwords in
 * two minutes, and the library's default (64 MiB, 3 passes, 4 lanes) cost 4.7 times the CPU
 * (docs/decisions/121-password-hashing-cost.md).
 */
const PASSWORD_HASHING = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, PASSWORD_HASHING);

/** Whether a stored hash was made with other settings than today's (it is hashed again at sign-in). */
export function hashIsStale(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PASSWORD_HASHING);
  } catch {
    return false; // not an argon2 hash: verifyPassword refuses it anyway
  }
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal user names. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));
