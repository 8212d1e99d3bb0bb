import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  DuplicateRow,
  StudentDuplicates,
  StudentList,
  StudentRow,
  UnapprovalCount,
} from '@manabi/shared/api';
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
  type CsvRow,
  CsvUploadError,
  csvRowChunks,
  headerOfField,
  issueEntries,
  issueText,
  type RowIssue,
  readCsvText,
  refused,
  rowErrorsMessage,
  type UploadAnswer,
} from '../../platform/csv-upload';
import { notFound } from '../../platform/errors';
import { changedSincePreview, type FieldChange, OutcomeDigest } from '../../platform/import-preview';
import type { TextPieces } from '../../platform/sliced';
import {
  anyOf,
  insertUnnest,
  isUniqueViolation,
  keyContains,
  keysetBatches,
  likeContains,
  likePrefix,
  mapBatches,
  pageWithRows,
} from '../../platform/sql';
import { presentStudentRow } from './students.presenter';

/**
 * The admin student list, the unapproved count, the CSV upload and the duplicate search (SPEC §2
 * "Students", §7 student/list, unapploval/count, upload, duplicate). The roll is sized for 100 000
 * students: the list is paged on the server and every duplicate group is one indexed query.
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
    keyContains(students.nameSearch, 'name', q.name),
    keyContains(students.nameKanaSearch, 'kana', q.name_kana),
    q.street_name1 ? ilike(students.streetName1, likeContains(q.street_name1)) : undefined,
    q.approval_status ? eq(students.approvalStatus, q.approval_status) : undefined,
    q.student_type ? eq(students.studentType, q.student_type) : undefined,
  );

/**
 * GET /api/admin/student/list/: one page of the search and the count of the whole search (same WHERE).
 * Student number and generation match from the start, names and town contain the text (names keyed as
 * the duplicate check keys them, through the bigram indexes of their stored keys: decision 036). Without a sort the newest registrations (admissions included) come first; a
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
  if (
    !target ||
    target.approval_status === APPROVAL.APPROVED ||
    target.approval_status === APPROVAL.MERGED ||
    target.approval_status === APPROVAL.WITHDRAWN
  )
    throw notFound();
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
/**
 * Rows read, checked and inserted at a time: one student-number lookup and one INSERT each. Small enough
 * that a chunk dies young (rows kept across several garbage collections are promoted and grow the heap).
 */
const STUDENT_CHUNK = 500;
/** Rows checked per turn of the event loop (a row's schema check takes tens of microseconds). */
const CHECK_SLICE = 50;

/** The PostgreSQL type of each column an uploaded student is inserted with (insertUnnest). */
const STUDENT_INSERT_TYPES = {
  loginId: 'text',
  generationId: 'text',
  name: 'text',
  nameKana: 'text',
  nameKey: 'text',
  postcode: 'text',
  pref: 'text',
  streetName1: 'text',
  streetName2: 'text',
  address: 'text',
  streetName3: 'text',
  birthday: 'date',
  gender: 'int2',
  phone1: 'text',
  mail1: 'text',
  phone2: 'text',
  mail2: 'text',
  emergencyName: 'text',
  emergencyRelation: 'text',
  emergencyPhone: 'text',
  totalUnits: 'int4',
  filingDate: 'date',
  isGraduation: 'bool',
  isRejection: 'bool',
  isEmail: 'bool',
  studentType: 'text',
  approvalStatus: 'text',
  remarks: 'text',
  passwordHash: 'text',
} as const satisfies Partial<Record<keyof typeof students.$inferInsert, string>>;

/** Ends the upload's transaction with nothing written and this answer. */
class Refusal extends Error {
  constructor(readonly answer: UploadAnswer) {
    super(answer.msg);
  }
}

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

/** A registered student's values as the CSV writes them: what a row of their 学生番号 is compared with. */
const storedColumns = {
  loginId: students.loginId,
  generationId: students.generationId,
  name: students.name,
  nameKana: students.nameKana,
  postcode: students.postcode,
  pref: students.pref,
  streetName1: students.streetName1,
  streetName2: students.streetName2,
  address: students.address,
  streetName3: students.streetName3,
  birthday: students.birthday,
  gender: students.gender,
  phone1: students.phone1,
  mail1: students.mail1,
  phone2: students.phone2,
  mail2: students.mail2,
  emergencyName: students.emergencyName,
  emergencyRelation: students.emergencyRelation,
  emergencyPhone: students.emergencyPhone,
  totalUnits: students.totalUnits,
  filingDate: students.filingDate,
  remarks: students.remarks,
  anonymizedAt: students.anonymizedAt,
};
type StoredStudent = { [K in keyof typeof storedColumns]: (typeof storedColumns)[K]['_']['data'] | null };

const storedAsCsv = (s: StoredStudent): Record<StudentCsvField, string> => ({
  login_id: s.loginId ?? '',
  generation_id: s.generationId ?? '',
  name: s.name ?? '',
  name_kana: s.nameKana ?? '',
  postcode: s.postcode ?? '',
  pref: s.pref ?? '',
  street_name1: s.streetName1 ?? '',
  street_name2: s.streetName2 ?? '',
  address: s.address ?? '',
  street_name3: s.streetName3 ?? '',
  // an erased record's kept year is the statistics' alone (decision 081)
  birthday: s.anonymizedAt ? '' : (s.birthday ?? ''),
  gender: s.gender === null ? '' : String(s.gender),
  phone_1: s.phone1 ?? '',
  mail_1: s.mail1 ?? '',
  phone_2: s.phone2 ?? '',
  mail_2: s.mail2 ?? '',
  emergency_name: s.emergencyName ?? '',
  emergency_emereletion: s.emergencyRelation ?? '',
  emergency_phone: s.emergencyPhone ?? '',
  total_units: String(s.totalUnits ?? 0),
  filing_date: s.filingDate ?? '',
  remarks: s.remarks ?? '',
});

/**
 * Where a row's values differ from the registered student's, in the file's columns (a column the file
 * leaves out is not compared). The row is read as the upload would store it when it passes the form's
 * rules, else as its cells are typed, so a full-width digit or a date written 2026/4/1 is no difference.
 */
function changesOf(
  stored: StoredStudent,
  values: Record<StudentCsvField, string>,
  studentType: string,
  present: ReadonlySet<StudentCsvField>,
): FieldChange[] {
  const form = studentCsvToForm(values, studentType);
  const checked = studentCsvRowSchema.safeParse(form);
  // a row that passes is compared as the upload would store it (a blank 取得単位数 is 0)
  const after: Record<string, unknown> = checked.success
    ? storedAsCsv(toColumns(checked.data) as StoredStudent)
    : form;
  const before = storedAsCsv(stored);
  const changes: FieldChange[] = [];
  for (const field of present) {
    if (field === 'login_id') continue;
    const was = before[field];
    const now = String(after[field] ?? '').trim();
    if (was !== now) changes.push({ field, label: studentHeader(field) ?? field, before: was, after: now });
  }
  return changes;
}

/** What the upload does with one row: the preview shows it, the upload does it (decision 070). */
export type StudentRowOutcome =
  | { kind: 'new'; line: number; row: StudentCsvRow }
  /** 学生番号 registered before this upload: neither registered nor updated (SPEC §2); `changes` may be [] */
  | { kind: 'registered'; line: number; loginId: string; name: string; changes: FieldChange[] }
  | { kind: 'error'; line: number; issues: RowIssue[] };

/** A student file read and its bytes and options digested, ready to be walked; or the refusal of it. */
export interface StudentUpload {
  text: string[];
  studentType: string;
  digest: OutcomeDigest;
}

export async function readStudentUpload(
  dataUrl: TextPieces,
  studentType: string,
): Promise<StudentUpload | UploadAnswer> {
  const digest = new OutcomeDigest();
  digest.record('student', studentType);
  try {
    const text = await readCsvText(dataUrl, undefined, (slice) => digest.bytes(slice));
    return { text, studentType, digest };
  } catch (e) {
    if (e instanceof CsvUploadError) return refused(e.message);
    throw e;
  }
}

const loginIdOf = (values: Record<StudentCsvField, string>) => normalizeDigits(values.login_id).trim();

/**
 * The one walk over a student file that both the preview and the upload take (decision 021's stream:
 * STUDENT_CHUNK rows parsed, one query for their student numbers, a turn every CHECK_SLICE rows): each
 * chunk's outcomes are handed to `each` and fed to the digest in the file's order. It only reads; `each`
 * decides whether anything is written. A student number the walk called new is never "registered" for a
 * later row, whether or not `each` inserted it. A file that cannot be read throws CsvUploadError.
 */
export async function walkStudentUpload(
  tx: Pick<Db, 'select'>,
  upload: StudentUpload,
  each: (outcomes: StudentRowOutcome[]) => Promise<void>,
): Promise<void> {
  const { digest, studentType } = upload;
  /** the file's valid rows: student number → its first row */
  const firstLine = new Map<string, number>();
  let present: ReadonlySet<StudentCsvField> = new Set();
  const columns = {
    columns: STUDENT_CSV_COLUMNS,
    optional: STUDENT_CSV_OPTIONAL,
    onHeader: (fields: ReadonlySet<StudentCsvField>) => {
      present = fields;
    },
  };
  for await (const chunk of csvRowChunks(upload.text, columns, STUDENT_CHUNK)) {
    const ids = [...new Set(chunk.map((r) => loginIdOf(r.values)).filter((id) => /^\d{8}$/.test(id)))];
    const taken = ids.length
      ? await tx
          .select(storedColumns)
          .from(students)
          .where(anyOf(students.loginId, ids, 'text'))
      : [];
    const registered = new Map(
      taken.filter((s) => !firstLine.has(s.loginId as string)).map((s) => [s.loginId as string, s]),
    );
    const outcomes: StudentRowOutcome[] = [];
    const rows: (CsvRow<StudentCsvField> | undefined)[] = chunk;
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % CHECK_SLICE === 0) await nextTurn();
      const { line, values } = rows[i] as CsvRow<StudentCsvField>;
      // a checked row is let go of at once: rows kept across garbage collections are promoted
      rows[i] = undefined;
      const loginId = loginIdOf(values);
      const stored = registered.get(loginId);
      if (stored) {
        const changes = changesOf(stored, values, studentType, present);
        outcomes.push({ kind: 'registered', line, loginId, name: stored.name ?? '', changes });
        digest.record('registered', line, loginId, ...changes.flatMap((c) => [c.field, c.before, c.after]));
        continue;
      }
      const r = studentCsvRowSchema.safeParse(studentCsvToForm(values, studentType));
      const first = r.success ? firstLine.get(r.data.login_id) : undefined;
      const issues = r.success
        ? first === undefined
          ? []
          : [{ line, column: '', message: STUDENT_UPLOAD_MSG.duplicateLoginId(first) }]
        : issueEntries(line, r.error.issues, studentHeader);
      if (!r.success || issues.length > 0) {
        outcomes.push({ kind: 'error', line, issues });
        digest.record('error', line, ...issues.flatMap((e) => [e.column, e.message]));
        continue;
      }
      firstLine.set(r.data.login_id, line);
      outcomes.push({ kind: 'new', line, row: r.data });
      digest.record('new', line, r.data.login_id);
    }
    await each(outcomes);
  }
}

/**
 * POST /api/admin/student/upload/: new students by CSV (the form's labels as headers), all of the file's
 * type. Rows whose 学生番号 is already registered are skipped and counted, unchecked (SPEC §2: "neither
 * registered nor updated"); every other row is checked with the form's schema and rules, and one wrong row
 * (or a 学生番号 twice in the file) refuses the whole file with the rows named, nothing written. New
 * students are approved without a password: they set one through the my-page password reset.
 *
 * One transaction, read as a stream (decision 021) by walkStudentUpload, each chunk of new rows inserted
 * with one array-parameter INSERT, so neither the whole file's rows nor its statements are ever held at
 * once. Once a row is wrong nothing more is inserted, the rest is still checked for the message, and the
 * transaction is rolled back; a file malformed further down is refused the same way. One audit row. With a
 * `previewHash` (decision 070) the outcome's digest must equal it at the end, or nothing is written (409).
 */
export async function uploadStudents(
  db: Db,
  actor: Actor,
  dataUrl: TextPieces,
  studentType: string,
  previewHash?: string,
): Promise<UploadAnswer> {
  const upload = await readStudentUpload(dataUrl, studentType);
  if (!('text' in upload)) return upload;

  try {
    return await db.transaction(async (tx) => {
      const errors: RowIssue[] = [];
      const skipped: number[] = [];
      let inserted = 0;
      let rowCount = 0;
      await walkStudentUpload(tx, upload, async (outcomes) => {
        rowCount += outcomes.length;
        const valid: StudentCsvRow[] = [];
        for (const o of outcomes) {
          if (o.kind === 'registered') skipped.push(o.line);
          else if (o.kind === 'error') errors.push(...o.issues);
          else valid.push(o.row);
        }
        if (errors.length === 0) {
          await insertUnnest(tx, students, STUDENT_INSERT_TYPES, valid.map(toColumns));
          inserted += valid.length;
        }
      });
      if (errors.length > 0) throw new Refusal(refused(rowErrorsMessage(errors.map(issueText))));
      const changed = changedSincePreview(previewHash, upload.digest.hex());
      if (changed) throw new Refusal(changed);

      await audit(tx, {
        actor,
        action: 'upload',
        entity: 'student',
        detail: {
          rows: rowCount,
          registered: inserted,
          skipped_existing: skipped.length,
          student_type: studentType,
        },
      });
      const msg = [
        STUDENT_UPLOAD_MSG.done(inserted),
        skipped.length ? STUDENT_UPLOAD_MSG.skippedExisting(skipped) : '',
      ].join('');
      return { result: true, msg, count: inserted };
    });
  } catch (e) {
    if (e instanceof Refusal) return e.answer;
    if (e instanceof CsvUploadError) return refused(e.message);
    // another admin registered one of these student numbers at the same moment: the unique index decides
    if (isUniqueViolation(e)) return refused(STUDENT_UPLOAD_MSG.concurrent);
    throw e;
  }
}
