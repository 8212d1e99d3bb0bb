import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DuplicateRow, StudentDuplicates, StudentList, UnapprovalCount } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { studentNameKey } from '@manabi/shared/domain/student';
import {
  DUPLICATE_GROUP_LIMIT,
  DUPLICATE_GROUPS,
  type DuplicateGroup,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_OPTIONAL,
  STUDENT_UPLOAD_MSG,
  type StudentCsvField,
  type StudentCsvRow,
  type StudentListQueryParsed,
  type StudentListSort,
  studentCsvRowSchema,
  studentCsvToForm,
} from '@manabi/shared/schemas/student-list';
import { normalizeDigits } from '@manabi/shared/validation/normalize';
import { and, count, desc, eq, ilike, isNotNull, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { studentCounts, students } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import {
  atLine,
  firstLines,
  headerOfField,
  issueMessages,
  readRows,
  rowErrorsMessage,
  type UploadAnswer,
} from '../../platform/csv-upload';
import { notFound } from '../../platform/errors';
import {
  anyOf,
  bigramContains,
  isUniqueViolation,
  likeContains,
  likePrefix,
  pageOfIds,
} from '../../platform/sql';
import { presentStudentRow } from './students.presenter';

/**
 * The admin student list, the unapproved count, the CSV upload and the duplicate search (SPEC §2
 * "Students", §7 student/list, unapploval/count, upload, duplicate). The roll is sized for 100 000
 * students: the list is paged on the server and every duplicate group is one indexed query.
 */

// ---- 1. list ----

const SORT_COLUMNS: Record<StudentListSort, AnyPgColumn> = {
  login_id: students.loginId,
  generation_id: students.generationId,
  name: students.name,
  name_kana: students.nameKana,
  street_name1: students.streetName1,
  birthday: students.birthday,
  approval_status: students.approvalStatus,
  student_type: students.studentType,
  filing_date: students.filingDate,
};

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
  key: SQL | AnyPgColumn = sort ? SORT_COLUMNS[sort] : students.id,
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
};

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
  const column = SORT_COLUMNS[q.sort];
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

/**
 * GET /api/admin/student/list/: one page of the search and the count of the whole search (same WHERE).
 * Student number and generation match from the start, names and town contain the text (names through
 * their bigram indexes). Without a sort the newest registrations (admissions included) come first; a
 * sorted column puts empty values last and breaks ties by id. A page past the end answers the last page.
 *
 * Decision 020: without a text condition the total is the exact counters' sum and the page is read in the
 * order of the sort column's index (pageInIndexOrder); with one, a single pass over the matching rows counts them and picks the
 * page's ids (pageOfIds), whose rows are then read by id.
 */
export async function listStudents(db: Db, q: StudentListQueryParsed): Promise<StudentList> {
  const where = and(
    q.login_id ? like(students.loginId, likePrefix(q.login_id)) : undefined,
    q.generation_id ? like(students.generationId, likePrefix(q.generation_id)) : undefined,
    q.name ? bigramContains(students.name, q.name) : undefined,
    q.name_kana ? bigramContains(students.nameKana, q.name_kana) : undefined,
    q.street_name1 ? ilike(students.streetName1, likeContains(q.street_name1)) : undefined,
    q.approval_status ? eq(students.approvalStatus, q.approval_status) : undefined,
    q.student_type ? eq(students.studentType, q.student_type) : undefined,
  );
  const order = listOrder(q.sort, q.dir);
  const textual = q.login_id || q.generation_id || q.name || q.name_kana || q.street_name1;

  if (!textual) {
    const total = await countByCodes(db, q.approval_status, q.student_type);
    const page = Math.min(q.page, Math.max(1, Math.ceil(total / q.size)));
    const rows = total === 0 ? [] : await pageInIndexOrder(db, q, where, total, (page - 1) * q.size);
    return { data_list: rows.map(presentStudentRow), total, page, size: q.size };
  }

  const key = q.sort ? SORT_COLUMNS[q.sort] : students.id;
  const { ids, total, page } = await pageOfIds(
    db,
    sql`select ${students.id} as id, ${key} as k from ${students} where ${where}`,
    sql.join(listOrder(q.sort, q.dir, sql`m.k`, sql`m.id`), sql`, `),
    q.page,
    q.size,
  );
  const rows = ids.length
    ? await db
        .select(rowColumns)
        .from(students)
        .where(anyOf(students.id, ids, 'int'))
        .orderBy(...order)
    : [];
  return { data_list: rows.map(presentStudentRow), total, page, size: q.size };
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

// ---- 3. duplicates ----

const duplicateColumns = {
  user_id: students.id,
  login_id: students.loginId,
  name: students.name,
  street_name1: students.streetName1,
  birthday: students.birthday,
  approval_status: students.approvalStatus,
};

/** Which of name (nm), town (sn), birthday (bd) each group matches; the others must differ. */
const GROUP_KEYS: Record<DuplicateGroup, { nm: boolean; sn: boolean; bd: boolean }> = {
  nm_sn_bd: { nm: true, sn: true, bd: true },
  nm_sn: { nm: true, sn: true, bd: false },
  nm_bd: { nm: true, sn: false, bd: true },
  sn_bd: { nm: false, sn: true, bd: true },
  nm: { nm: true, sn: false, bd: false },
  sn: { nm: false, sn: true, bd: false },
  bd: { nm: false, sn: false, bd: true },
};

/**
 * GET /api/admin/student/duplicate/?user_id=: the pending or rejected student and the other students
 * (any approval status) with the same name (name_key: width and spaces normalised), town (street_name1) or
 * birthday. Groups are exclusive: each student is in the strongest group it matches. A blank field of the
 * target matches nothing. Each group is one query led by an indexed equality (name_key, street_name1 or
 * birthday) answering at most DUPLICATE_GROUP_LIMIT rows and, by a count subquery, the group's full size.
 * Approved or missing → 404 (the screen goes to /admin/404, SPEC §2).
 */
export async function findDuplicates(db: Db, userId: number): Promise<StudentDuplicates> {
  const [target] = await db
    .select({ ...duplicateColumns, nameKey: students.nameKey })
    .from(students)
    .where(eq(students.id, userId));
  if (!target || target.approval_status === APPROVAL.APPROVED) throw notFound();
  const { nameKey, ...userData } = target;
  const key = nameKey || studentNameKey(target.name);
  const town = target.street_name1;
  const birthday = target.birthday;

  const matches = {
    nm: key === '' ? null : { same: eq(students.nameKey, key), differs: ne(students.nameKey, key) },
    sn:
      town === '' ? null : { same: eq(students.streetName1, town), differs: ne(students.streetName1, town) },
    bd:
      birthday === null
        ? null
        : {
            same: eq(students.birthday, birthday),
            differs: or(isNull(students.birthday), ne(students.birthday, birthday)) as SQL,
          },
  };

  const group = async (name: DuplicateGroup) => {
    const conditions: SQL[] = [ne(students.id, target.user_id)];
    for (const field of ['nm', 'sn', 'bd'] as const) {
      const m = matches[field];
      if (GROUP_KEYS[name][field]) {
        if (m === null) return { rows: [] as DuplicateRow[], total: 0 };
        conditions.push(m.same);
      } else if (m !== null) {
        conditions.push(m.differs);
      }
    }
    const where = and(...conditions);
    // the group's size by its own subquery (an index-only count), not a window over the rows: the rows
    // then stop at the limit, read in login_id order from the matching key's index (decision 020)
    const counted = db.select({ n: count() }).from(students).where(where);
    const rows = await db
      .select({ ...duplicateColumns, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(students)
      .where(where)
      .orderBy(sql`${students.loginId} asc nulls last`, students.id)
      .limit(DUPLICATE_GROUP_LIMIT);
    return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
  };

  const found = await Promise.all(DUPLICATE_GROUPS.map(group));
  const lists = Object.fromEntries(DUPLICATE_GROUPS.map((g, i) => [g, found[i]?.rows ?? []])) as Record<
    DuplicateGroup,
    DuplicateRow[]
  >;
  const counts = Object.fromEntries(DUPLICATE_GROUPS.map((g, i) => [g, found[i]?.total ?? 0])) as Record<
    DuplicateGroup,
    number
  >;
  return { user_data: userData, ...lists, counts };
}

// ---- 4. CSV upload ----

const studentHeader = headerOfField(STUDENT_CSV_COLUMNS);
/** Rows per INSERT: about 30 parameters a student, well below PostgreSQL's 65535. */
const STUDENT_INSERT_BATCH = 1000;
/** Rows checked per turn of the event loop. */
const CHECK_SLICE = 1000;

const refused = (msg: string): UploadAnswer => ({ result: false, msg });

/** A checked CSV row → the columns of a new, approved student without a password. */
const toColumns = (r: StudentCsvRow): typeof students.$inferInsert => ({
  loginId: r.login_id,
  generationId: r.generation_id,
  name: r.name,
  nameKana: r.name_kana,
  nameKey: studentNameKey(r.name),
  postcode: r.postcode,
  pref: r.pref,
  streetName1: r.street_name1,
  streetName2: r.street_name2,
  address: r.address,
  streetName3: r.street_name3,
  birthday: r.birthday,
  gender: r.gender === '' ? null : Number(r.gender),
  phone1: r.phone_1,
  mail1: r.mail_1,
  phone2: r.phone_2,
  mail2: r.mail_2,
  emergencyName: r.emergency_name,
  emergencyRelation: r.emergency_emereletion,
  emergencyPhone: r.emergency_phone,
  totalUnits: Number(r.total_units || '0'),
  filingDate: r.filing_date,
  isGraduation: r.is_graduation === '1',
  isRejection: r.is_rejection === '1',
  isEmail: r.is_email === '1',
  studentType: r.student_type,
  approvalStatus: APPROVAL.APPROVED,
  remarks: r.remarks,
  passwordHash: null,
});

/**
 * POST /api/admin/student/upload/: new students by CSV (the form's labels as headers), all of the file's
 * type. Rows whose 学生番号 is already registered are skipped and counted, unchecked (SPEC §2: "neither
 * registered nor updated"); every other row is checked with the form's schema and rules, and one wrong row
 * (or a 学生番号 twice in the file) refuses the whole file with the rows named, nothing written. New
 * students are approved without a password: they set one through the my-page password reset. One
 * transaction, one lookup of the file's student numbers, multi-row inserts, one audit row.
 */
export async function uploadStudents(
  db: Db,
  actor: Actor,
  dataUrl: string,
  studentType: string,
): Promise<UploadAnswer> {
  const read = await readRows(dataUrl, STUDENT_CSV_COLUMNS, STUDENT_CSV_OPTIONAL);
  if (!Array.isArray(read)) return read;
  const loginIdOf = (values: Record<StudentCsvField, string>) => normalizeDigits(values.login_id).trim();
  const fileIds = [...new Set(read.map((r) => loginIdOf(r.values)).filter((id) => /^\d{8}$/.test(id)))];

  try {
    return await db.transaction(async (tx) => {
      const taken = fileIds.length
        ? await tx
            .select({ loginId: students.loginId })
            .from(students)
            .where(anyOf(students.loginId, fileIds, 'text'))
        : [];
      const registered = new Set(taken.map((s) => s.loginId));

      const errors = new Map<number, string[]>();
      const addError = (line: number, msg: string) => errors.set(line, [...(errors.get(line) ?? []), msg]);
      const skipped: number[] = [];
      const parsed: { line: number; row: StudentCsvRow }[] = [];
      for (const [i, { line, values }] of read.entries()) {
        if (i > 0 && i % CHECK_SLICE === 0) await nextTurn();
        if (registered.has(loginIdOf(values))) {
          skipped.push(line);
          continue;
        }
        const r = studentCsvRowSchema.safeParse(studentCsvToForm(values, studentType));
        if (r.success) parsed.push({ line, row: r.data });
        else for (const m of issueMessages(line, r.error.issues, studentHeader)) addError(line, m);
      }
      const repeats = firstLines(parsed.map(({ line, row }) => ({ line, key: row.login_id })));
      for (const [line, first] of repeats) {
        addError(line, atLine(line, STUDENT_UPLOAD_MSG.duplicateLoginId(first)));
      }
      if (errors.size > 0) {
        return refused(rowErrorsMessage([...errors].sort(([a], [b]) => a - b).flatMap(([, m]) => m)));
      }

      for (let i = 0; i < parsed.length; i += STUDENT_INSERT_BATCH) {
        await tx
          .insert(students)
          .values(parsed.slice(i, i + STUDENT_INSERT_BATCH).map((p) => toColumns(p.row)));
      }
      await audit(tx, actor, 'upload', 'student', null, {
        rows: read.length,
        registered: parsed.length,
        skipped_existing: skipped.length,
        student_type: studentType,
      });
      const msg = [
        STUDENT_UPLOAD_MSG.done(parsed.length),
        skipped.length ? STUDENT_UPLOAD_MSG.skippedExisting(skipped) : '',
      ].join('');
      return { result: true, msg, count: parsed.length };
    });
  } catch (e) {
    // another admin registered one of these student numbers at the same moment: the unique index decides
    if (isUniqueViolation(e)) return refused(STUDENT_UPLOAD_MSG.concurrent);
    throw e;
  }
}
