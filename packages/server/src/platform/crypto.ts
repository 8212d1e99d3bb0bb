import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../base/password';

/** 256-bit random token, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// the hashing itself sits in base/ so the demo seed (db/) hashes exactly as the app does
export { hashPassword } from '../base/password';

/** A hash computed once to compare against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
