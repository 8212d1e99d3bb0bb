import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CourseUploadPreview } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { type CourseAddBody, courseAddBodySchema } from '@manabi/shared/schemas/course';
import {
  APPLICANT_CSV_COLUMNS,
  APPLICANT_CSV_OPTIONAL,
  type ApplicantCsvField,
  type ApplicantCsvRow,
  applicantCsvRowSchema,
  COURSE_CSV_COLUMNS,
  COURSE_CSV_OPTIONAL,
  type CourseCsvField,
  courseCsvToForm,
  UPLOAD_MSG,
} from '@manabi/shared/schemas/course-upload';
import { normalizeName } from '@manabi/shared/validation/normalize';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  courseSessions,
  courses,
  students,
  universities,
} from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import {
  atLine,
  type CsvRow,
  CsvUploadError,
  csvRowChunks,
  firstLines,
  headerOfField,
  issueEntries,
  issueMessages,
  issueText,
  type RowIssue,
  readCsvText,
  readRows,
  refused,
  rowErrorsMessage,
  type UploadAnswer,
} from '../../platform/csv-upload';
import { CappedList, changedSincePreview, OutcomeDigest } from '../../platform/import-preview';
import type { TextPieces } from '../../platform/sliced';
import { anyOf, isUniqueViolation } from '../../platform/sql';
import { insertApplications } from '../../repositories/course-applications';
import { codeTaken, toColumns } from '../../repositories/course-columns';

/**
 * CSV uploads of the course list (SPEC §2 upload modal, §7 courseapplicantupload) and the course CSV
 * import (courses are authored here). Both are all-or-nothing: any row that cannot be registered
 * makes the whole file refused with the rows named, nothing written. The answer is `{ result, msg }`; the
 * routes send a refused one as 422 (SPEC §2 shows its msg on the file field).
 */

// ---- course applications ----

const applicantHeader = headerOfField(APPLICANT_CSV_COLUMNS);

/**
 * POST /api/admin/course/courseapplicantupload: applications by CSV (講座ID, 学生番号, 申込方法, 備考).
 * Refused as a whole when a row is wrong (unknown course, bad student number format, bad 申込方法, 備考 too
 * long, the same student and course twice). Rows of student numbers that are not approved students are
 * skipped (SPEC §2: "applications of unregistered students are not registered"), as are students who
 * already hold a live application; both are counted in the message. New applications are those of
 * 「学生を追加」 (insertApplications): 抽選待ち.
 */
export async function uploadCourseApplicants(
  db: Db,
  actor: Actor,
  dataUrl: TextPieces,
): Promise<UploadAnswer> {
  const read = await readRows(dataUrl, APPLICANT_CSV_COLUMNS, APPLICANT_CSV_OPTIONAL);
  if (!Array.isArray(read)) return read;

  const errors = new Map<number, string[]>();
  const addError = (line: number, msg: string) => errors.set(line, [...(errors.get(line) ?? []), msg]);
  const parsed = await parseApplicantRows(read, addError);

  try {
    return await db.transaction(async (tx) => {
      const courseIdOf = await lockCoursesNamed(tx, parsed);
      for (const { line, row } of parsed) {
        if (!courseIdOf.has(row.course_code)) addError(line, atLine(line, UPLOAD_MSG.courseNotFound));
      }
      const repeats = firstLines(
        parsed.map(({ line, row }) => ({ line, key: `${row.course_code}\t${row.login_id}` })),
      );
      for (const [line, first] of repeats) addError(line, atLine(line, UPLOAD_MSG.duplicateApplicant(first)));
      if (errors.size > 0) {
        return refused(rowErrorsMessage([...errors].sort(([a], [b]) => a - b).flatMap(([, m]) => m)));
      }

      const studentIdOf = await approvedStudentIds(tx, parsed);
      const applied = await liveApplicationKeys(tx, [...courseIdOf.values()], [...studentIdOf.values()]);
      const sorted = sortApplicantRows(parsed, { courseIdOf, studentIdOf, applied, actor });
      return registerApplicants(tx, actor, parsed.length, sorted);
    });
  } catch (e) {
    // an admin added one of these students at the same moment: the live-application index decides
    if (isUniqueViolation(e)) return refused(UPLOAD_MSG.concurrent);
    throw e;
  }
}

interface ApplicantLine {
  line: number;
  row: ApplicantCsvRow;
}

/** The rows checked with the CSV row schema, a slice a turn; a row that fails leaves its messages. */
async function parseApplicantRows(
  read: CsvRow<ApplicantCsvField>[],
  addError: (line: number, msg: string) => void,
): Promise<ApplicantLine[]> {
  const parsed: ApplicantLine[] = [];
  for (const [i, { line, values }] of read.entries()) {
    if (i > 0 && i % CHECK_SLICE === 0) await nextTurn();
    const r = applicantCsvRowSchema.safeParse(values);
    if (r.success) parsed.push({ line, row: r.data });
    else for (const m of issueMessages(line, r.error.issues, applicantHeader)) addError(line, m);
  }
  return parsed;
}

/** The courses the rows name, locked; their ids by 講座ID. */
async function lockCoursesNamed(tx: Tx, parsed: readonly ApplicantLine[]): Promise<Map<string, number>> {
  // the courses are locked as the lottery locks them: no draw runs while its applicants change;
  // in id order, so two uploads naming the same courses queue rather than deadlock
  const codes = [...new Set(parsed.map((p) => p.row.course_code))];
  const found = codes.length
    ? await tx
        .select({ id: courses.id, code: courses.code })
        .from(courses)
        .where(anyOf(courses.code, codes, 'text'))
        .orderBy(asc(courses.id))
        .for('no key update')
    : [];
  return new Map(found.map((c) => [c.code as string, c.id]));
}

/** The approved students among the rows' 学生番号: their ids by 学生番号. */
async function approvedStudentIds(tx: Tx, parsed: readonly ApplicantLine[]): Promise<Map<string, number>> {
  const loginIds = [...new Set(parsed.map((p) => p.row.login_id))];
  const approved = await tx
    .select({ id: students.id, loginId: students.loginId })
    .from(students)
    .where(and(eq(students.approvalStatus, APPROVAL.APPROVED), anyOf(students.loginId, loginIds, 'text')));
  return new Map(approved.map((s) => [s.loginId as string, s.id]));
}

/** The live applications among these courses and students, as `courseId\tstudentId`. */
async function liveApplicationKeys(tx: Tx, courseIds: number[], studentIds: number[]): Promise<Set<string>> {
  const live = studentIds.length
    ? await tx
        .select({ courseId: courseApplications.courseId, studentId: courseApplications.studentId })
        .from(courseApplications)
        .where(
          and(
            isNull(courseApplications.cancelledAt),
            anyOf(courseApplications.courseId, courseIds, 'int'),
            anyOf(courseApplications.studentId, studentIds, 'int'),
          ),
        )
    : [];
  return new Set(live.map((a) => `${a.courseId}\t${a.studentId}`));
}

interface SortedApplicants {
  toInsert: Parameters<typeof insertApplications>[1];
  /** lines of student numbers that are not approved students */
  unregistered: number[];
  /** lines of students who already hold a live application */
  already: number[];
}

/** Each checked row: an application to insert, or skipped (unregistered, already applied). */
function sortApplicantRows(
  parsed: readonly ApplicantLine[],
  known: {
    courseIdOf: Map<string, number>;
    studentIdOf: Map<string, number>;
    applied: Set<string>;
    actor: Actor;
  },
): SortedApplicants {
  const { courseIdOf, studentIdOf, applied, actor } = known;
  const unregistered: number[] = [];
  const already: number[] = [];
  const toInsert = [];
  for (const { line, row } of parsed) {
    const courseId = courseIdOf.get(row.course_code) as number;
    const studentId = studentIdOf.get(row.login_id);
    if (studentId === undefined) unregistered.push(line);
    else if (applied.has(`${courseId}\t${studentId}`)) already.push(line);
    else
      toInsert.push({
        courseId,
        studentId,
        howApply: row.how_apply,
        remarks: row.remarks,
        enteredBy: actor.kind === 'admin' ? actor.id : null,
      });
  }
  return { toInsert, unregistered, already };
}

/** The applications inserted, the upload audited, and the answer with what was skipped. */
async function registerApplicants(
  tx: Tx,
  actor: Actor,
  rows: number,
  { toInsert, unregistered, already }: SortedApplicants,
): Promise<UploadAnswer> {
  const inserted = await insertApplications(tx, toInsert);
  await audit(tx, {
    actor,
    action: 'upload',
    entity: 'course_application',
    detail: {
      rows,
      registered: inserted.length,
      skipped_unregistered: unregistered.length,
      skipped_applied: already.length,
      course_ids: [...new Set(toInsert.map((a) => a.courseId))],
    },
  });
  const msg = [
    UPLOAD_MSG.applicantsDone(inserted.length),
    unregistered.length ? UPLOAD_MSG.skippedUnregistered(unregistered) : '',
    already.length ? UPLOAD_MSG.skippedApplied(already) : '',
  ].join('');
  return { result: true, msg, count: inserted.length };
}

// ---- courses ----

const courseHeader = headerOfField(COURSE_CSV_COLUMNS);

/** What the course import does with one row: the preview shows it, the import does it (decision 070). */
type CourseRowOutcome =
  | { kind: 'new'; line: number; body: CourseAddBody }
  | { kind: 'error'; line: number; issues: RowIssue[] };

interface CourseUpload {
  rows: CsvRow<CourseCsvField>[];
  digest: OutcomeDigest;
}

/** The course file read into rows, its bytes digested; or its refusal. */
async function readCourseUpload(dataUrl: TextPieces): Promise<CourseUpload | UploadAnswer> {
  const digest = new OutcomeDigest();
  digest.record('course');
  try {
    const text = await readCsvText(dataUrl, undefined, (slice) => digest.bytes(slice));
    const rows: CsvRow<CourseCsvField>[] = [];
    const spec = { columns: COURSE_CSV_COLUMNS, optional: COURSE_CSV_OPTIONAL };
    for await (const chunk of csvRowChunks(text, spec)) for (const r of chunk) rows.push(r);
    return { rows, digest };
  } catch (e) {
    if (e instanceof CsvUploadError) return refused(e.message);
    throw e;
  }
}

/**
 * The one walk over a course file that the preview and the import both take: each row checked with the
 * authoring form's own schema (courseAddBodySchema) after the words a spreadsheet holds (公開, 可, あり,
 * category names, Excel dates) become the form's values, then against the database (a 講座ID already
 * registered or twice in the file, an unknown 大学ID). Only reads. The outcomes come in the file's order and
 * are fed to the digest so.
 */
async function walkCourseUpload(tx: Pick<Db, 'select'>, upload: CourseUpload): Promise<CourseRowOutcome[]> {
  const categories = await tx
    .select({ id: courseCategories.id, name: courseCategories.name })
    .from(courseCategories);
  const categoryIdOf = new Map(categories.map((c) => [normalizeName(c.name), c.id]));

  const issuesOf = new Map<number, RowIssue[]>();
  const addIssue = (line: number, issue: RowIssue) =>
    issuesOf.set(line, [...(issuesOf.get(line) ?? []), issue]);
  const rowIssue = (line: number, message: string): RowIssue => ({ line, column: '', message });
  const parsed: { line: number; body: CourseAddBody }[] = [];
  for (const [i, { line, values }] of upload.rows.entries()) {
    if (i > 0 && i % CHECK_SLICE === 0) await nextTurn();
    const { form, categoryNames } = courseCsvToForm(values);
    const category: number[] = [];
    for (const name of categoryNames) {
      const id = categoryIdOf.get(normalizeName(name));
      if (id === undefined) addIssue(line, rowIssue(line, UPLOAD_MSG.categoryNotFound(name)));
      else if (!category.includes(id)) category.push(id);
    }
    const r = courseAddBodySchema.safeParse({ ...form, category });
    if (r.success) parsed.push({ line, body: r.data });
    else for (const issue of issueEntries(line, r.error.issues, courseHeader)) addIssue(line, issue);
  }

  const codes = [...new Set(parsed.map((p) => p.body.course_id).filter((c) => c !== ''))];
  const taken = codes.length
    ? await tx
        .select({ code: courses.code })
        .from(courses)
        .where(anyOf(courses.code, codes, 'text'))
    : [];
  const takenCodes = new Set(taken.map((c) => c.code));
  const univIds = [...new Set(parsed.map((p) => p.body.univ_id).filter((u) => u !== ''))];
  const univs = univIds.length
    ? await tx
        .select({ id: universities.id })
        .from(universities)
        .where(anyOf(universities.id, univIds, 'text'))
    : [];
  const knownUnivs = new Set(univs.map((u) => u.id));
  const repeats = firstLines(
    parsed.map(({ line, body }) => ({ line, key: body.course_id === '' ? null : body.course_id })),
  );
  const bodyOf = new Map<number, CourseAddBody>();
  for (const { line, body } of parsed) {
    if (takenCodes.has(body.course_id)) addIssue(line, rowIssue(line, UPLOAD_MSG.courseIdInUse));
    const first = repeats.get(line);
    if (first !== undefined) addIssue(line, rowIssue(line, UPLOAD_MSG.duplicateCourseId(first)));
    if (body.univ_id !== '' && !knownUnivs.has(body.univ_id)) {
      addIssue(line, rowIssue(line, UPLOAD_MSG.univNotFound(body.univ_id)));
    }
    bodyOf.set(line, body);
  }

  const { digest } = upload;
  return upload.rows.map(({ line }): CourseRowOutcome => {
    const issues = issuesOf.get(line);
    if (issues) {
      digest.record('error', line, ...issues.flatMap((e) => [e.column, e.message]));
      return { kind: 'error', line, issues };
    }
    const body = bodyOf.get(line) as CourseAddBody;
    // the checked body, category ids included: what the import would store
    digest.record('new', line, JSON.stringify(body));
    return { kind: 'new', line, body };
  });
}

/**
 * POST /api/admin/course/courseupload: new courses by CSV, checked by walkCourseUpload. New courses only: a
 * 講座ID already registered, or twice in the file, is a row error. Stored as 「講座を新規登録」 stores
 * (toColumns: HTML stripped). With a `previewHash` (decision 070) the outcome's digest must equal it, or
 * nothing is written (409).
 */
export async function uploadCourses(
  db: Db,
  actor: Actor,
  dataUrl: TextPieces,
  previewHash?: string,
): Promise<UploadAnswer> {
  const upload = await readCourseUpload(dataUrl);
  if (!('rows' in upload)) return upload;

  try {
    return await db.transaction(async (tx) => {
      const outcomes = await walkCourseUpload(tx, upload);
      const errors = outcomes.flatMap((o) => (o.kind === 'error' ? o.issues : []));
      if (errors.length > 0) return refused(rowErrorsMessage(errors.map(issueText)));
      const changed = changedSincePreview(previewHash, upload.digest.hex());
      if (changed) return changed;
      const parsed = outcomes.flatMap((o) => (o.kind === 'new' ? [o] : []));

      const ids: number[] = [];
      for (let i = 0; i < parsed.length; i += COURSE_INSERT_BATCH) {
        const batch = parsed.slice(i, i + COURSE_INSERT_BATCH);
        // RETURNING of a multi-row VALUES comes back in the order of the rows given
        const rows = await tx
          .insert(courses)
          .values(batch.map((p) => toColumns(p.body)))
          .returning({ id: courses.id });
        ids.push(...rows.map((r) => r.id));
      }
      const links = parsed.flatMap((p, i) =>
        p.body.category.map((categoryId) => ({ courseId: ids[i] as number, categoryId })),
      );
      for (let i = 0; i < links.length; i += LINK_INSERT_BATCH) {
        await tx.insert(courseCategoryLinks).values(links.slice(i, i + LINK_INSERT_BATCH));
      }
      // class days: session n from 授業日n
      const sessions = parsed.flatMap((p, i) =>
        (p.body.sessions ?? []).map((s, n) => ({
          courseId: ids[i] as number,
          no: n + 1,
          day: s.day,
          startsAt: s.start,
          endsAt: s.end,
          room: s.room,
        })),
      );
      for (let i = 0; i < sessions.length; i += LINK_INSERT_BATCH) {
        await tx.insert(courseSessions).values(sessions.slice(i, i + LINK_INSERT_BATCH));
      }
      await audit(tx, {
        actor,
        action: 'upload',
        entity: 'course',
        detail: {
          count: ids.length,
          ids,
          course_ids: parsed.map((p) => p.body.course_id),
        },
      });
      return { result: true, msg: UPLOAD_MSG.coursesDone(ids.length), count: ids.length };
    });
  } catch (e) {
    if (codeTaken(e)) return refused(UPLOAD_MSG.concurrent);
    throw e;
  }
}

/**
 * POST /api/admin/course/courseupload/preview/ (decision 070): what the course import would do with this
 * file, worked out by the same walk in a read-only transaction, nothing written. A 講座ID already registered
 * stays an error of its row, so `changes` is always empty.
 */
export async function previewCourseUpload(
  db: Db,
  dataUrl: TextPieces,
): Promise<CourseUploadPreview | UploadAnswer> {
  const upload = await readCourseUpload(dataUrl);
  if (!('rows' in upload)) return upload;
  const outcomes = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return walkCourseUpload(tx, upload);
  });
  const counts = { rows: outcomes.length, new: 0, changed: 0, unchanged: 0, errors: 0 };
  const errors = new CappedList<RowIssue>();
  const newRows = new CappedList<CourseUploadPreview['new_rows'][number]>();
  for (const o of outcomes) {
    if (o.kind === 'new') {
      counts.new++;
      newRows.push({ line: o.line, course_id: o.body.course_id, name: o.body.course_name });
    } else {
      counts.errors++;
      for (const issue of o.issues) errors.push(issue);
    }
  }
  return {
    preview_hash: upload.digest.hex(),
    counts,
    changes: [],
    changes_truncated: false,
    errors: errors.items,
    errors_truncated: errors.truncated,
    new_rows: newRows.items,
    new_rows_truncated: newRows.truncated,
  };
}

/** Rows checked per turn of the event loop (decision 021): a long file never holds other requests up. */
const CHECK_SLICE = 100;
/** Rows per INSERT: about 30 parameters a course, below PostgreSQL's 65535. */
const COURSE_INSERT_BATCH = 500;
/** Rows per INSERT of links (2 parameters) and sessions (6): below PostgreSQL's 65535. */
const LINK_INSERT_BATCH = 5000;
