import { setImmediate as nextTurn } from 'node:timers/promises';
import { APPROVAL } from '@manabi/shared/codes';
import { studentNameKey } from '@manabi/shared/domain/student';
import {
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_OPTIONAL,
  STUDENT_UPLOAD_MSG,
  type StudentCsvField,
  type StudentCsvRow,
  studentCsvRowSchema,
  studentCsvToForm,
} from '@manabi/shared/schemas/student-list';
import { normalizeDigits } from '@manabi/shared/validation/normalize';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
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
import { changedSincePreview, type FieldChange, OutcomeDigest } from '../../platform/import-preview';
import type { TextPieces } from '../../platform/sliced';
import { anyOf, insertUnnest, isUniqueViolation } from '../../platform/sql';

/**
 * The admin student CSV upload (SPEC §2 "Students", §7 student/upload): the file read and walked as a
 * stream, each row's outcome (new, registered, wrong), and the upload that inserts the new students; the
 * preview (students-upload-preview.service.ts) takes the same walk and writes nothing.
 */

// ---- CSV upload ----

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
