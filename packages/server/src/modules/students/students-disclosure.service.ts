import { codeText } from '@manabi/shared/codes';
import {
  auditActionText,
  auditActorText,
  auditDetailLines,
  auditViaText,
} from '@manabi/shared/domain/audit-text';
import { formatDateJa, formatDateTimeJa, tokyoParts } from '@manabi/shared/domain/dates';
import {
  PAYMENT_KIND_LABEL,
  PAYMENT_METHOD_LABEL,
  type PaymentKind,
  type PaymentMethod,
} from '@manabi/shared/domain/fees';
import { matchReasonText } from '@manabi/shared/domain/person-match';
import type { AuditRow } from '@manabi/shared/schemas/audit';
import { CALL_OUTCOMES, PROXY_CHANNELS } from '@manabi/shared/schemas/contact';
import { AGE_BAND_OPTIONS, INQUIRY_CONTENT_OPTIONS } from '@manabi/shared/schemas/inquiry';
import {
  DECLINE_REASONS,
  DISCLOSURE_SECRET_BODY,
  DISCLOSURE_SECTIONS,
  DISCLOSURE_TITLE,
  type Disclosure,
  MAIL_OUTBOX_STATES,
  NOTICE_RECORD_KINDS,
} from '@manabi/shared/schemas/student-disclosure';
import { MERGE_FIELDS, type MergeField } from '@manabi/shared/schemas/student-merge';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  addressChangeRequests,
  adminUsers,
  auditLog,
  calendarFeeds,
  courseApplications,
  courseSessions,
  courses,
  duplicateDismissals,
  duplicatePairs,
  inquiries,
  mailOutbox,
  noticeLetters,
  noticeMails,
  noticeReads,
  notices,
  payments,
  studentCalls,
  studentMerges,
  students,
} from '../../db/schema';
import { type Actor, audit, resolvePersonal } from '../../platform/audit';
import { notFound } from '../../platform/errors';

/**
 * Disclosure (保有個人情報の開示, decision 076): everything held about one student, read in one REPEATABLE READ,
 * read-only transaction (one consistent picture: an apply or a merge committing meanwhile is either wholly in
 * it or wholly out), one query a section, every list whole — a student has hundreds of rows at most, so one
 * document is the answer. Each read is audited once the document is made: no disclosure leaves without its
 * entry.
 */

type Student = typeof students.$inferSelect;

/** Columns the document leaves out, and why (the print page shows these reasons too). */
const LEFT_OUT = {
  passwordHash: {
    label: 'パスワード',
    reason:
      'パスワードそのものは保有していません。照合用の一方向の変換値のみを保有しており、これは開示しても意味がなく、悪用を防ぐため表示しません。',
  },
  nameKey: { label: '氏名の検索用の値', reason: '氏名から機械的に作る検索用の値で、氏名と同じ内容です。' },
  nameSearch: { label: '氏名の検索用の値', reason: '氏名から機械的に作る検索用の値で、氏名と同じ内容です。' },
  nameKanaSearch: {
    label: 'カナ氏名の検索用の値',
    reason: '氏名カナから機械的に作る検索用の値で、氏名カナと同じ内容です。',
  },
  matchKeys: {
    label: '重複確認用の値',
    reason: '氏名・カナ・電話番号・メールアドレスから機械的に作る照合用の値で、それらと同じ内容です。',
  },
} as const satisfies Partial<Record<keyof Student, { label: string; reason: string }>>;

type Shown = Exclude<keyof Student, keyof typeof LEFT_OUT>;
type Kind = 'text' | 'date' | 'instant' | 'flag' | 'gender' | 'CD002' | 'CD009';

/**
 * Every other column of the record, in the detail page's order and words. Typed over the whole row: a column
 * added to students fails the typecheck here until someone decides whether it is disclosed.
 */
const RECORD_FIELDS: Record<Shown, { label: string; kind: Kind; yes?: string; no?: string }> = {
  id: { label: '管理番号', kind: 'text' },
  loginId: { label: '学生番号', kind: 'text' },
  generationId: { label: '期生ID', kind: 'text' },
  name: { label: '氏名', kind: 'text' },
  nameKana: { label: '氏名カナ', kind: 'text' },
  postcode: { label: '郵便番号', kind: 'text' },
  pref: { label: '都道府県', kind: 'text' },
  streetName1: { label: '町名', kind: 'text' },
  streetName2: { label: '丁目', kind: 'text' },
  address: { label: '番地', kind: 'text' },
  streetName3: { label: '建物名', kind: 'text' },
  birthday: { label: '生年月日', kind: 'date' },
  gender: { label: '性別', kind: 'gender' },
  phone1: { label: '電話番号1', kind: 'text' },
  mail1: { label: 'メールアドレス1', kind: 'text' },
  phone2: { label: '電話番号2', kind: 'text' },
  mail2: { label: 'メールアドレス2', kind: 'text' },
  emergencyName: { label: '緊急連絡先の氏名', kind: 'text' },
  emergencyRelation: { label: '緊急連絡先の続柄', kind: 'text' },
  emergencyPhone: { label: '緊急連絡先の電話番号', kind: 'text' },
  totalUnits: { label: '取得単位数', kind: 'text' },
  filingDate: { label: '申込日', kind: 'date' },
  dateIssue: { label: '学生証発行日', kind: 'date' },
  studentType: { label: '学生種別', kind: 'CD009' },
  approvalStatus: { label: '承認状況', kind: 'CD002' },
  isGraduation: { label: '卒業', kind: 'flag', yes: '卒業', no: '在籍' },
  isRejection: { label: 'ログイン停止', kind: 'flag', yes: '停止している', no: '停止していない' },
  isEmail: { label: 'メールでのお知らせ', kind: 'flag', yes: '受け取る', no: '受け取らない' },
  isAttendance: { label: '入学説明会', kind: 'flag', yes: '出席', no: '欠席' },
  remarks: { label: '備考（事務局の記録）', kind: 'text' },
  mailBouncedAddress: { label: '届かなかったメールアドレス', kind: 'text' },
  mailBouncedAt: { label: 'メールが届かなかった日時', kind: 'instant' },
  mailBounceReason: { label: 'メールが届かなかった理由', kind: 'text' },
  mergedInto: { label: '統合先の管理番号', kind: 'text' },
  withdrawnAt: { label: '退会した日時', kind: 'instant' },
  withdrawalReason: { label: '退会の理由（事務局の記録）', kind: 'text' },
  anonymizedAt: { label: '個人情報を消去した日時', kind: 'instant' },
  contactsUpdatedAt1: { label: '連絡先1の更新日時', kind: 'instant' },
  contactsUpdatedAt2: { label: '連絡先2の更新日時', kind: 'instant' },
  createdAt: { label: '登録日時', kind: 'instant' },
  updatedAt: { label: '最終更新日時', kind: 'instant' },
};

const asText = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'boolean'
        ? v
          ? '1'
          : '0'
        : String(v);

function wordsOf(field: (typeof RECORD_FIELDS)[Shown], v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (field.kind) {
    case 'date':
      return formatDateJa(String(v));
    case 'instant':
      return formatDateTimeJa(v as Date);
    case 'flag':
      return v ? (field.yes ?? 'はい') : (field.no ?? 'いいえ');
    case 'gender':
      return v === 1 ? '男性' : v === 2 ? '女性' : String(v);
    case 'CD002':
    case 'CD009':
      return codeText(field.kind, String(v)) || String(v);
    default:
      return String(v);
  }
}

/**
 * The queries one after another on the transaction's one connection (a query builder runs when awaited), their
 * answers typed as a tuple as Promise.all's would be.
 */
async function inTurn<const T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const out: unknown[] = [];
  for (const q of queries) out.push(await q);
  return out as { -readonly [K in keyof T]: Awaited<T[K]> };
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;
const optionText = (options: readonly { value: string; label: string }[], v: unknown) =>
  options.find((o) => o.value === String(v ?? ''))?.label ?? '';

/** The document, read in one consistent snapshot; 404 when there is no such student. */
export async function readDisclosure(db: Db, userId: number, now = new Date()): Promise<Disclosure> {
  return db.transaction(async (tx) => {
    // one snapshot for every section, and the database itself refuses a write from here on
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [s] = await tx.select().from(students).where(eq(students.id, userId));
    if (!s) throw notFound();
    return buildDisclosure(tx, s, now);
  });
}

async function buildDisclosure(tx: DbOrTx, s: Student, now: Date): Promise<Disclosure> {
  const id = s.id;
  const [
    applications,
    sessions,
    personal,
    reads,
    mailed,
    posted,
    mails,
    calls,
    addressRequests,
    asked,
    [feed],
    pairs,
    dismissals,
    merges,
    entries,
    paid,
  ] = await inTurn([
    tx
      .select({
        a: courseApplications,
        course: courses.name,
        period: courses.period,
        start: courses.startDate,
      })
      .from(courseApplications)
      .innerJoin(courses, eq(courses.id, courseApplications.courseId))
      .where(eq(courseApplications.studentId, id))
      .orderBy(asc(courseApplications.id)),
    tx
      .select({ course: courseSessions.courseId, no: courseSessions.no, day: courseSessions.day })
      .from(courseSessions)
      .where(
        inArray(
          courseSessions.courseId,
          tx
            .select({ c: courseApplications.courseId })
            .from(courseApplications)
            .where(eq(courseApplications.studentId, id)),
        ),
      ),
    tx
      .select({ n: notices, course: courses.name, readAt: noticeReads.readAt })
      .from(notices)
      .leftJoin(courses, eq(courses.id, notices.courseId))
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, id)))
      .where(eq(notices.studentId, id))
      .orderBy(asc(notices.id)),
    tx
      .select({ notice: notices.id, title: notices.title, at: noticeReads.readAt })
      .from(noticeReads)
      .innerJoin(notices, eq(notices.id, noticeReads.noticeId))
      .where(eq(noticeReads.studentId, id)),
    tx
      .select({ notice: notices.id, title: notices.title, at: noticeMails.queuedAt })
      .from(noticeMails)
      .innerJoin(notices, eq(notices.id, noticeMails.noticeId))
      .where(eq(noticeMails.studentId, id)),
    tx
      .select({
        notice: notices.id,
        title: notices.title,
        at: noticeLetters.printedAt,
        by: noticeLetters.printedBy,
      })
      .from(noticeLetters)
      .innerJoin(notices, eq(notices.id, noticeLetters.noticeId))
      .where(eq(noticeLetters.studentId, id)),
    tx.select().from(mailOutbox).where(eq(mailOutbox.studentId, id)).orderBy(asc(mailOutbox.id)),
    tx
      .select({ c: studentCalls, course: courses.name })
      .from(studentCalls)
      .leftJoin(courses, eq(courses.id, studentCalls.courseId))
      .where(eq(studentCalls.studentId, id))
      .orderBy(asc(studentCalls.calledAt), asc(studentCalls.id)),
    tx
      .select()
      .from(addressChangeRequests)
      .where(eq(addressChangeRequests.studentId, id))
      .orderBy(asc(addressChangeRequests.id)),
    tx.select().from(inquiries).where(eq(inquiries.studentId, id)).orderBy(asc(inquiries.id)),
    // never the token's hash: only whether a feed exists and when it was made and last read
    tx
      .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.studentId, id)),
    tx
      .select({ score: duplicatePairs.score, reasons: duplicatePairs.reasons, at: duplicatePairs.foundAt })
      .from(duplicatePairs)
      .where(or(eq(duplicatePairs.studentA, id), eq(duplicatePairs.studentB, id))),
    tx
      .select({ at: duplicateDismissals.createdAt, by: duplicateDismissals.adminId })
      .from(duplicateDismissals)
      .where(or(eq(duplicateDismissals.studentA, id), eq(duplicateDismissals.studentB, id))),
    tx
      .select()
      .from(studentMerges)
      .where(or(eq(studentMerges.keptId, id), eq(studentMerges.mergedId, id)))
      .orderBy(asc(studentMerges.id)),
    tx.select().from(auditLog).where(eq(auditLog.studentId, id)).orderBy(asc(auditLog.id)),
    tx
      .select({ p: payments, course: courses.name })
      .from(payments)
      .innerJoin(courses, eq(courses.id, payments.courseId))
      .where(eq(payments.studentId, id))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
  ]);
  const details = await resolvePersonal(
    tx,
    entries.map((e) => e.detail as Record<string, unknown> | null),
  );

  // the names the rows refer to: staff members, the same person's other record of a merge, the courses of
  // the audit entries — one look-up each
  const adminIds = new Set<number>();
  const addAdmin = (v: number | null) => {
    if (v !== null) adminIds.add(v);
  };
  for (const { a } of applications) {
    addAdmin(a.enteredBy);
    addAdmin(a.decidedBy);
  }
  for (const p of posted) addAdmin(p.by);
  for (const { c } of calls) addAdmin(c.adminId);
  for (const r of addressRequests) addAdmin(r.decidedBy);
  for (const d of dismissals) addAdmin(d.by);
  for (const m of merges) {
    addAdmin(m.adminId);
    addAdmin(m.undoneBy);
  }
  for (const e of entries) if (e.actorKind === 'admin') addAdmin(e.actorId);
  for (const { p } of paid) addAdmin(p.recordedBy);
  const otherIds = merges.map((m) => (m.keptId === id ? m.mergedId : m.keptId));
  const courseIds = [...new Set(entries.map((e) => e.courseId).filter((c): c is number => c !== null))];
  const [admins, others, named] = await inTurn([
    adminIds.size
      ? tx
          .select({ id: adminUsers.id, name: adminUsers.name })
          .from(adminUsers)
          .where(inArray(adminUsers.id, [...adminIds]))
      : [],
    otherIds.length
      ? tx
          .select({ id: students.id, loginId: students.loginId, name: students.name })
          .from(students)
          .where(inArray(students.id, otherIds))
      : [],
    courseIds.length
      ? tx.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds))
      : [],
  ]);
  const adminName = new Map(admins.map((a) => [a.id, a.name]));
  const staff = (v: number | null) => (v === null ? '' : (adminName.get(v) ?? '事務局'));
  const courseName = new Map(named.map((c) => [c.id, c.name]));

  const days = new Map<string, string>();
  for (const x of sessions) days.set(`${x.course}:${x.no}`, x.day);

  const noticeRecords = [
    ...reads.map((r) => ({ ...r, kind: 'read' as const, by: null })),
    ...mailed.map((r) => ({ ...r, kind: 'mailed' as const, by: null })),
    ...posted.map((r) => ({ ...r, kind: 'posted' as const })),
  ].sort((x, y) => x.at.getTime() - y.at.getTime() || x.notice - y.notice);

  const duplicates: Disclosure['duplicates']['rows'] = [
    ...pairs.map((p) => ({
      kind: 'pair' as const,
      kind_text: '同じ方の可能性がある登録として自動で見つかった',
      at: iso(p.at),
      by: '',
      other_user_id: null,
      other_login_id: '',
      other_name: '',
      text: `${p.score}点（${matchReasonText(p.reasons)}）`,
      undone_at: null,
    })),
    ...dismissals.map((d) => ({
      kind: 'dismissed' as const,
      kind_text: '別の方の登録と確認した',
      at: iso(d.at),
      by: staff(d.by),
      other_user_id: null,
      other_login_id: '',
      other_name: '',
      text: '',
      undone_at: null,
    })),
    ...merges.map((m) => {
      const other = others.find((o) => o.id === (m.keptId === id ? m.mergedId : m.keptId));
      const record = m.record as { fields?: MergeField[]; applications?: number[] };
      const fields = (record.fields ?? []).map((f) => MERGE_FIELDS[f] ?? f);
      return {
        kind: 'merge' as const,
        kind_text:
          m.keptId === id ? 'もう一つの登録をこの登録に統合した' : 'この登録をもう一つの登録に統合した',
        at: iso(m.mergedAt),
        by: staff(m.adminId),
        other_user_id: other?.id ?? null,
        other_login_id: other?.loginId ?? '',
        other_name: other?.name ?? '',
        text: `統合した側の値にした項目：${fields.length ? fields.join('、') : 'なし'}。移した申込：${record.applications?.length ?? 0}件`,
        undone_at: isoOrNull(m.undoneAt),
      };
    }),
  ].sort((x, y) => x.at.localeCompare(y.at));

  return {
    title: DISCLOSURE_TITLE,
    prepared_at: iso(now),
    student: { user_id: s.id, login_id: s.loginId, name: s.name },
    record: {
      title: DISCLOSURE_SECTIONS.record,
      items: (Object.entries(RECORD_FIELDS) as [Shown, (typeof RECORD_FIELDS)[Shown]][]).map(([key, f]) => ({
        key,
        label: f.label,
        value: asText(s[key]),
        value_text: wordsOf(f, s[key]),
      })),
      left_out: Object.values(LEFT_OUT)
        .filter((x, i, all) => all.findIndex((y) => y.label === x.label) === i)
        .map(({ label, reason }) => ({ label, reason })),
    },
    applications: {
      title: DISCLOSURE_SECTIONS.applications,
      rows: applications.map(({ a, course, period, start }) => {
        const held = a.attendance.reduce(
          (last, v, i) => (v !== '0' || days.has(`${a.courseId}:${i + 1}`) ? i + 1 : last),
          0,
        );
        return {
          application_id: a.id,
          course_id: a.courseId,
          course_name: course,
          course_period: period,
          course_start_date: start,
          applied_at: iso(a.createdAt),
          how_apply_text: codeText('CD005', a.howApply),
          entered_by: staff(a.enteredBy),
          lottery_status: a.lotteryStatus,
          lottery_status_text:
            a.lotteryStatus === '5' && a.waitlistRank !== null
              ? `補欠（${a.waitlistRank}番）`
              : codeText('CD003', a.lotteryStatus),
          waitlist_rank: a.waitlistRank,
          confirm_by: isoOrNull(a.confirmBy),
          confirmed_at: isoOrNull(a.confirmedAt),
          promoted_at: isoOrNull(a.promotedAt),
          decline_reason_text: DECLINE_REASONS[a.declineReason as keyof typeof DECLINE_REASONS] ?? '',
          decided_by: staff(a.decidedBy),
          decided_at: isoOrNull(a.decidedAt),
          decided_channel_text: PROXY_CHANNELS[a.decidedChannel as keyof typeof PROXY_CHANNELS] ?? '',
          decision_note: a.decisionNote,
          attendance_status_text: codeText('CD004', a.attendanceStatus),
          attendance: a.attendance.slice(0, held).map((v, i) => ({
            no: i + 1,
            day: days.get(`${a.courseId}:${i + 1}`) ?? null,
            status: v,
            status_text: codeText('CD006', v),
          })),
          acquisition_unit: a.acquisitionUnit,
          aid_tuition_fee: a.aidTuitionFee,
          remarks: a.remarks,
          cancelled_at: isoOrNull(a.cancelledAt),
          updated_at: iso(a.updatedAt),
        };
      }),
    },
    payments: {
      title: DISCLOSURE_SECTIONS.payments,
      rows: paid.map(({ p, course }) => ({
        payment_id: p.id,
        course_name: course,
        kind: p.kind,
        kind_text: PAYMENT_KIND_LABEL[p.kind as PaymentKind] ?? '',
        amount: p.amount,
        paid_on: p.paidOn,
        method_text: PAYMENT_METHOD_LABEL[p.method as PaymentMethod] ?? p.method,
        receipt_no: p.receiptNo ?? '',
        note: p.note,
        payer_name: p.payerName,
        recorded_by: staff(p.recordedBy),
        voided_at: isoOrNull(p.voidedAt),
        void_reason: p.voidReason ?? '',
        created_at: iso(p.createdAt),
      })),
    },
    notices: {
      title: DISCLOSURE_SECTIONS.notices,
      rows: personal.map(({ n, course, readAt }) => ({
        notice_id: n.id,
        title: n.title,
        content: n.content,
        course_name: course ?? '',
        created_at: iso(n.createdAt),
        read_at: isoOrNull(readAt),
      })),
    },
    notice_records: {
      title: DISCLOSURE_SECTIONS.notice_records,
      rows: noticeRecords.map((r) => ({
        notice_id: r.notice,
        title: r.title,
        kind: r.kind,
        kind_text: NOTICE_RECORD_KINDS[r.kind],
        at: iso(r.at),
        by: staff(r.by),
      })),
    },
    mails: {
      title: DISCLOSURE_SECTIONS.mails,
      rows: mails.map((m) => ({
        mail_id: m.id,
        to: m.to,
        subject: m.subject,
        // a reset link not yet sent is a live credential: its body is not printed on paper or put in a file
        body: m.holdsSecret ? DISCLOSURE_SECRET_BODY : m.body,
        status: m.status,
        status_text: MAIL_OUTBOX_STATES[m.status as keyof typeof MAIL_OUTBOX_STATES] ?? m.status,
        created_at: iso(m.createdAt),
        sent_at: isoOrNull(m.sentAt),
        attempts: m.attempts,
        failure_text:
          m.failureKind === 'hard'
            ? '宛先のメールサーバーが受け取りを断った'
            : m.failureKind === 'temporary'
              ? '一時的に送れなかった'
              : '',
      })),
    },
    calls: {
      title: DISCLOSURE_SECTIONS.calls,
      rows: calls.map(({ c, course }) => ({
        called_at: iso(c.calledAt),
        admin_name: staff(c.adminId),
        course_name: course ?? '',
        outcome_text: CALL_OUTCOMES[c.outcome as keyof typeof CALL_OUTCOMES] ?? c.outcome,
        note: c.note,
      })),
    },
    address_requests: {
      title: DISCLOSURE_SECTIONS.address_requests,
      rows: addressRequests.map((r) => ({
        requested_at: iso(r.createdAt),
        status_text: r.status === '1' ? '承認' : r.status === '2' ? '差し戻し' : '確認待ち',
        postcode: r.postcode,
        address: [r.pref, r.streetName1, r.streetName2, r.address, r.streetName3].filter(Boolean).join(' '),
        return_reason: r.returnReason,
        decided_by: staff(r.decidedBy),
        decided_at: isoOrNull(r.decidedAt),
      })),
    },
    inquiries: {
      title: DISCLOSURE_SECTIONS.inquiries,
      rows: asked.map((q) => ({
        inquiry_id: q.id,
        created_at: iso(q.createdAt),
        content_text: optionText(INQUIRY_CONTENT_OPTIONS, q.content),
        detail: q.detail,
        is_required_answer: q.isRequiredAnswer,
        name: q.name,
        name_kana: q.nameKana,
        age_band_text: optionText(AGE_BAND_OPTIONS, q.ageBand),
        mail: q.mail,
        phone: q.phone,
        postcode: q.postcode,
        pref: q.pref,
        address: q.address,
      })),
    },
    calendar_feed: {
      title: DISCLOSURE_SECTIONS.calendar_feed,
      feed: {
        exists: feed !== undefined,
        created_at: feed ? iso(feed.createdAt) : null,
        last_used_at: feed ? isoOrNull(feed.lastUsedAt) : null,
      },
    },
    duplicates: { title: DISCLOSURE_SECTIONS.duplicates, rows: duplicates },
    audit: {
      title: DISCLOSURE_SECTIONS.audit,
      rows: entries.map((e, i) => {
        const row = {
          action: e.action as AuditRow['action'],
          entity: e.entity as AuditRow['entity'],
          actor_kind: e.actorKind as AuditRow['actor_kind'],
          actor_name:
            e.actorKind === 'admin'
              ? staff(e.actorId)
              : e.actorKind === 'student' && e.actorId === id
                ? s.name
                : '',
        };
        return {
          at: iso(e.createdAt),
          actor: auditActorText(row),
          action: e.action,
          action_text: auditActionText(row),
          course_name: e.courseId === null ? '' : (courseName.get(e.courseId) ?? ''),
          via_text: auditViaText(e.via as AuditRow['via']),
          // a dismissed pair's entry names the other record, another person's
          detail_lines:
            e.action === 'duplicate_dismiss'
              ? []
              : auditDetailLines(details[i] as AuditRow['detail'], row.entity),
        };
      }),
    },
  };
}

/** `disclosure-<学生番号 or 管理番号>-<YYYYMMDD>.json`, the date in Tokyo. */
export function disclosureFileName(d: Pick<Disclosure, 'student'>, now: Date): string {
  const p = tokyoParts(now);
  return `disclosure-${d.student.login_id ?? d.student.user_id}-${p.year}${p.month}${p.day}.json`;
}

/**
 * GET /api/admin/student/disclosure/: the document, and its audit entry (`disclose`) written before it is
 * answered — an access to a person's data is answerable later, whether it was read on screen or taken as a
 * file.
 */
export async function discloseStudent(
  db: Db,
  actor: Actor,
  userId: number,
  download: boolean,
  now = new Date(),
): Promise<Disclosure> {
  const document = await readDisclosure(db, userId, now);
  await audit(db, {
    actor,
    action: 'disclose',
    entity: 'student',
    entityId: userId,
    studentId: userId,
    detail: { download },
  });
  return document;
}
