import { CODE_LISTS, type CodeListId } from '@manabi/shared';
import type { Db } from '../../db/client';
import { ping } from '../../db/client';
import { codeMaster } from '../../db/schema';

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
