import type { StudentList, StudentRow, UnapprovalCount } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import type { StudentListQueryParsed, StudentListSort } from '@manabi/shared/schemas/student-list';
import { and, count, desc, eq, ilike, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { studentCounts, students } from '../../db/schema';
import {
  anyOf,
  keyContains,
  keysetBatches,
  likeContains,
  likePrefix,
  mapBatches,
  pageWithRows,
} from '../../platform/sql';
import { presentStudentRow } from './students.presenter';

/**
 * The admin student list, its CSV download and the unapproved count (SPEC §2 "Students", §7 student/list,
 * unapploval/count). The roll is sized for 100 000 students: the list is paged on the server. The duplicate
 * search is students-duplicates.service.ts, the CSV upload students-upload.service.ts.
 */

// ---- 1. list ----

/** The sort columns that may be null: their DESC puts the empty values last all the same. */
const NULLABLE_SORTS: ReadonlySet<StudentListSort> = new Set([
  'login_id',
  'generation_id',
  'birthday',
  'filing_date',
]);

/**
 * Empty values last, ties by id in the same direction. `key` and `id` are the sort column and the id as
 * the statement names them. A NOT NULL column's DESC is written without `nulls last` (the same order) so
 * that its index (column, id) read backwards serves it.
 */
function listOrder(
  sort: StudentListSort | '',
  dir: 'asc' | 'desc' | '',
  key: SQL | AnyPgColumn = sort ? sortColumn(sort) : students.id,
  id: SQL | AnyPgColumn = students.id,
): SQL[] {
  if (!sort) return [sql`${id} desc`];
  if (dir !== 'desc') return [sql`${key} asc`, sql`${id} asc`];
  return NULLABLE_SORTS.has(sort)
    ? [sql`${key} desc nulls last`, sql`${id} desc`]
    : [sql`${key} desc`, sql`${id} desc`];
}

const rowColumns = {
  id: students.id,
  loginId: students.loginId,
  generationId: students.generationId,
  name: students.name,
  nameKana: students.nameKana,
  streetName1: students.streetName1,
  birthday: students.birthday,
  approvalStatus: students.approvalStatus,
  studentType: students.studentType,
  filingDate: students.filingDate,
  anonymizedAt: students.anonymizedAt,
};

/** The list row's field of each sort (the CSV export's keyset reads it back from the row). */
const ROW_FIELD_OF_SORT: Record<StudentListSort, keyof typeof rowColumns> = {
  login_id: 'loginId',
  generation_id: 'generationId',
  name: 'name',
  name_kana: 'nameKana',
  street_name1: 'streetName1',
  birthday: 'birthday',
  approval_status: 'approvalStatus',
  student_type: 'studentType',
  filing_date: 'filingDate',
};

/** The column a sort orders by: its row field's column. */
const sortColumn = (sort: StudentListSort): AnyPgColumn => rowColumns[ROW_FIELD_OF_SORT[sort]];

/** The exact number of students with the status and type (either '' = any): a sum of student_counts. */
async function countByCodes(db: Db, approvalStatus: string, studentType: string): Promise<number> {
  const [summed] = await db
    .select({ n: sql<number>`coalesce(sum(${studentCounts.n}), 0)`.mapWith(Number) })
    .from(studentCounts)
    .where(
      and(
        approvalStatus ? eq(studentCounts.approvalStatus, approvalStatus) : undefined,
        studentType ? eq(studentCounts.studentType, studentType) : undefined,
      ),
    );
  return summed?.n ?? 0;
}

/**
 * One page of a search without text conditions, read in the order of the sort column's index (column, id)
 * (migration 0007), ids first. A nullable column's DESC NULLS LAST is that index read backwards over the
 * filled values (where it gives them DESC), then the empty ones by id DESC: two reads, not a second index.
 */
async function pageInIndexOrder(
  db: Db,
  q: StudentListQueryParsed,
  where: SQL | undefined,
  total: number,
  offset: number,
) {
  // the page's ids first (from the index alone while the table is vacuumed), then their rows: a deep page
  // skips its offset in the index instead of fetching every skipped row from the table
  const read = async (condition: SQL | undefined, order: SQL[], limit: number, from: number) => {
    const page = await db
      .select({ id: students.id })
      .from(students)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(from);
    if (page.length === 0) return [];
    const ids = page.map((r) => r.id);
    return db
      .select(rowColumns)
      .from(students)
      .where(anyOf(students.id, ids, 'int'))
      .orderBy(...order);
  };
  if (!(q.sort && q.dir === 'desc' && NULLABLE_SORTS.has(q.sort))) {
    return read(where, listOrder(q.sort, q.dir), q.size, offset);
  }
  const column = sortColumn(q.sort);
  const [empty] = await db
    .select({ n: count() })
    .from(students)
    .where(and(where, isNull(column)));
  const filled = total - (empty?.n ?? 0);
  const head =
    offset < filled
      ? await read(and(where, isNotNull(column)), [desc(column), desc(students.id)], q.size, offset)
      : [];
  const rest = q.size - head.length;
  const tail =
    rest > 0 && filled < total
      ? await read(and(where, isNull(column)), [desc(students.id)], rest, Math.max(0, offset - filled))
      : [];
  return [...head, ...tail];
}

/** The list's conditions: student number and generation match from the start, names and town contain. */
const studentSearch = (q: StudentListQueryParsed) =>
  and(
    q.login_id ? like(students.loginId, likePrefix(q.login_id)) : undefined,
    q.generation_id ? like(students.generationId, likePrefix(q.generation_id)) : undefined,
    keyContains(students.nameFold, 'fold', q.name),
    keyContains(students.nameKanaSearch, 'kana', q.name_kana),
    q.street_name1 ? ilike(students.streetName1, likeContains(q.street_name1)) : undefined,
    q.approval_status ? eq(students.approvalStatus, q.approval_status) : undefined,
    q.student_type ? eq(students.studentType, q.student_type) : undefined,
  );

/**
 * GET /api/admin/student/list/: one page of the search and the count of the whole search (same WHERE).
 * Student number and generation match from the start, names and town contain the text (a name folded as
 * the duplicate scoring folds it, 髙橋 for 高橋, a reading keyed, through the bigram indexes of their stored
 * keys: decisions 036, 088). Without a sort the newest registrations (admissions included) come first; a
 * sorted column puts empty values last and breaks ties by id. A page past the end answers the last page.
 *
 * Decision 020: without a text condition the total is the exact counters' sum and the page is read in the
 * order of the sort column's index (pageInIndexOrder); with one, a single pass over the matching rows
 * counts them and picks the page, whose rows are joined to it in the same statement (pageWithRows).
 */
export async function listStudents(db: Db, q: StudentListQueryParsed): Promise<StudentList> {
  const where = studentSearch(q);
  const order = listOrder(q.sort, q.dir);
  const textual = q.login_id || q.generation_id || q.name || q.name_kana || q.street_name1;

  if (!textual) {
    const total = await countByCodes(db, q.approval_status, q.student_type);
    const page = Math.min(q.page, Math.max(1, Math.ceil(total / q.size)));
    const rows = total === 0 ? [] : await pageInIndexOrder(db, q, where, total, (page - 1) * q.size);
    return { data_list: rows.map(presentStudentRow), total, page, size: q.size };
  }

  const key = q.sort ? sortColumn(q.sort) : students.id;
  const { rows, total, page } = await pageWithRows(
    sql`select ${students.id} as id, ${key} as k from ${students} where ${where}`,
    sql.join(listOrder(q.sort, q.dir, sql`m.k`, sql`m.id`), sql`, `),
    q.page,
    q.size,
    (pg) =>
      db
        .select({ row: rowColumns, total: pg.total })
        .from(pg.from)
        .leftJoin(students, sql`${students.id} = any(${pg.ids})`)
        .orderBy(...order),
  );
  return { data_list: rows.map(presentStudentRow), total, page, size: q.size };
}

/**
 * GET /api/admin/student/list/csv/: every student of the search in the list's order (`sort`, `dir`; page
 * and size are ignored), as list rows, 500 at a time by keyset (decision 021): 100 000 students
 * stream in constant memory, each batch one indexed or top-N query, no transaction held open.
 */
export function exportStudents(db: Db, q: StudentListQueryParsed): AsyncGenerator<StudentRow[]> {
  const search = studentSearch(q);
  const field = q.sort ? ROW_FIELD_OF_SORT[q.sort] : null;
  return mapBatches(
    keysetBatches(
      {
        key: field === null ? null : rowColumns[field],
        id: students.id,
        dir: field === null || q.dir === 'desc' ? 'desc' : 'asc',
      },
      (where, orderBy, limit) =>
        db
          .select(rowColumns)
          .from(students)
          .where(and(search, where))
          .orderBy(...orderBy)
          .limit(limit),
      (r) => ({ key: field === null ? null : r[field], id: r.id }),
    ),
    presentStudentRow,
  );
}

// ---- 2. unapproved count ----

/**
 * GET /api/admin/student/unapploval/count/: admissions waiting for a decision (approval_status '0').
 * Rejected students ('2') are decided and not counted: the number is the office's to-do, and the list's
 * 「未承認の学生」 search shows exactly these.
 */
export async function countUnapproved(db: Db): Promise<UnapprovalCount> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(eq(students.approvalStatus, APPROVAL.PENDING));
  return { unapploval: row?.n ?? 0 };
}
