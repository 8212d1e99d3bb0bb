import { setImmediate as nextTurn } from 'node:timers/promises';
import { foldName } from '@manabi/shared/domain/person-match';
import { normalizeKana, normalizeName } from '@manabi/shared/validation/normalize';
import {
  and,
  type Column,
  getTableColumns,
  getTableName,
  type Placeholder,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/statements';

/** The rows of a raw statement: db/statements' one reader, offered beside the other SQL helpers. */
export { rowsOf };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%value%` for ILIKE with the user's % _ \ taken literally. */
export const likeContains = (value: string) => `%${escapeLike(value)}%`;

/** `value%` (starts with), the user's % _ \ taken literally; an index on the column can serve it. */
export const likePrefix = (value: string) => `${escapeLike(value)}%`;

/**
 * How a name search keys what was typed: as its stored column keys the name (decision 036). A person's name
 * is folded as the duplicate scoring folds it (`fold`: 異体字 too, decision 088); a staff member's is keyed.
 */
export type SearchKey = 'name' | 'fold' | 'kana';

const KEY_FUNCTIONS: Record<SearchKey, { sql: SQL; js: (s: string) => string }> = {
  name: { sql: sql.raw('manabi_name_key'), js: normalizeName },
  fold: { sql: sql.raw('manabi_name_fold'), js: foldName },
  kana: { sql: sql.raw('manabi_kana_key'), js: normalizeKana },
};

/**
 * `column` keyed in the statement, as its stored key column would hold it: for a search over rows that other
 * conditions already bound, reading only columns an index covers (one course's applicants).
 */
export const keyOf = (key: SearchKey, column: AnyPgColumn): SQL => sql`${KEY_FUNCTIONS[key].sql}(${column})`;

/**
 * A name or reading search: the typed value keyed in SQL by the same function as the stored column
 * (`manabi_name_key` / `manabi_kana_key`, migration 0014: NFKC, no whitespace, hiragana → katakana for a
 * reading; `manabi_name_fold`, migration 0027: 異体字 folded as well), then `column ILIKE '%key%'` with the
 * key's % _ \ taken literally. So 「山田花子」 finds 「山田 花子」 and 「山田　花子」, ｻﾄｳ and さとう find サトウ,
 * and 高橋 finds 髙橋. `column` is a keyed column with a `manabi_bigrams` GIN index
 * (decisions 020, 036): from two characters on, the key's character pairs must also all be among the
 * column's, which every ILIKE match meets, the index answers, and ILIKE still decides. One character: ILIKE
 * alone. A value that keys to nothing (spaces only) sets no condition. The JavaScript twin only decides
 * between those forms; the comparison itself is SQL's on both sides, so the two can never part ways.
 */
export function keyContains(
  column: AnyPgColumn | SQL,
  key: SearchKey,
  value: string,
  { indexed = true }: { indexed?: boolean } = {},
): SQL | undefined {
  const length = [...KEY_FUNCTIONS[key].js(value)].length;
  if (length === 0) return undefined;
  const keyed = sql`${KEY_FUNCTIONS[key].sql}(${value}::text)`;
  const pattern = sql`'%' || replace(replace(replace(${keyed}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  // indexed: false where other conditions already bound the rows (one course's applicants): the pairs
  // would then be worked out for every row instead of being read from the index
  return indexed && length >= 2
    ? sql`(${column} ilike ${pattern} and manabi_bigrams(${column}) @> manabi_bigrams(${keyed}))`
    : sql`${column} ilike ${pattern}`;
}

/**
 * `"table"."column"` always qualified. Drizzle leaves columns unqualified inside `sql` expressions in a
 * single-table select list, where a correlated subquery would then bind them to the inner table.
 */
export const qualified = (table: Table, column: Column): SQL =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

/** One page and the whole count through a window; a page past the end answers the last page. */
export async function paged<R extends { total: number }>(
  page: number,
  size: number,
  fetch: (limit: number, offset: number) => Promise<R[]>,
): Promise<{ rows: R[]; total: number; page: number }> {
  let rows = await fetch(size, (page - 1) * size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // past the end: the count from page 1, then the last page
    const first = await fetch(1, 0);
    total = first[0]?.total ?? 0;
    page = Math.max(1, Math.ceil(total / size));
    rows = total > 0 ? await fetch(size, (page - 1) * size) : [];
  }
  return { rows, total, page };
}

/**
 * One page of a search as ids, and the search's count, from one pass over the matching rows (decision
 * 020). `matched` selects `id` and the columns `order` sorts by (written against the alias `m`); it is
 * computed whole (MATERIALIZED: planned for all its rows, so no LIMIT tempts the planner into walking an
 * index in order and filtering), counted, and only the page's ids are sorted out of it. A page past the end
 * answers the last page (page 1 when nothing matches). The caller reads the page's rows by id.
 */
export async function pageOfIds(
  db: DbOrTx,
  matched: SQL,
  order: SQL,
  page: number,
  size: number,
): Promise<{ ids: number[]; total: number; page: number }> {
  const {
    items,
    total,
    page: answered,
  } = await pageOrLast(page, size, async (p) => {
    const [row] = await rowsOf<{ total: number; ids: number[] }>(
      db,
      pageOfIdsSelect(matched, order, p, size),
    );
    return { items: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0), page: p };
  });
  return { ids: items, total, page: answered };
}

/**
 * The rule of {@link pageOfIds} and {@link pageWithRows}: `run` reads page `p` with the search's count; a page
 * past the end answers the last page, read again, and page 1 when nothing matches.
 */
async function pageOrLast<T>(
  page: number,
  size: number,
  run: (p: number) => Promise<{ items: T[]; total: number; page: number }>,
): Promise<{ items: T[]; total: number; page: number }> {
  const first = await run(page);
  if (first.items.length > 0 || page === 1) return first;
  if (first.total === 0) return { items: [], total: 0, page: 1 };
  return run(Math.ceil(first.total / size));
}

/** The statement of {@link pageOfIds} for one page: a single row of `total` and the page's `ids` (an int array, in order). */
const pageOfIdsSelect = (matched: SQL, order: SQL, page: number, size: number): SQL =>
  sql`with m as materialized (${matched})
    select (select count(*)::int from m) as total,
      array(select m.id from m order by ${order} limit ${size} offset ${(page - 1) * size}) as ids`;

/** What {@link pageWithRows} hands its reader: the page as a one-row source, its ids and the search's count. */
export interface PageSource {
  /** `(…) as pg`: one row, whatever the page holds; the rows are LEFT JOINed to it */
  from: SQL;
  /** the page's ids, an int array: join a row on `id = any(ids)` */
  ids: SQL;
  /** the count of the whole search */
  total: SQL<number>;
}

/**
 * {@link pageOfIds} and the page's rows in one statement (one round trip and one statement less
 * than the ids, then the rows by id). `read` selects `total` and the rows LEFT JOINed to `from` on
 * `id = any(ids)`, in the page's order; a row whose joined table is all NULL (an empty page) is `row: null`.
 * A page past the end answers the last page, read again (page 1 when nothing matches).
 */
export async function pageWithRows<R>(
  matched: SQL,
  order: SQL,
  page: number,
  size: number,
  read: (page: PageSource) => Promise<{ total: number; row: R | null }[]>,
): Promise<{ rows: R[]; total: number; page: number }> {
  const {
    items,
    total,
    page: answered,
  } = await pageOrLast(page, size, async (p) => {
    const got = await read({
      from: sql`(${pageOfIdsSelect(matched, order, p, size)}) as pg`,
      ids: sql`pg.ids`,
      total: sql<number>`pg.total`.mapWith(Number),
    });
    return { items: got.flatMap((g) => (g.row === null ? [] : [g.row])), total: got[0]?.total ?? 0, page: p };
  });
  return { rows: items, total, page: answered };
}

/**
 * A unique index refused the write (SQLSTATE 23505), optionally that one index; the error may be wrapped
 * (Drizzle wraps the driver's, PGlite and node-postgres nest differently), so every `cause` is looked at.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let x: unknown = err; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    const e = x as { code?: unknown; constraint?: unknown };
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint)) return true;
  }
  return false;
}

/**
 * Two acts on one person met and the database refused one (a deadlock, 40P01; a serialization failure,
 * 40001): the data is as the other left it, and the caller is told to look again. The lock order
 * (repositories/person-locks) keeps these from happening; this is the answer should one still come.
 */
export function isRaceLost(err: unknown): boolean {
  for (let x: unknown = err; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    const code = (x as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** column = any(array): one parameter however many values (an IN list of 300 000 would pass PostgreSQL's limit). */
export const anyOf = (
  column: AnyPgColumn,
  values: readonly (string | number)[],
  type: 'text' | 'int',
): SQL =>
  type === 'text'
    ? sql`${column} = any(${sql.param(values)}::text[])`
    : sql`${column} = any(${sql.param(values)}::int[])`;

/**
 * A constant as an SQL literal, not a bind parameter (e.g. a code value in a raw fragment): the statement
 * text stays the same for every call and the planner sees the value.
 */
export const sqlLiteral = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** How a keyset walk orders its rows: by `key` (ties and NULLs by `id`), or by `id` alone. */
export interface KeysetOrder {
  /** the sort column; null = `id` alone */
  key: AnyPgColumn | null;
  /** a unique, not-null column breaking ties (the primary key) */
  id: AnyPgColumn;
  dir: 'asc' | 'desc';
}

/**
 * Every row of an ordered query, `size` at a time, by keyset pagination: each batch starts after the last
 * row of the one before (`(key, id) > (last key, last id)`), so no batch re-reads or skips rows and no
 * connection or transaction is held between batches. The order is `key dir NULLS LAST, id dir` — the
 * paged lists' — walked in two runs: the rows whose key is not null, then those whose key is null by id.
 * The same statements serve PostgreSQL and PGlite (decision 021). `fetch` runs the query with the extra
 * condition, the order and the limit; `last` tells the key and id of a row it answered. 500 rows a batch:
 * mapping and writing a batch stays well under the 20 ms a request may wait behind it.
 */
export async function* keysetBatches<R>(
  order: KeysetOrder,
  fetch: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<R[]>,
  last: (row: R) => { key: unknown; id: number },
  size = 500,
): AsyncGenerator<R[]> {
  const { key, id } = order;
  const dir = sql.raw(order.dir === 'desc' ? 'desc' : 'asc');
  const after = sql.raw(order.dir === 'desc' ? '<' : '>');
  let from: { key: unknown; id: number } | null = null;
  if (key !== null) {
    for (;;) {
      // `key >= last` is implied by the row comparison; said on its own, an index on the key alone serves it
      const where: SQL = from
        ? sql`${key} ${sql.raw(order.dir === 'desc' ? '<=' : '>=')} ${from.key} and (${key}, ${id}) ${after} (${from.key}, ${from.id})`
        : sql`${key} is not null`;
      const rows = await fetch(where, [sql`${key} ${dir}`, sql`${id} ${dir}`], size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
      from = last(rows[rows.length - 1] as R);
    }
    if (key.notNull) return;
  }
  let fromId: number | null = null;
  for (;;) {
    const where = and(
      key === null ? undefined : sql`${key} is null`,
      fromId === null ? undefined : sql`${id} ${after} ${fromId}`,
    );
    const rows = await fetch(where, [sql`${id} ${dir}`], size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) break;
    fromId = last(rows[rows.length - 1] as R).id;
  }
}

/** Each batch of `batches` mapped row by row (a presenter over keysetBatches). */
export async function* mapBatches<A, B>(batches: AsyncIterable<A[]>, f: (a: A) => B): AsyncGenerator<B[]> {
  for await (const rows of batches) yield rows.map(f);
}

/**
 * One multi-row INSERT whose values travel as one array parameter per column:
 * `INSERT INTO t (a, b) SELECT * FROM unnest($1::text[], $2::int[])`. However many rows, the statement
 * has as many parameters as columns, and building it costs a pass over the values — no SQL text or
 * parameter list per row (decision 021). `types` names each inserted field's PostgreSQL element type; the
 * other columns take their defaults.
 */
export async function insertUnnest<T extends PgTable>(
  db: DbOrTx,
  table: T,
  types: Partial<Record<keyof T['$inferInsert'] & string, string>>,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const fields = Object.keys(types) as (keyof T['$inferInsert'] & string)[];
  const names = fields.map((f) => sql.identifier((columns[f] as Column).name));
  const arrays: SQL[] = [];
  for (const f of fields) {
    // each column's array goes as its literal text, built here a column a turn: the driver would build
    // them all in one task when the statement is sent (several ms for 500 rows of 29 columns, decision 021)
    const literal = arrayLiteral(rows.map((r) => r[f]));
    arrays.push(sql`${sql.param(literal)}::${sql.raw(types[f] as string)}[]`);
    await nextTurn();
  }
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/**
 * A one-dimensional PostgreSQL array literal: `{"a","b\"c",NULL}`. Every element is quoted (a quoted
 * NULL, comma, brace or space is text), with backslash and double quote escaped, as node-postgres writes
 * an array parameter. Dates go as ISO 8601 text.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      parts[i] = 'NULL';
      continue;
    }
    let text: string;
    if (typeof v === 'string') text = v;
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') text = String(v);
    else if (v instanceof Date) text = v.toISOString();
    else throw new TypeError(`arrayLiteral: unsupported element of type ${typeof v}`);
    parts[i] = `"${text.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}

/**
 * A value of a statement run by name, hidden from the planner: `(select $n::type)`, computed once when the
 * statement runs. PostgreSQL plans a named statement for its values five times, then keeps one plan for every
 * value only if it costs no more than those did. Where a value's own statistics make each call's plan look
 * cheaper (a course with few applications among courses with thousands, a short list of session hashes), it
 * plans every call anew, which costs as much as running it (decision 032 has the measure). Hidden, the value
 * is estimated alike for every call, and the kept
 * plan is used from the sixth call on. Only where one plan serves every value (an index look-up by it).
 */
export const unplanned = (value: Placeholder | number, type: 'int' | 'text[]'): SQL =>
  sql`(select ${value}::${sql.raw(type)})`;

/** A placeholder as an SQL operand (for pieces that take SQL values, such as the notice audience). */
export const placeholderSql = (name: string): SQL => sql`${sql.placeholder(name)}`;
