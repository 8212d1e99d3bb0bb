import type { LoginIdExist } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { sameMailAddress, studentNameKey } from '@manabi/shared/domain/student';
import {
  defaultGenerationId,
  STUDENT_MSG,
  type StudentAddBody,
  type StudentApprovalBody,
  type StudentFields,
  type StudentUpdateBody,
} from '@manabi/shared/schemas/student';
import { and, eq, like, max, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import { type Actor, audit, changesOf } from '../../platform/audit';
import { hashPassword } from '../../platform/crypto';
import { AppError, invalid, notFound, stale } from '../../platform/errors';
import { BOUNCE_CLEARED, enqueueMail, officeFooter } from '../../platform/mail';
import { isUniqueViolation } from '../../platform/sql';
import { addressColumns } from '../common/address';
import { loadStudent } from './students-detail.service';

/** The last 4 digits of a login id: generation_id (YYMM) + a sequence 0001–9999 (SPEC §3: 8 digits). */
const SEQUENCE_MAX = 9999;

export const GENERATION_FULL_MSG = 'この期生IDの学生番号はすべて使われています';

/** Is `loginId` used by a student other than `exceptId`? (GET /api/admin/student/loginid/exist/) */
export async function loginIdExists(db: DbOrTx, loginId: string, exceptId?: number): Promise<LoginIdExist> {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.loginId, loginId), exceptId ? ne(students.id, exceptId) : undefined));
  return { is_exist: row !== undefined };
}

/**
 * The next free login id of a generation: generation_id + (the highest sequence used + 1), 4 digits.
 * Gaps left by deleted or hand-numbered students are not reused: numbers keep following admission order.
 */
export async function nextLoginId(db: DbOrTx, generationId: string): Promise<string> {
  const [row] = await db
    .select({ top: max(students.loginId) })
    .from(students)
    .where(like(students.loginId, `${generationId}____`));
  const used = row?.top ? Number(row.top.slice(4)) : 0;
  if (used >= SEQUENCE_MAX) throw invalid('generation_id', GENERATION_FULL_MSG);
  return `${generationId}${String(used + 1).padStart(4, '0')}`;
}

/** GET /api/admin/student/loginid/next/?generation_id= → the new form's defaults (SPEC §4). */
export async function nextLoginIdFor(db: Db, generationId: string, today: string = todayTokyo()) {
  const generation = generationId || defaultGenerationId(today);
  return { generation_id: generation, login_id: await nextLoginId(db, generation) };
}

/** The login id's unique index fired: another admin took the same number at the same moment. */
export const loginIdTaken = (e: unknown) => isUniqueViolation(e, 'students_login_id_unique');

const gender = (v: string) => (v === '' ? null : Number(v));

/** The columns every student form writes (name_key follows the name: the duplicate search reads it). */
function contactColumns(input: Omit<StudentApprovalBody, 'user_id' | 'updated_at'> | StudentFields) {
  return {
    name: input.name,
    nameKey: studentNameKey(input.name),
    nameKana: input.name_kana,
    ...addressColumns(input),
    birthday: input.birthday,
    gender: gender(input.gender),
    phone1: input.phone_1,
    phone2: input.phone_2,
    mail1: input.mail_1,
    mail2: input.mail_2,
    emergencyName: input.emergency_name,
    emergencyRelation: input.emergency_emereletion,
    emergencyPhone: input.emergency_phone,
    filingDate: input.filing_date,
    isEmail: input.is_email === '1',
    isAttendance: input.is_attendance === '1',
    studentType: input.student_type,
    remarks: input.remarks,
  };
}

function studentColumns(input: StudentFields) {
  return {
    ...contactColumns(input),
    loginId: input.login_id,
    generationId: input.generation_id,
    totalUnits: Number(input.total_units || 0),
    isGraduation: input.is_graduation === '1',
    isRejection: input.is_rejection === '1',
  };
}

/**
 * What an update's entry says changed: the record's standing with its values, the person's data by field name
 * only (the log keeps no contact data).
 */
const STUDENT_CHANGES = {
  shown: [
    'loginId',
    'generationId',
    'totalUnits',
    'isGraduation',
    'isRejection',
    'isEmail',
    'isAttendance',
    'studentType',
  ],
  withheld: [
    'name',
    'nameKana',
    'postcode',
    'pref',
    'streetName1',
    'streetName2',
    'address',
    'streetName3',
    'birthday',
    'gender',
    'phone1',
    'phone2',
    'mail1',
    'mail2',
    'emergencyName',
    'emergencyRelation',
    'emergencyPhone',
    'filingDate',
    'remarks',
  ],
} as const;

/** What the audit log keeps of a student write: who, never contact data or the password. */
const auditDetail = (id: number, loginId: string | null, extra: Record<string, unknown> = {}) => ({
  id,
  login_id: loginId,
  ...extra,
});

/** Serialises login id assignment within one generation across processes: add,
 * update and approval take it before checking a number, so the check sees the other's committed row. */
async function lockGeneration(tx: DbOrTx, generationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`students.login_id:${generationId}`}))`);
}

async function assertLoginIdFree(tx: DbOrTx, loginId: string, exceptId?: number) {
  if ((await loginIdExists(tx, loginId, exceptId)).is_exist) {
    throw invalid('login_id', STUDENT_MSG.loginIdInUse);
  }
}

/** POST /api/admin/student/add/: a new student, approved at once (the office registers them itself). */
export async function addStudent(db: Db, actor: Actor, input: StudentAddBody, today: string = todayTokyo()) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await lockGeneration(tx, input.generation_id);
      // no login id given: the generation's next free number, taken under the generation's lock
      const loginId = input.login_id || (await nextLoginId(tx, input.generation_id));
      await assertLoginIdFree(tx, loginId);
      const [row] = await tx
        .insert(students)
        .values({
          ...studentColumns({ ...input, login_id: loginId }),
          approvalStatus: APPROVAL.APPROVED,
          // the card is issued on registration unless the office gives another date
          dateIssue: input.date_issue_num || today,
          passwordHash,
        })
        .returning({ id: students.id });
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, {
        actor,
        action: 'create',
        entity: 'student',
        entityId: row.id,
        detail: auditDetail(row.id, loginId),
      });
      return { result: true as const, user_id: row.id, login_id: loginId };
    });
  } catch (e) {
    if (loginIdTaken(e)) throw invalid('login_id', STUDENT_MSG.loginIdInUse);
    throw e;
  }
}

/**
 * The office's save ends a refused address's mark only with a new mail 1: saving the record for another
 * reason says nothing about the address, which the student may still have to correct.
 */
const bounceEnds = (current: { mailBouncedAddress: string; mail1: string }, mail1: string) =>
  current.mailBouncedAddress !== '' && !sameMailAddress(current.mail1, mail1);

/** Parses the echoed updated_at; an unreadable one can never match, so it is stale. */
function seenAt(updatedAt: string): Date {
  const seen = new Date(updatedAt);
  if (Number.isNaN(seen.getTime())) throw stale();
  return seen;
}

const ERASED_RECORD_MSG = '個人情報を消去した登録は変更できません。';

/**
 * POST /api/admin/student/update/: an approved student only — pending and rejected ones are edited on the
 * approval screen, so they answer 404 here as on the detail screen (SPEC §2). The password changes only
 * when one is given; an empty issue date keeps the current one.
 */
export async function updateStudent(db: Db, actor: Actor, input: StudentUpdateBody) {
  const passwordHash = input.password === '' ? undefined : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const current = await loadStudent(tx, input.user_id);
      if (current.approvalStatus !== APPROVAL.APPROVED) throw notFound();
      // an erased record holds nothing to correct, and its kept values are the statistics' (decision 081)
      if (current.anonymizedAt !== null) throw new AppError('CONFLICT', ERASED_RECORD_MSG);
      const seen = seenAt(input.updated_at);
      await lockGeneration(tx, input.generation_id);
      await assertLoginIdFree(tx, input.login_id, input.user_id);
      const bounceCleared = bounceEnds(current, input.mail_1);
      const columns = studentColumns(input);
      const [row] = await tx
        .update(students)
        .set({
          ...columns,
          ...(input.date_issue_num ? { dateIssue: input.date_issue_num } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(bounceCleared ? BOUNCE_CLEARED : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(students.id, input.user_id), eq(students.updatedAt, seen)))
        .returning({ id: students.id });
      if (!row) throw stale();
      await audit(tx, {
        actor,
        action: 'update',
        entity: 'student',
        entityId: row.id,
        detail: auditDetail(row.id, input.login_id, {
          ...changesOf(current, columns, STUDENT_CHANGES),
          password_changed: passwordHash !== undefined,
          ...(bounceCleared ? { mail_bounce_cleared: true } : {}),
        }),
      });
      return { result: true as const, user_id: row.id, login_id: input.login_id };
    });
  } catch (e) {
    if (loginIdTaken(e)) throw invalid('login_id', STUDENT_MSG.loginIdInUse);
    throw e;
  }
}

/**
 * The approval mail (decision 007). It tells the login id and where to log in — never the password,
 * which the office hands over in person or by post.
 */
export function approvalMail(
  config: Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>,
  student: { name: string; loginId: string },
) {
  const loginUrl = new URL('/mypage/login', config.publicUrl).toString();
  return {
    subject: '【まなび】入学承認のお知らせ',
    body: [
      `${student.name} 様`,
      '',
      'まなびへの入学申込みを承認しました。',
      'マイページには、次の学生番号と、事務局からお知らせするパスワードでログインできます。',
      '',
      `学生番号：${student.loginId}`,
      `ログイン画面：${loginUrl}`,
      '',
      'パスワードはこのメールには書いていません。',
      ...officeFooter(config),
    ].join('\n'),
  };
}

/**
 * POST /api/admin/student/approval/: decides a pending or rejected admission (approved or missing → 404).
 * Approve: the login id generation_id + next free sequence (taken under a per-generation lock, so two
 * approvals never race for a number), the password hashed, the card issued today, and — when the student
 * wants mail and has an address — an approval mail queued in the same transaction. Reject: status 2 and
 * the remarks. Either way the edited fields are saved; 409 when stale.
 */
export async function decideApproval(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>,
  actor: Actor,
  input: StudentApprovalBody,
  today: string = todayTokyo(),
) {
  const approve = input.approval_status === APPROVAL.APPROVED;
  const passwordHash = approve ? await hashPassword(input.password) : undefined;
  try {
    return await approveOrReject(db, config, actor, input, passwordHash, today);
  } catch (e) {
    // only a login id written outside the lock (a hand-made import) can collide: ask to try again
    if (loginIdTaken(e)) throw stale();
    throw e;
  }
}

async function approveOrReject(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>,
  actor: Actor,
  input: StudentApprovalBody,
  passwordHash: string | undefined,
  today: string,
) {
  const approve = input.approval_status === APPROVAL.APPROVED;
  return db.transaction(async (tx) => {
    const current = await loadStudent(tx, input.user_id, true);
    // approved, merged into another record or withdrawn: nothing to decide
    if (
      current.approvalStatus === APPROVAL.APPROVED ||
      current.approvalStatus === APPROVAL.MERGED ||
      current.approvalStatus === APPROVAL.WITHDRAWN
    )
      throw notFound();
    const seen = seenAt(input.updated_at);
    if (current.updatedAt.getTime() !== seen.getTime()) throw stale();
    // an admission mail refused before approval: a corrected mail 1 ends it, as on the student form
    const columns = {
      ...contactColumns(input),
      ...(bounceEnds(current, input.mail_1) ? BOUNCE_CLEARED : {}),
    };
    let loginId: string | null = null;
    if (approve) {
      await lockGeneration(tx, input.generation_id);
      loginId = await nextLoginId(tx, input.generation_id);
    }
    const [row] = await tx
      .update(students)
      .set(
        approve
          ? {
              ...columns,
              approvalStatus: APPROVAL.APPROVED,
              generationId: input.generation_id,
              loginId,
              passwordHash,
              dateIssue: today,
              isRejection: false,
              updatedAt: new Date(),
            }
          : { ...columns, approvalStatus: APPROVAL.REJECTED, updatedAt: new Date() },
      )
      .where(and(eq(students.id, input.user_id), eq(students.updatedAt, seen)))
      .returning({ id: students.id });
    if (!row) throw stale();
    const mailTo = approve && columns.isEmail ? columns.mail1 || columns.mail2 : '';
    if (loginId && mailTo) {
      await enqueueMail(tx, {
        to: mailTo,
        ...approvalMail(config, { name: columns.name, loginId }),
        studentId: row.id,
      });
    }
    await audit(tx, {
      actor,
      action: approve ? 'approve' : 'reject',
      entity: 'student',
      entityId: row.id,
      detail: auditDetail(row.id, loginId, { mail_queued: mailTo !== '' && loginId !== null }),
    });
    return {
      result: true as const,
      user_id: row.id,
      approval_status: input.approval_status,
      login_id: loginId,
    };
  });
}
