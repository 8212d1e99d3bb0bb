import { APPROVAL } from '@manabi/shared/codes';
import { addressText } from '@manabi/shared/domain/address';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { studentNameKey } from '@manabi/shared/domain/student';
import { type AdmissionInput, ATTENDANCE_OPTIONS, joinNameParts } from '@manabi/shared/schemas/admission';
import {
  AGE_BAND_OPTIONS,
  ANSWER_OPTIONS,
  INQUIRY_CONTENT_OPTIONS,
  type InquiryInput,
} from '@manabi/shared/schemas/inquiry';
import { type AnyColumn, and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inquiries, requestCounters, students } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail, officeFooter } from '../../platform/mail';
import { addressColumns } from '../common/address';

/**
 * Duplicate submissions (a double click, a resend after a network error) store one record: the same
 * applicant / the same inquiry arriving again within this window answers `{ result: true }` without a
 * second row or second mails. The check runs under a transaction-scoped advisory lock on the key, so two
 * identical requests racing each other are serialised (decision: no client token, no schema change).
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/**
 * New admissions one mail address may make in a day (the confirmation mail goes to it): a family may
 * share an address, a script that mails strangers through our form may not.
 */
export const ADMISSIONS_PER_MAIL_PER_DAY = 3;
export const ADMISSION_MAIL_LIMIT_MSG =
  'このメールアドレスでの入学申込みが続いたため、受付を一時的に止めています。明日以降にお申し込みいただくか、事務局までお電話でお問い合わせください。';

/**
 * Admissions one client address may send in an hour (each one mails the address it names): a community
 * centre helping a group stays well under it; a script using our form to mail strangers does not get far.
 * Counted in the database (request_counters), so every app process shares it.
 */
export const ADMISSIONS_PER_CLIENT_PER_HOUR = 30;
export const ADMISSION_CLIENT_LIMIT_MSG =
  '入学申込みの送信が続いたため、受付を一時的に止めています。しばらくたってからお申し込みいただくか、事務局までお電話でお問い合わせください。';
const CLIENT_WINDOW_MS = 3_600_000;

/**
 * Counts one admission request from a client address (one atomic upsert in a fixed hourly window) and
 * refuses it past {@link ADMISSIONS_PER_CLIENT_PER_HOUR}. Refused requests count too: a script that keeps
 * trying stays refused until the window ends.
 */
export async function countAdmissionFrom(db: Db, clientAddress: string, now = new Date()): Promise<void> {
  const windowFrom = new Date(now.getTime() - CLIENT_WINDOW_MS);
  const c = requestCounters;
  const expired = sql`${c.windowStart} <= ${windowFrom}::timestamptz`;
  const [row] = await db
    .insert(c)
    .values({ scope: 'admission-ip', key: clientAddress.slice(0, 64), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: [c.scope, c.key],
      set: {
        count: sql`case when ${expired} then 1 else ${c.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now}::timestamptz else ${c.windowStart} end`,
      },
    })
    .returning({ count: c.count });
  if ((row?.count ?? 0) > ADMISSIONS_PER_CLIENT_PER_HOUR) {
    throw new AppError('RATE_LIMITED', ADMISSION_CLIENT_LIMIT_MSG);
  }
  // windows long over are of no use: the table holds about one hour of client addresses
  await db.delete(c).where(and(eq(c.scope, 'admission-ip'), lt(c.windowStart, windowFrom)));
}

/**
 * The mailbox an address reaches, for the per-address limit: case does not matter and a '+tag' in the
 * local part reaches the same box (Victim+1@Example.jp is victim@example.jp). The address itself is stored
 * as typed; the same rule in SQL and in code.
 */
const mailboxOf = (column: AnyColumn) => sql`lower(regexp_replace(${column}, '[+][^@]*@', '@'))`;

type OfficeConfig = Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>;

const system = { kind: 'system' as const, id: null };

async function lockKey(tx: DbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? '';

const lines = (rows: [string, string][]) => rows.map(([label, value]) => `${label}：${value || '－'}`);

/** The mail to the applicant: the application arrived; the office will be in touch. */
export function admissionReceivedMail(config: OfficeConfig, name: string) {
  return {
    subject: '【まなび】入学申込みを受け付けました',
    body: [
      `${name} 様`,
      '',
      'まなびへの入学申込みを受け付けました。',
      '事務局で内容を確認したうえで、あらためてご連絡します。',
      '',
      ...officeFooter(config),
    ].join('\n'),
  };
}

/** The mail to the office: a new application waits on the approval screen. */
export function admissionOfficeMail(
  config: OfficeConfig,
  input: AdmissionInput,
  name: string,
  today: string,
) {
  const listUrl = new URL('/admin/student?approval_status=0', config.publicUrl).toString();
  return {
    subject: '【まなび】新しい入学申込みがあります',
    body: [
      '入学申込みがありました。承認待ちの学生から確認してください。',
      listUrl,
      '',
      ...lines([
        ['申込日', today],
        ['氏名', name],
        ['生年月日', input.birthday],
        ['住所', addressText(input)],
        ['電話番号1', input.phone1],
        ['メールアドレス1', input.mail1],
        ['説明会', labelOf(ATTENDANCE_OPTIONS, input.is_attendance)],
      ]),
    ].join('\n'),
  };
}

/**
 * POST /api/mypage/admission/: one pending student (approval_status '0', filing date today, no login id
 * or password until approved) and two queued mails, to the applicant (mail1) and to the office. The answer
 * is `{ result: true, office_phone }` (office_phone: OFFICE_PHONE, for the completion screen).
 */
export async function applyAdmission(
  db: Db,
  config: OfficeConfig,
  input: AdmissionInput,
  { now = new Date(), today = todayTokyo(now) }: { now?: Date; today?: string } = {},
) {
  const name = joinNameParts(input.name_l, input.name_f);
  const nameKey = studentNameKey(name);
  return db.transaction(async (tx) => {
    await lockKey(tx, `admission:${nameKey}:${input.birthday}:${input.mail1}`);
    const [seen] = await tx
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.approvalStatus, APPROVAL.PENDING),
          eq(students.nameKey, nameKey),
          eq(students.birthday, input.birthday),
          eq(students.mail1, input.mail1),
          gte(students.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    // the completion screen shows the office phone: configurable (OFFICE_PHONE), so it travels here
    const answer = { result: true as const, office_phone: config.officePhone };
    if (seen) return answer;
    const mailbox = input.mail1.replace(/[+][^@]*@/, '@').toLowerCase();
    await lockKey(tx, `admission-mail:${mailbox}`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(students)
      .where(
        and(
          sql`${students.approvalStatus} <> ${APPROVAL.APPROVED}`,
          sql`${mailboxOf(students.mail1)} = ${mailbox}`,
          gte(students.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
        ),
      );
    if ((recent?.n ?? 0) >= ADMISSIONS_PER_MAIL_PER_DAY) {
      throw new AppError('RATE_LIMITED', ADMISSION_MAIL_LIMIT_MSG);
    }
    const [row] = await tx
      .insert(students)
      .values({
        name,
        nameKey,
        nameKana: joinNameParts(input.name_kana_l, input.name_kana_f),
        ...addressColumns(input),
        birthday: input.birthday,
        gender: input.gender === '' ? null : Number(input.gender),
        phone1: input.phone1,
        phone2: input.phone2,
        mail1: input.mail1,
        mail2: input.mail2,
        emergencyName: input.emergency_contacts_name,
        emergencyRelation: input.emergency_contacts_emereletion,
        emergencyPhone: input.emergency_contacts_phone,
        filingDate: today,
        approvalStatus: APPROVAL.PENDING,
        isAttendance: input.is_attendance === '1',
      })
      .returning({ id: students.id });
    if (!row) throw new Error('insert returned nothing');
    await enqueueMail(tx, { to: input.mail1, ...admissionReceivedMail(config, name), studentId: row.id });
    await enqueueMail(tx, { to: config.officeMail, ...admissionOfficeMail(config, input, name, today) });
    await audit(tx, {
      actor: system,
      action: 'admission',
      entity: 'student',
      entityId: row.id,
      detail: { id: row.id },
    });
    return answer;
  });
}

/** The mail to the office carrying the inquiry (its reply-to is the inquirer's address, in the body). */
export function inquiryOfficeMail(input: InquiryInput) {
  return {
    subject: `【まなび】お問い合わせ（${labelOf(INQUIRY_CONTENT_OPTIONS, input.content)}）`,
    body: [
      'マイページからお問い合わせがありました。',
      '',
      ...lines([
        ['回答', labelOf(ANSWER_OPTIONS, input.is_required_answer)],
        ['お問い合わせ内容', labelOf(INQUIRY_CONTENT_OPTIONS, input.content)],
        ['氏名', input.name],
        ['氏名カナ', input.name_kana],
        ['年代', labelOf(AGE_BAND_OPTIONS, input.age)],
        ['メールアドレス', input.mail],
        ['電話番号', input.phone],
        ['郵便番号', input.postcode],
        ['住所', `${input.pref}${input.address}`],
      ]),
      '',
      '【詳細】',
      input.detail,
    ].join('\n'),
  };
}

/** POST /api/mypage/inquiry/: stored in inquiries and mailed to the office (OFFICE_MAIL). */
export async function sendInquiry(
  db: Db,
  config: Pick<Config, 'officeMail'>,
  input: InquiryInput,
  { now = new Date() }: { now?: Date } = {},
) {
  return db.transaction(async (tx) => {
    await lockKey(tx, `inquiry:${input.mail}:${input.name}`);
    const [seen] = await tx
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(
        and(
          eq(inquiries.mail, input.mail),
          eq(inquiries.name, input.name),
          eq(inquiries.content, Number(input.content)),
          eq(inquiries.detail, input.detail),
          gte(inquiries.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (seen) return { result: true as const };
    const [row] = await tx
      .insert(inquiries)
      .values({
        isRequiredAnswer: input.is_required_answer === '1',
        content: Number(input.content),
        detail: input.detail,
        name: input.name,
        nameKana: input.name_kana,
        ageBand: input.age === '' ? null : Number(input.age),
        mail: input.mail,
        phone: input.phone,
        postcode: input.postcode,
        pref: input.pref,
        address: input.address,
      })
      .returning({ id: inquiries.id });
    if (!row) throw new Error('insert returned nothing');
    await enqueueMail(tx, { to: config.officeMail, ...inquiryOfficeMail(input) });
    return { result: true as const };
  });
}
