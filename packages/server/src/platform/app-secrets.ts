import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * Server-held keys (the key that signs the student ID's check-in code), made on first use and
 * kept in `app_secrets`, so every process on the database signs and checks with the same key and a restart
 * changes nothing. Never sent to a client, never logged: callers get the key's bytes, nothing prints them.
 */

/** Per database handle (a test file may open several), per name: the key, read once per process. */
const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * The 32-byte key called `name`. The first caller anywhere inserts a random one; when several processes
 * race, ON CONFLICT DO NOTHING keeps the first row and every process then reads that same row.
 */
export function appSecret(db: Db, name: string): Promise<Buffer> {
  const byName = cache.get(db) ?? new Map<string, Promise<Buffer>>();
  cache.set(db, byName);
  let key = byName.get(name);
  if (!key) {
    key = loadOrCreate(db, name);
    // a failed read (the database briefly away) is tried again by the next caller, not kept
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

async function loadOrCreate(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} could not be read`);
  return Buffer.from(row.value, 'base64url');
}
