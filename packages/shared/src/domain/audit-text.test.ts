import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_WORDS, type AuditAction, type AuditEntity, type AuditRow } from '../schemas/audit';
import { auditActionText, auditActorText, auditDetailLines, auditRowLines, auditViaText } from './audit-text';
import { CODE_FIELDS, VALUE_WORDS } from './audit-words';

describe('an audit entry in words', () => {
  it('reads codes as their names, instants as dates, yes/no in words, and keeps an unknown field', () => {
    expect(
      auditDetailLines({
        course_id: 12,
        student_id: 3,
        lottery_status: '2',
        previous_lottery_status: '3',
        how_apply: '2',
        waitlisted: true,
        confirm_by: '2026-12-01T00:00:00.000Z',
        outcome: '3',
        channel: '2',
        ids: [1, 2, 3],
        count: 1200,
        brand_new_field: 'x',
        note: '',
      }),
    ).toEqual([
      '抽選状況：当選',
      '変更前の抽選状況：落選',
      '申込方法：電話',
      '補欠で受付：はい',
      '確定の期限：2026年12月1日 09:00',
      '電話の結果：伝言',
      '連絡方法：電話',
      '対象の件数：3件',
      '件数：1,200',
      'brand_new_field：x',
      'メモ：—',
    ]);
    expect(auditDetailLines(null)).toEqual([]);
  });

  it('reads an update as before → after, and names the person’s data it changed without its values', () => {
    expect(
      auditDetailLines({
        changes: {
          lotteryStatus: ['1', '2'],
          attendance3: ['0', '1'],
          totalUnits: [10, 12],
          isGraduation: [false, true],
        },
        changed_fields: ['name', 'phone1'],
      }),
    ).toEqual([
      '抽選状況：抽選待ち → 当選',
      '第3回の出欠：－（未実施） → 出席',
      '累計単位：10 → 12',
      '修了：いいえ → はい',
      '変更した項目：氏名、電話番号1（内容は記録していません）',
    ]);
  });

  it('reads a course’s fields as the course form names them', () => {
    expect(
      auditDetailLines(
        {
          status: '1',
          changes: { name: ['江戸の町', '江戸の町と暮らし'], capacity: [30, 40], status: ['2', '1'] },
          changed_fields: ['content'],
        },
        'course',
      ),
    ).toEqual([
      '公開状態：公開',
      '講座名：江戸の町 → 江戸の町と暮らし',
      '定員：30人 → 40人',
      '公開状態：非公開 → 公開',
      '変更した項目：内容（内容は記録していません）',
    ]);
    // the same field of a student is the person's name
    expect(auditDetailLines({ changed_fields: ['name'] }, 'student')).toEqual([
      '変更した項目：氏名（内容は記録していません）',
    ]);
  });

  it('names the act, with its record where the act alone would not say what changed', () => {
    expect(auditActionText({ action: 'update', entity: 'course_application' })).toBe('申込の変更');
    expect(auditActionText({ action: 'create', entity: 'student' })).toBe('学生の登録');
    expect(auditActionText({ action: 'promote', entity: 'course_application' })).toBe('繰り上げ当選');
    for (const action of Object.keys(AUDIT_ACTION_WORDS) as (keyof typeof AUDIT_ACTION_WORDS)[])
      expect(auditActionText({ action, entity: 'student' })).not.toBe('');
  });

  it('says who acted and how it came', () => {
    expect(auditActorText({ actor_kind: 'admin', actor_name: '田中' })).toBe('田中');
    expect(auditActorText({ actor_kind: 'admin', actor_name: '' })).toBe('事務局');
    expect(auditActorText({ actor_kind: 'student', actor_name: '山田 花子' })).toBe('学生本人');
    expect(auditActorText({ actor_kind: 'system', actor_name: '' })).toBe('自動処理');
    expect(auditViaText('screen')).toBe('画面');
    expect(auditViaText('api')).toBe('API');
    expect(auditViaText(null)).toBe('不明');
  });
});

// ---- every act, in words (decision 088) ----

type Example = {
  entity: AuditEntity;
  detail: Record<string, unknown> | null;
  refs?: Partial<AuditRow['refs']>;
};
const AT = '2026-12-09T14:59:59.999Z';
const PAID = { amount: 3500, paid_on: '2026-05-01', method: 'bank', receipt_no: 'R-000001', note: '' };
const REFS: AuditRow['refs'] = {
  student: { '4': '山田 花子（26040001）', '11': '山田 花子（26040002）', '13': '山田 花子（26040001）' },
  course: { '1': '江戸の町と暮らし（C2601）', '2': '俳句入門（C2602）', '5': '陶芸（C2605）' },
  course_category: { '1': '歴史', '3': '文学' },
  notice_category: { '1': '講座のお知らせ', '2': '休講' },
  university: { U01: '港大学', U02: '芝浦大学' },
};

/**
 * Each act's entries as their writers record them (the server's `audit()` calls; audit-words.test.ts holds
 * the fields those calls write to words): a new act fails here until it has an example, and its example
 * fails until every field and code of it reads in words.
 */
const EXAMPLES: { [A in AuditAction]: Example[] } = {
  create: [
    { entity: 'student', detail: { id: 10, login_id: '26100001' } },
    {
      entity: 'admin_user',
      detail: { id: 10, login_id: 'a000001', authority: 2, is_rejection: false, mail_queued: true },
    },
    { entity: 'admin_user', detail: { via: 'cli' } },
    {
      entity: 'course',
      detail: {
        id: 122,
        course_id: 'C2601',
        course_name: '新講座',
        univ_id: 'U02',
        status: '1',
        category: [1, 3],
        sessions: 4,
      },
    },
    {
      entity: 'course_application',
      detail: { course_id: 21, student_id: 12, how_apply: '2', lottery_status: '1' },
    },
    {
      entity: 'course_application',
      detail: {
        course_id: 21,
        student_id: 12,
        how_apply: '3',
        lottery_status: '2',
        over_capacity: true,
        capacity: 30,
        seats_before: 30,
        reason: '市長の推薦',
      },
    },
    {
      entity: 'notice',
      detail: {
        title: '休講のお知らせ',
        is_control: '1',
        published_to: 3,
        generation_id: null,
        course_id: 1,
        lottery_status: '2',
        is_email: false,
        is_important: true,
        mail_queued: 0,
      },
    },
    { entity: 'notice_category', detail: { name: '講座のお知らせ', sort_number: 2 } },
  ],
  update: [
    {
      entity: 'student',
      detail: {
        id: 10,
        login_id: '26400102',
        changes: {
          loginId: ['26400002', '26400102'],
          totalUnits: [0, 12],
          isGraduation: [false, true],
          studentType: ['1', '2'],
        },
        changed_fields: ['name', 'streetName1', 'phone1'],
        password_changed: true,
        mail_bounce_cleared: true,
      },
    },
    {
      entity: 'admin_user',
      detail: {
        id: 1,
        login_id: 'admin',
        authority: 2,
        is_rejection: true,
        password_changed: false,
        mail_queued: true,
        changes: {
          name: ['事務局 管理者', '事務局 花子'],
          authority: [1, 2],
          universityId: [null, 'U01'],
          isEmail: [false, true],
          isRejection: [false, true],
        },
        changed_fields: ['email'],
      },
    },
    {
      entity: 'course',
      detail: {
        id: 125,
        course_id: 'C2601',
        course_name: '更新後の講座',
        univ_id: '',
        status: '2',
        category: [1],
        changes: {
          code: ['C2600', 'C2601'],
          name: ['新講座', '更新後の講座'],
          tuitionFee: [3000, 3500],
          periodFrom: [AT, AT],
          capacity: [30, 40],
          status: ['1', '2'],
          universityId: [null, 'U01'],
          isLottery: [true, false],
        },
        changed_fields: ['content', 'bring'],
      },
    },
    {
      entity: 'course_application',
      detail: {
        lottery_status: '2',
        attendance_status: '2',
        acquisition_unit: 12,
        changes: {
          lotteryStatus: ['1', '2'],
          attendance3: ['0', '1'],
          attendanceStatus: ['1', '2'],
          acquisitionUnit: [0, 12],
          remarks: ['', '窓口で変更'],
        },
      },
    },
    {
      entity: 'notice',
      detail: {
        title: '変更後',
        is_control: '1',
        published_to: 2,
        generation_id: '2504',
        course_id: null,
        lottery_status: null,
        is_email: false,
        is_important: false,
        mail_queued: 0,
        changes: {
          title: ['休講', '変更後'],
          categoryId: [1, 2],
          courseId: [null, 5],
          periodFrom: [null, AT],
          generationId: [null, '2504'],
          publishedTo: [1, 2],
        },
        changed_fields: ['content'],
      },
    },
    {
      entity: 'notice_category',
      detail: { name: '休講', sort_number: 3, changes: { name: ['お休み', '休講'], sortNumber: [1, 3] } },
    },
  ],
  update_batch: [
    { entity: 'course_application', detail: { course_id: 5, ids: [10, 11] } },
    { entity: 'course_application', detail: { student_id: 3, ids: [12] } },
  ],
  cancel: [
    {
      entity: 'course_application',
      detail: { course_id: 1, login_id: '24040001', lottery_status: '2', net_paid: 3500, refund_due: 3500 },
    },
    { entity: 'course_application', detail: { course_id: 1, student_id: 103, previous_lottery_status: '5' } },
    {
      entity: 'course_application',
      detail: { course_id: 1, login_id: '24040001', lottery_status: '1', withdrawal: true },
    },
  ],
  apply: [
    {
      entity: 'course_application',
      detail: { course_id: 10, login_id: '24040001', agreed_no_cancel: true, waitlisted: false },
    },
  ],
  lottery: [
    {
      entity: 'course',
      detail: {
        run_id: 1,
        win_num: 2,
        win_count: 2,
        wait_count: 1,
        lose_count: 0,
        override_reason: '会場の都合',
      },
    },
  ],
  upload: [
    { entity: 'student', detail: { rows: 5, registered: 4, skipped_existing: 1, student_type: '2' } },
    { entity: 'course', detail: { count: 2, ids: [10, 11], course_ids: ['K0001', 'K0002'] } },
    {
      entity: 'course_application',
      detail: { course_ids: [1, 2], rows: 5, registered: 3, skipped_applied: 1, skipped_unregistered: 1 },
    },
  ],
  admission: [{ entity: 'student', detail: { id: 10 } }],
  approve: [{ entity: 'student', detail: { id: 16, login_id: '26200001', mail_queued: true } }],
  reject: [{ entity: 'student', detail: { id: 21, login_id: null, mail_queued: false } }],
  update_contacts: [
    {
      entity: 'student',
      detail: { id: 1, login_id: '24040001', group1: true, group2: false, mail_bounce_cleared: true },
    },
  ],
  password_change: [{ entity: 'student', detail: { id: 1, login_id: '24040001' } }],
  password_reset: [{ entity: 'student', detail: { id: 1, login_id: '24040001' } }],
  password_reset_mail: [{ entity: 'student', detail: { id: 1, login_id: '24040001' } }],
  intake_settings: [
    {
      entity: 'course',
      detail: {
        waitlist: '1',
        confirm_days: '7',
        auto_promote: '1',
        promote_until: '2026-12-20',
        tiers: ['previous_loser', 'ward_resident'],
      },
    },
    {
      entity: 'course',
      detail: { waitlist: '0', confirm_days: '', auto_promote: '0', promote_until: '', tiers: [] },
    },
  ],
  promote: [
    {
      entity: 'course_application',
      detail: { course_id: 1, waitlist_rank: 1, confirm_by: AT, amount_due: 3500, pay_by: AT },
    },
  ],
  confirm: [
    {
      entity: 'course_application',
      detail: { course_id: 4, for_student: 11, channel: '2', note: '電話で確認' },
    },
  ],
  decline: [
    { entity: 'course_application', detail: { course_id: 6, for_student: 15, channel: '3', note: '窓口で' } },
  ],
  lapse: [{ entity: 'course_application', detail: { course_id: 10, confirm_by: AT } }],
  lapse_unpaid: [{ entity: 'course_application', detail: { course_id: 11, amount_due: 3500, pay_by: AT } }],
  fee_rule: [
    {
      entity: 'course',
      detail: {
        required: '1',
        how_to_pay: '窓口でお支払いください',
        pay_days: '14',
        pay_by_date: '2026-12-20',
        auto_lapse: '1',
        refund_days: '7',
        refund_note: '',
        charged: 3,
      },
    },
  ],
  calendar_feed: [{ entity: 'student', detail: { login_id: '24040001', replaced: true } }],
  calendar_feed_revoke: [{ entity: 'student', detail: { login_id: '24040001' } }],
  check_in: [
    {
      entity: 'course_application',
      detail: { course_id: 10, via: 'qr', student_id: 1, session_no: 2, result: 'ok' },
    },
    {
      entity: 'course_application',
      detail: { course_id: 10, via: 'manual', student_id: 1, session_no: 2, result: 'already' },
    },
  ],
  check_in_refused: [
    'no_course',
    'forbidden',
    'no_session',
    'expired',
    'unreadable',
    'not_applicant',
    'not_won',
    'not_confirmed',
  ].map((refusal) => ({
    entity: 'course' as const,
    detail: { course_id: 16, via: 'qr', student_id: 23, refusal },
  })),
  address_request: [
    { entity: 'student', detail: { id: 1, login_id: '24040001', request_id: 2, replaced: true } },
  ],
  address_approve: [{ entity: 'student', detail: { id: 1, login_id: '24040001', request_id: 1 } }],
  address_return: [{ entity: 'student', detail: { id: 2, login_id: '24040002', request_id: 2 } }],
  mail_retry: [{ entity: 'mail', detail: null }],
  call: [{ entity: 'student', detail: { call_id: 1, course_id: 3, outcome: '2' } }],
  letters_printed: [{ entity: 'notice', detail: { count: 3, notice_ids: [1, 2, 3] } }],
  duplicate_dismiss: [{ entity: 'student', detail: { other_id: 4 } }],
  merge: [
    {
      entity: 'student',
      detail: {
        merge_id: 1,
        kept_id: 11,
        merged_id: 4,
        fields: ['氏名', 'メールアドレス1'],
        applications_moved: 2,
        cancelled_ids: [11, 12],
        promoted_ids: [5],
      },
    },
  ],
  merge_undo: [
    { entity: 'student', detail: { merge_id: 1, kept_id: 13, merged_id: 4, kept_name: '山田 花子' } },
  ],
  withdraw: [
    { entity: 'student', detail: { login_id: '26110001', by: 'office', cancelled: 2, reason_given: true } },
    { entity: 'student', detail: { login_id: '26110001', by: 'self', cancelled: 0, reason_given: false } },
  ],
  retention_policy: [
    {
      entity: 'retention_policy',
      detail: { changes: { withdrawnYears: [3, 5], graduatedYears: [5, 10], auto: [false, true] } },
    },
  ],
  anonymize: [
    { entity: 'student', detail: { login_id: '26110021', approval_status: '4' } },
    { entity: 'retention_policy', detail: { anonymized: 3, by: 'job' } },
    { entity: 'retention_policy', detail: { anonymized: 1, by: 'office' } },
  ],
  disclose: [{ entity: 'student', detail: { download: true } }],
  payment_record: [
    { entity: 'payment', detail: { application_id: 1, ...PAID, method: 'counter' } },
    {
      entity: 'payment',
      detail: {
        application_id: 1,
        amount: 1000,
        paid_on: '2026-05-02',
        method: 'class',
        receipt_no: 'A-77',
        bulk: true,
      },
    },
    {
      entity: 'payment',
      detail: { application_id: 1, amount: 3500, receipt_no: 'R-000002', source: 'bank' },
    },
  ],
  payment_correct: [
    {
      entity: 'payment',
      detail: {
        application_id: 6,
        reason: '金額の入力誤り',
        before: PAID,
        after: { ...PAID, amount: 3000, method: 'other' },
      },
    },
  ],
  payment_void: [{ entity: 'payment', detail: { application_id: 6, reason: '二重の記録', before: PAID } }],
  refund: [
    { entity: 'payment', detail: { application_id: 7, amount: 3500, paid_on: '2026-05-11', method: 'bank' } },
  ],
  bank_import: [
    { entity: 'payment', detail: { format: 'zengin', lines: 12, recorded: 10, courses: [1, 2] } },
  ],
};

/** What in a line is not the office's words: an ASCII label, a key or code left as it is, an id for a name. */
function rawIn(line: string): string | null {
  const [label = '', ...rest] = line.split('：');
  const value = rest.join('：');
  if (/[A-Za-z_]/.test(label.replace(/講座ID|期生ID|ログインID|URL/g, '')))
    return `the field's own name: ${label}`;
  // a staff member's login id is theirs to choose (admin, tanaka): a value, not a code
  if (label === 'ログインID') return null;
  if (/(?<![A-Za-z0-9])[a-z][a-z0-9]*(?:_[a-z0-9]+)+/.test(value))
    return `a snake_case key or code: ${value}`;
  if (/(?<![A-Za-z0-9])[a-z]+[A-Z][A-Za-z0-9]*/.test(value)) return `a camelCase key: ${value}`;
  if (/(?<![A-Za-z0-9-])[a-z]{2,}(?![A-Za-z0-9])/.test(value)) return `a bare code: ${value}`;
  if (/ID\s?\d/.test(value)) return `an id where a name is known: ${value}`;
  return null;
}

describe('every act the audit log records reads in words', () => {
  it('has an example of every act', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(AUDIT_ACTION_WORDS).sort());
  });

  it.each(Object.keys(AUDIT_ACTION_WORDS) as AuditAction[])('%s: no raw key, code or id', (action) => {
    for (const { entity, detail, refs } of EXAMPLES[action]) {
      const lines = auditRowLines({ action, entity, detail, refs: { ...REFS, ...refs } });
      const raw = lines.map(rawIn).filter((r) => r !== null);
      expect(raw, JSON.stringify(detail)).toEqual([]);
      // a code read as its words, never as itself
      for (const [field, value] of Object.entries(detail ?? {}))
        if ((field in CODE_FIELDS || field in VALUE_WORDS) && typeof value !== 'object')
          expect(lines, `${field}=${String(value)}`).not.toContainEqual(
            expect.stringMatching(new RegExp(`：${value}$`)),
          );
    }
  });

  it('says the money, the payment and the people in the office’s words', () => {
    const line = (action: AuditAction, detail: Record<string, unknown>, entity: AuditEntity = 'payment') =>
      auditRowLines({ action, entity, detail, refs: REFS });
    expect(line('payment_record', { application_id: 1, ...PAID, method: 'counter' })).toEqual([
      '金額：3,500円',
      '入金日：2026年5月1日',
      '入金方法：窓口',
      '領収書番号：R-000001',
      'メモ：—',
    ]);
    expect(line('payment_record', { amount: 3500, receipt_no: 'R-000002', source: 'bank' })).toContain(
      '記録のしかた：銀行の入金明細から',
    );
    expect(line('refund', { amount: 3500, method: 'bank' })).toEqual([
      '返金額：3,500円',
      '返金の方法：銀行振込',
    ]);
    expect(line('payment_void', { reason: '二重の記録', before: PAID })).toContain(
      '取り消した入金：金額 3,500円、入金日 2026年5月1日、入金方法 銀行振込、領収書番号 R-000001、メモ —',
    );
    expect(line('check_in', { via: 'manual', session_no: 2, result: 'ok' }, 'course_application')).toEqual([
      '受付の方法：学生番号の入力',
      '授業：第2回',
      '結果：出席を記録',
    ]);
    expect(line('merge', { merge_id: 1, kept_id: 11, merged_id: 4 }, 'student')).toEqual([
      '残した学生：山田 花子（26040002）',
      '統合した学生：山田 花子（26040001）',
    ]);
    expect(line('bank_import', { format: 'zengin', courses: [1, 2] })).toEqual([
      '明細の形式：全銀協の振込入金明細',
      '講座：江戸の町と暮らし（C2601）、俳句入門（C2602）',
    ]);
    // a record the viewer could not read (gone, or a reader without the names) keeps its kind and id
    expect(auditDetailLines({ other_id: 99 }, 'student')).toEqual(['別人とした学生：学生（ID 99）']);
  });
});
