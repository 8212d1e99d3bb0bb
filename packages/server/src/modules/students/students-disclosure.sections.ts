import { codeText } from '@manabi/shared/codes';
import {
  auditActionText,
  auditActorText,
  auditDetailLines,
  auditViaText,
} from '@manabi/shared/domain/audit-text';
import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  PAYMENT_KIND_LABEL,
  PAYMENT_METHOD_LABEL,
  type PaymentKind,
  type PaymentMethod,
} from '@manabi/shared/domain/fees';
import { matchReasonText } from '@manabi/shared/domain/person-match';
import { ERASED_TEXT } from '@manabi/shared/domain/student';
import type { AuditRow } from '@manabi/shared/schemas/audit';
import { CALL_OUTCOMES, PROXY_CHANNELS } from '@manabi/shared/schemas/contact';
import { AGE_BAND_OPTIONS, INQUIRY_CONTENT_OPTIONS } from '@manabi/shared/schemas/inquiry';
import {
  DECLINE_REASONS,
  DISCLOSURE_SECRET_BODY,
  DISCLOSURE_SECTIONS,
  type Disclosure,
  MAIL_OUTBOX_STATES,
  NOTICE_RECORD_KINDS,
} from '@manabi/shared/schemas/student-disclosure';
import { MERGE_FIELDS, type MergeField } from '@manabi/shared/schemas/student-merge';
import { PERSON_DATA, type PersonalColumn } from '../../db/person-data';
import type { students } from '../../db/schema';
import { addressLine } from '../common/address';
import type { SectionsRead } from './students-disclosure.readers';

/**
 * The disclosure's sections in words (decision 076): one presenter a section, from the rows its reader
 * (students-disclosure.readers.ts) read and the names those rows refer to. The record first: every column of
 * the student's row in the detail page's words, and the columns left out with why.
 */

export type Student = typeof students.$inferSelect;

/** The names the rows refer to by id, looked up once for the whole document. */
export interface Names {
  /** a staff member's name: 事務局 for one no longer on the list, '' for none */
  staff(adminId: number | null): string;
  /** the same person's other record of a merge */
  student(id: number): { id: number; loginId: string | null; name: string } | undefined;
  /** a course's name, '' when unknown */
  course(id: number): string;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;
const optionText = (options: readonly { value: string; label: string }[], v: unknown) =>
  options.find((o) => o.value === String(v ?? ''))?.label ?? '';

// ---- record ----

/** Columns the document leaves out, and why (the print page shows these reasons too). */
const LEFT_OUT = {
  passwordHash: {
    label: 'パスワード',
    reason:
      'パスワードそのものは保有していません。照合用の一方向の変換値のみを保有しており、これは開示しても意味がなく、悪用を防ぐため表示しません。',
  },
  nameKey: { label: '氏名の検索用の値', reason: '氏名から機械的に作る検索用の値で、氏名と同じ内容です。' },
  nameSearch: { label: '氏名の検索用の値', reason: '氏名から機械的に作る検索用の値で、氏名と同じ内容です。' },
  nameFold: { label: '氏名の検索用の値', reason: '氏名から機械的に作る検索用の値で、氏名と同じ内容です。' },
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

/** The record's columns the registry says erasure blanks or generalises (db/person-data.ts, decision 081). */
const erasedColumn = (key: string): boolean => {
  const rule = (PERSON_DATA.students.personal as Record<string, PersonalColumn>)[
    key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  ]?.erasure;
  return rule !== undefined && ('blank' in rule || 'generalise' in rule);
};

/** The record section: every column shown, as stored and in words, and what is left out. */
export function presentRecord(s: Student): Disclosure['record'] {
  return {
    title: DISCLOSURE_SECTIONS.record,
    items: (Object.entries(RECORD_FIELDS) as [Shown, (typeof RECORD_FIELDS)[Shown]][]).map(([key, f]) =>
      s.anonymizedAt && erasedColumn(key)
        ? { key, label: f.label, value: '', value_text: ERASED_TEXT }
        : { key, label: f.label, value: asText(s[key]), value_text: wordsOf(f, s[key]) },
    ),
    left_out: Object.values(LEFT_OUT)
      .filter((x, i, all) => all.findIndex((y) => y.label === x.label) === i)
      .map(({ label, reason }) => ({ label, reason })),
  };
}

// ---- applications ----

export function presentApplications(
  { rows, sessions }: SectionsRead['applications'],
  { staff }: Names,
): Disclosure['applications'] {
  const days = new Map<string, string>();
  for (const x of sessions) days.set(`${x.course}:${x.no}`, x.day);
  return {
    title: DISCLOSURE_SECTIONS.applications,
    rows: rows.map(({ a, course, period, start }) => {
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
  };
}

// ---- payments ----

export function presentPayments(paid: SectionsRead['payments'], { staff }: Names): Disclosure['payments'] {
  return {
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
  };
}

// ---- notices ----

export function presentNotices(personal: SectionsRead['notices']): Disclosure['notices'] {
  return {
    title: DISCLOSURE_SECTIONS.notices,
    rows: personal.map(({ n, course, readAt }) => ({
      notice_id: n.id,
      title: n.title,
      content: n.content,
      course_name: course ?? '',
      created_at: iso(n.createdAt),
      read_at: isoOrNull(readAt),
    })),
  };
}

// ---- notice records ----

export function presentNoticeRecords(
  { reads, mailed, posted }: SectionsRead['noticeRecords'],
  { staff }: Names,
): Disclosure['notice_records'] {
  const noticeRecords = [
    ...reads.map((r) => ({ ...r, kind: 'read' as const, by: null })),
    ...mailed.map((r) => ({ ...r, kind: 'mailed' as const, by: null })),
    ...posted.map((r) => ({ ...r, kind: 'posted' as const })),
  ].sort((x, y) => x.at.getTime() - y.at.getTime() || x.notice - y.notice);
  return {
    title: DISCLOSURE_SECTIONS.notice_records,
    rows: noticeRecords.map((r) => ({
      notice_id: r.notice,
      title: r.title,
      kind: r.kind,
      kind_text: NOTICE_RECORD_KINDS[r.kind],
      at: iso(r.at),
      by: staff(r.by),
    })),
  };
}

// ---- mails ----

export function presentMails(mails: SectionsRead['mails']): Disclosure['mails'] {
  return {
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
  };
}

// ---- calls ----

export function presentCalls(calls: SectionsRead['calls'], { staff }: Names): Disclosure['calls'] {
  return {
    title: DISCLOSURE_SECTIONS.calls,
    rows: calls.map(({ c, course }) => ({
      called_at: iso(c.calledAt),
      admin_name: staff(c.adminId),
      course_name: course ?? '',
      outcome_text: CALL_OUTCOMES[c.outcome as keyof typeof CALL_OUTCOMES] ?? c.outcome,
      note: c.note,
    })),
  };
}

// ---- address change requests ----

export function presentAddressRequests(
  addressRequests: SectionsRead['addressRequests'],
  { staff }: Names,
): Disclosure['address_requests'] {
  return {
    title: DISCLOSURE_SECTIONS.address_requests,
    rows: addressRequests.map((r) => ({
      requested_at: iso(r.createdAt),
      status_text: r.status === '1' ? '承認' : r.status === '2' ? '差し戻し' : '確認待ち',
      postcode: r.postcode,
      address: addressLine(r),
      return_reason: r.returnReason,
      decided_by: staff(r.decidedBy),
      decided_at: isoOrNull(r.decidedAt),
    })),
  };
}

// ---- inquiries ----

export function presentInquiries(asked: SectionsRead['inquiries']): Disclosure['inquiries'] {
  return {
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
  };
}

// ---- calendar feed ----

export function presentCalendarFeed(feed: SectionsRead['calendarFeed']): Disclosure['calendar_feed'] {
  return {
    title: DISCLOSURE_SECTIONS.calendar_feed,
    feed: {
      exists: feed !== undefined,
      created_at: feed ? iso(feed.createdAt) : null,
      last_used_at: feed ? isoOrNull(feed.lastUsedAt) : null,
    },
  };
}

// ---- duplicates ----

export function presentDuplicates(
  { pairs, dismissals, merges }: SectionsRead['duplicates'],
  { staff, student }: Names,
  id: number,
): Disclosure['duplicates'] {
  const rows: Disclosure['duplicates']['rows'] = [
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
      const other = student(m.keptId === id ? m.mergedId : m.keptId);
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
  return { title: DISCLOSURE_SECTIONS.duplicates, rows };
}

// ---- audit ----

export function presentAudit(
  { entries, details }: SectionsRead['audit'],
  { staff, course }: Names,
  s: Student,
): Disclosure['audit'] {
  return {
    title: DISCLOSURE_SECTIONS.audit,
    rows: entries.map((e, i) => {
      const row = {
        action: e.action as AuditRow['action'],
        entity: e.entity as AuditRow['entity'],
        actor_kind: e.actorKind as AuditRow['actor_kind'],
        actor_name:
          e.actorKind === 'admin'
            ? staff(e.actorId)
            : e.actorKind === 'student' && e.actorId === s.id
              ? s.name
              : '',
      };
      return {
        at: iso(e.createdAt),
        actor: auditActorText(row),
        action: e.action,
        action_text: auditActionText(row),
        course_name: e.courseId === null ? '' : course(e.courseId),
        via_text: auditViaText(e.via as AuditRow['via']),
        // a dismissed pair's entry names the other record, another person's
        detail_lines:
          e.action === 'duplicate_dismiss'
            ? []
            : auditDetailLines(details[i] as AuditRow['detail'], row.entity),
      };
    }),
  };
}
