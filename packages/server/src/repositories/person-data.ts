/**
 * The acts on a person's data that the registry drives (decision 081): what a merge moves and ends, what its
 * undo puts back, what erasure blanks and deletes, and what a withdrawal ends — each read from PERSON_DATA,
 * set-based (one statement per table), in the caller's transaction. course_applications is the one table a
 * merge does not move here: its writes are the course-applications repository's (the merge calls it first).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  type ColumnErasure,
  type MergeRule,
  PERSON_DATA,
  type PersonDataTable,
  type PersonTable,
} from '../db/person-data';
import { rowsOf } from '../platform/sql';

const ENTRIES = Object.entries(PERSON_DATA) as [PersonDataTable, PersonTable][];
const id = (name: string) => sql.identifier(name);
const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
/** Any of the table's person columns is one of the given students. */
const aboutAny = (entry: PersonTable, students: readonly number[]): SQL =>
  sql.join(
    entry.person.map((c) => sql`${id(c)} = any(${ids(students)})`),
    sql` or `,
  );

/** The tables a merge moves by rule, but applications (moved by their repository) and the record itself. */
const moved = (kind: 'rows' | 'unless-kept-has') =>
  ENTRIES.flatMap(([table, entry]) => {
    const rule = entry.merge as MergeRule | 'the record itself';
    return table !== 'course_applications' && typeof rule === 'object' && 'move' in rule && rule.move === kind
      ? [{ table, column: entry.person[0] as string, rule }]
      : [];
  });

/** What a merge moved and removed, by table: what its undo needs (kept in student_merges.record). */
export interface MovedRecord {
  /** the ids of the rows moved, by table */
  by_id: Record<string, number[]>;
  /** the keys of the rows moved where the kept record had none for the key, by table */
  by_key: Record<string, (number | string)[]>;
  /** the other record's rows removed because the kept one had its own for the key, whole, by table */
  removed: Record<string, Record<string, unknown>[]>;
}

/**
 * Moves the other record's rows to the kept one, as each table's merge rule says, and ends what ends (its
 * sessions, links, candidate pairs). Run after the applications moved.
 */
export async function moveRecord(tx: DbOrTx, keepId: number, otherId: number): Promise<MovedRecord> {
  const out: MovedRecord = { by_id: {}, by_key: {}, removed: {} };
  for (const { table, column, rule } of moved('rows')) {
    const pk = (rule as { id: string }).id;
    const rows = await rowsOf<{ id: number }>(
      tx,
      sql`update ${id(table)} set ${id(column)} = ${keepId} where ${id(column)} = ${otherId} returning ${id(pk)} as id`,
    );
    out.by_id[table] = rows.map((r) => r.id);
  }
  for (const { table, column, rule } of moved('unless-kept-has')) {
    const name = (rule as { key: string | null }).key;
    const keptHasNone =
      name === null
        ? sql`not exists (select 1 from ${id(table)} k where k.${id(column)} = ${keepId})`
        : sql`${id(name)} not in (select ${id(name)} from ${id(table)} where ${id(column)} = ${keepId})`;
    // the key of a row keyed by the student alone is the student: the kept one's id once moved
    const rows = await rowsOf<{ key: number | string }>(
      tx,
      sql`update ${id(table)} set ${id(column)} = ${keepId}
        where ${id(column)} = ${otherId} and ${keptHasNone}
        returning ${id(name ?? column)} as key`,
    );
    out.by_key[table] = rows.map((r) => r.key);
    out.removed[table] = (
      await rowsOf<{ row: Record<string, unknown> }>(
        tx,
        sql`delete from ${id(table)} t where ${id(column)} = ${otherId} returning to_jsonb(t) as row`,
      )
    ).map((r) => r.row);
  }
  for (const [table, entry] of ENTRIES) {
    const rule = entry.merge;
    if (typeof rule === 'object' && 'end' in rule)
      await tx.execute(sql`delete from ${id(table)} where ${aboutAny(entry, [otherId])}`);
  }
  return out;
}

/** A merge record written before the registry (decision 071's shape), read as today's. */
export function movedOf(record: Record<string, unknown>, keptId: number): MovedRecord {
  if ('by_key' in record)
    return {
      by_id: record.by_id as MovedRecord['by_id'],
      by_key: record.by_key as MovedRecord['by_key'],
      removed: (record.removed ?? {}) as MovedRecord['removed'],
    };
  const byNotice = (record.by_notice ?? {}) as Record<string, number[]>;
  const removed = (record.removed ?? {}) as Record<string, Record<string, unknown>[]>;
  const snake = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
    );
  const calendar = record.calendar_removed as Record<string, unknown> | null | undefined;
  return {
    by_id: (record.by_id ?? {}) as Record<string, number[]>,
    by_key: { ...byNotice, calendar_feeds: record.calendar_moved ? [keptId] : [] },
    removed: {
      ...Object.fromEntries(Object.entries(removed).map(([t, rows]) => [t, rows.map(snake)])),
      calendar_feeds: calendar ? [snake(calendar)] : [],
    },
  };
}

/** Points the moved rows back to the merged record and puts the removed ones back (the undo). */
export async function moveRecordBack(
  tx: DbOrTx,
  keptId: number,
  mergedId: number,
  record: MovedRecord,
): Promise<void> {
  for (const { table, column, rule } of moved('rows')) {
    const back = record.by_id[table] ?? [];
    if (back.length > 0)
      await tx.execute(
        sql`update ${id(table)} set ${id(column)} = ${mergedId}
          where ${id((rule as { id: string }).id)} = any(${ids(back)})`,
      );
  }
  for (const { table, column, rule } of moved('unless-kept-has')) {
    const keys = record.by_key[table] ?? [];
    const key = id((rule as { key: string | null }).key ?? column);
    if (keys.length > 0)
      await tx.execute(
        sql`update ${id(table)} set ${id(column)} = ${mergedId}
          where ${id(column)} = ${keptId} and ${key}::text = any(${sql.param(keys.map(String))}::text[])`,
      );
    const rows = record.removed[table] ?? [];
    if (rows.length > 0)
      await tx.execute(
        sql`insert into ${id(table)} select * from jsonb_populate_recordset(null::${id(table)}, ${JSON.stringify(rows)}::jsonb)
          on conflict do nothing`,
      );
  }
}

/** One personal column's erased value as SQL, or null when erasure leaves it. */
function erasedValue(rule: ColumnErasure): SQL | null {
  if ('blank' in rule) return rule.blank === null ? sql`null` : sql`${rule.blank}`;
  if ('generalise' in rule) return sql.raw(rule.generalise);
  return null;
  // `derived` follows its sources; `keep` stays (the registry says why)
}

/** The SET list of a table's erasure ([] when it keeps every column). */
function erasureSet(entry: PersonTable): SQL[] {
  return Object.entries(entry.personal).flatMap(([column, p]) => {
    const value = erasedValue(p.erasure);
    return value ? [sql`${id(column)} = ${value}`] : [];
  });
}

/**
 * Erases the given students' data everywhere the registry names it: the record's own columns as each says,
 * the rows that go deleted, the personal columns of the rows that stay blanked. Only records still holding
 * data change (anonymized_at is null), so two runs at once erase each record once. Answers the records
 * erased.
 */
export async function eraseRecords(
  tx: DbOrTx,
  studentIds: readonly number[],
  now: Date,
): Promise<{ id: number; login_id: string | null; approval_status: string }[]> {
  if (studentIds.length === 0) return [];
  const done = await rowsOf<{ id: number; login_id: string | null; approval_status: string }>(
    tx,
    sql`update students set ${sql.join(erasureSet(PERSON_DATA.students), sql`, `)},
      is_email = false, anonymized_at = ${now}, updated_at = ${now}
    where id = any(${ids(studentIds)}) and anonymized_at is null
    returning id, login_id, approval_status`,
  );
  const gone = done.map((r) => r.id);
  if (gone.length === 0) return [];
  for (const [table, entry] of ENTRIES) {
    if (table === 'students') continue;
    if ('delete' in entry.erasure) {
      await tx.execute(sql`delete from ${id(table)} where ${aboutAny(entry, gone)}`);
      continue;
    }
    const set = erasureSet(entry);
    if (set.length > 0)
      await tx.execute(sql`update ${id(table)} set ${sql.join(set, sql`, `)} where ${aboutAny(entry, gone)}`);
  }
  return done;
}

/** Ends, for a withdrawn student, what the registry says a withdrawal ends (their sessions, links, feed). */
export async function endForWithdrawal(tx: DbOrTx, studentId: number): Promise<void> {
  for (const [table, entry] of ENTRIES)
    if ('end' in entry.withdrawal)
      await tx.execute(sql`delete from ${id(table)} where ${aboutAny(entry, [studentId])}`);
}
