import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { noticeCategories } from '../../db/schema';
import { type Actor, audit, changesOf } from '../../platform/audit';
import { notFound, stale } from '../../platform/errors';
import { likeContains } from '../../platform/sql';
import { presentCategory } from './categories.presenter';

type Category = typeof noticeCategories.$inferSelect;

const ORDER = [asc(noticeCategories.sortNumber), asc(noticeCategories.id)] as const;

export async function listCategories(db: Db, filter: { category_name?: string }) {
  const name = filter.category_name?.trim();
  const rows = await db
    .select()
    .from(noticeCategories)
    .where(name ? ilike(noticeCategories.name, likeContains(name)) : undefined)
    .orderBy(...ORDER);
  return rows.map(presentCategory);
}

export async function getCategory(db: Db, id: number) {
  const [row] = await db.select().from(noticeCategories).where(eq(noticeCategories.id, id));
  if (!row) throw notFound();
  return presentCategory(row);
}

/** The audit entry of a written category, and the write's answer. */
async function logged(tx: Tx, actor: Actor, action: 'create' | 'update', row: Category, before?: Category) {
  await audit(tx, {
    actor,
    action,
    entity: 'notice_category',
    entityId: row.id,
    detail: {
      name: row.name,
      sort_number: row.sortNumber,
      ...(before ? changesOf(before, row, { shown: ['name', 'sortNumber'] }) : {}),
    },
  });
  return { result: true as const, id: row.id };
}

export async function addCategory(
  db: Db,
  actor: Actor,
  input: { category_name: string; sort_number: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(noticeCategories)
      .values({ name: input.category_name, sortNumber: Number(input.sort_number) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return logged(tx, actor, 'create', row);
  });
}

/** Optimistic locking: the update applies only if updated_at is still the one the client saw. */
export async function updateCategory(
  db: Db,
  actor: Actor,
  input: { id: number; category_name: string; sort_number: string; updated_at: string },
) {
  return db.transaction(async (tx) => {
    const seen = new Date(input.updated_at);
    if (Number.isNaN(seen.getTime())) throw stale();
    const [before] = await tx.select().from(noticeCategories).where(eq(noticeCategories.id, input.id));
    const [row] = await tx
      .update(noticeCategories)
      .set({ name: input.category_name, sortNumber: Number(input.sort_number), updatedAt: new Date() })
      .where(and(eq(noticeCategories.id, input.id), eq(noticeCategories.updatedAt, seen)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: noticeCategories.id })
        .from(noticeCategories)
        .where(eq(noticeCategories.id, input.id));
      throw exists ? stale() : notFound();
    }
    return logged(tx, actor, 'update', row, before);
  });
}
