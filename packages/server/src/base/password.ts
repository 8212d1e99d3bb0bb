import { hash } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m=19 MiB, t=2, p=1) — @node-rs/argon2's defaults, stated here so a
 * library change cannot weaken them. It hashes on the libuv pool, off the event loop.
 */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);
