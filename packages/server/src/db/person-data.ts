/**
 * The registry of a person's data (decision 081): every table and column that holds or points to a student,
 * and for each, what a merge, its undo, the disclosure, the retention erasure and a withdrawal do with it.
 * Merge, undo, disclosure, erasure and withdrawal read this list and keep none of their own; a test reads the
 * live schema and fails on any column that points to a student, or holds a person's name, reading, contact,
 * address or free text, that is named neither here nor in {@link NOT_PERSONAL}.
 *
 * Names are the database's (snake_case), so the acts can build set-based SQL from them and the test can
 * compare them with information_schema.
 */
import type { DisclosureSection } from '@manabi/shared/schemas/student-disclosure';

/** What one personal column holds. */
export type PersonalKind =
  | 'name'
  | 'kana'
  | 'address'
  | 'birthday'
  | 'contact'
  | 'free'
  | 'secret'
  | 'derived';

/** What erasure does with one personal column. */
export type ColumnErasure =
  /** set to this value ('' for text, null where the column may be null) */
  | { blank: string | null }
  /** replaced by this SQL expression over the row (a coarser value the statistics still count) */
  | { generalise: string; why: string }
  /** computed by the database from other columns: blank follows theirs */
  | { derived: string }
  /** kept, and why (the law or the count it serves) */
  | { keep: string };

export interface PersonalColumn {
  kind: PersonalKind;
  erasure: ColumnErasure;
}

/** What a merge does with the merged-away record's rows of a table. */
export type MergeRule =
  /** the rows point to the kept record from now; undo points the same rows (by `id`) back */
  | { move: 'rows'; id: string }
  /**
   * keyed by (student, `key`) — or by the student alone, `key` null: a row the kept record already has for the
   * same key stays the kept one's and the
   * other's is removed (kept whole in the merge's record); undo points the moved rows back and puts the
   * removed ones back
   */
  | { move: 'unless-kept-has'; key: string | null }
  /** the rows end (they let the merged record log in, or describe it as a separate person); undo cannot bring them back, and need not */
  | { end: string }
  /** the rows stay where they are, and why */
  | { stays: string };

/** What a withdrawal does with the student's rows of a table. */
export type WithdrawalRule = { end: string } | { stays: string };

/** What erasure does with the rows of a table (its personal columns are erased as each declares). */
export type RowsErasure =
  /** the rows are deleted, and why */
  | { delete: string }
  /** the rows stay (their personal columns erased as declared), and why */
  | { keep: string };

export interface PersonTable {
  /** what the rows are, in the office's words */
  what: string;
  /** the columns that point to students.id */
  person: readonly string[];
  /** the columns that hold the person's own values */
  personal: Readonly<Record<string, PersonalColumn>>;
  merge: MergeRule | 'the record itself';
  /** what an undo restores, in words (the merge rule says how) */
  undo: string;
  disclosure: { section: DisclosureSection } | { omitted: string };
  erasure: RowsErasure;
  withdrawal: WithdrawalRule;
}

const blankText = { blank: '' } as const;
const blankNull = { blank: null } as const;
const free = { kind: 'free', erasure: blankText } as const;

/**
 * The period the law asks the books of money received to be kept: 地方自治法施行令 and the city's 会計規則
 * keep the 歳入 records five years after the fiscal year closes; the amounts, days and receipt numbers stay
 * (without the person's name, note or the payer's name) so the fiscal year's books still add up.
 */
const BOOKS = '会計の記録（地方自治法施行令・会計規則により、会計年度の終了後5年間保存）';
/** The audit log is append-only: its rows stay, the personal values it refers to do not (decision 081). */
const AUDIT =
  '操作の記録は追記のみ（個人情報保護法 第23条の安全管理措置の記録）。個人の値は別表に置き、消去で消す';

export const PERSON_DATA = {
  students: {
    what: '登録内容',
    person: ['merged_into'],
    personal: {
      name: { kind: 'name', erasure: blankText },
      name_kana: { kind: 'kana', erasure: blankText },
      name_key: { kind: 'derived', erasure: blankText },
      name_search: { kind: 'derived', erasure: { derived: 'name' } },
      name_fold: { kind: 'derived', erasure: { derived: 'name' } },
      name_kana_search: { kind: 'derived', erasure: { derived: 'name_kana' } },
      match_keys: { kind: 'derived', erasure: { derived: 'name, birthday, contacts' } },
      postcode: { kind: 'address', erasure: blankText },
      pref: { kind: 'address', erasure: { keep: '統計（市区町村別の人数）のため' } },
      street_name1: { kind: 'address', erasure: { keep: '統計（町名別の人数）のため' } },
      street_name2: { kind: 'address', erasure: blankText },
      address: { kind: 'address', erasure: blankText },
      street_name3: { kind: 'address', erasure: blankText },
      birthday: {
        kind: 'birthday',
        erasure: {
          generalise: `case when birthday is null then null
            when extract(month from birthday) < 4 then make_date(extract(year from birthday)::int, 1, 1)
            else make_date(extract(year from birthday)::int, 4, 1) end`,
          why: '年と4月より前かだけを残し、年度ごとの年齢の統計を変えない。画面と出力には「消去済み」と出す',
        },
      },
      phone1: { kind: 'contact', erasure: blankText },
      mail1: { kind: 'contact', erasure: blankText },
      phone2: { kind: 'contact', erasure: blankText },
      mail2: { kind: 'contact', erasure: blankText },
      emergency_name: { kind: 'name', erasure: blankText },
      emergency_relation: { kind: 'free', erasure: blankText },
      emergency_phone: { kind: 'contact', erasure: blankText },
      remarks: free,
      withdrawal_reason: free,
      mail_bounced_address: { kind: 'contact', erasure: blankText },
      mail_bounce_reason: free,
      password_hash: { kind: 'secret', erasure: blankNull },
    },
    merge: 'the record itself',
    undo: '残した登録の値と単位数、統合した側の承認状況と単位数',
    disclosure: { section: 'record' },
    erasure: { keep: '学生番号・性別・期生・町名・申込と単位は統計のため残る' },
    withdrawal: { stays: '退会の日時と理由を記録し、保存期間の後に消去する' },
  },
  course_applications: {
    what: '講座の申込み',
    person: ['student_id'],
    personal: { remarks: free, decision_note: free },
    merge: { move: 'rows', id: 'id' },
    undo: '移した申込み（同じ講座の重複で取り消した申込みは元の状態に）',
    disclosure: { section: 'applications' },
    erasure: { keep: '講座ごとの受講者数・出席・単位の統計のため（備考は消す）' },
    withdrawal: { stays: 'まだ終わっていない講座の申込みは取り消す（退会の手続き）' },
  },
  payments: {
    what: 'お支払い・返金',
    person: ['student_id'],
    personal: {
      note: free,
      payer_name: { kind: 'name', erasure: blankText },
      void_reason: { kind: 'free', erasure: blankNull },
    },
    merge: { move: 'rows', id: 'id' },
    undo: '移した入金と返金（申込みとともに）',
    disclosure: { section: 'payments' },
    erasure: { keep: BOOKS },
    withdrawal: { stays: BOOKS },
  },
  address_change_requests: {
    what: '住所変更の届出',
    person: ['student_id'],
    personal: {
      postcode: { kind: 'address', erasure: blankText },
      pref: { kind: 'address', erasure: blankText },
      street_name1: { kind: 'address', erasure: blankText },
      street_name2: { kind: 'address', erasure: blankText },
      address: { kind: 'address', erasure: blankText },
      street_name3: { kind: 'address', erasure: blankText },
      return_reason: free,
    },
    merge: { move: 'rows', id: 'id' },
    undo: '移した届出',
    disclosure: { section: 'address_requests' },
    erasure: { delete: '新しい住所そのものの記録で、登録の消去とともに不要' },
    withdrawal: { stays: '保存期間の後に消去する' },
  },
  student_calls: {
    what: '電話連絡の記録',
    person: ['student_id'],
    personal: { note: free },
    merge: { move: 'rows', id: 'id' },
    undo: '移した記録',
    disclosure: { section: 'calls' },
    erasure: { keep: 'いつ連絡しどうなったかは講座の記録として残る（メモは消す）' },
    withdrawal: { stays: '保存期間の後にメモを消去する' },
  },
  notices: {
    what: '本人あてのお知らせ',
    person: ['student_id'],
    personal: {
      content: free,
      email_title: { kind: 'free', erasure: { keep: '件名は定型（講座名と結果）で本人を名指ししない' } },
    },
    merge: { move: 'rows', id: 'id' },
    undo: '移したお知らせ',
    disclosure: { section: 'notices' },
    erasure: { keep: 'お知らせの件名と日付は講座の記録として残る（本文は消す）' },
    withdrawal: { stays: '保存期間の後に本文を消去する' },
  },
  notice_reads: {
    what: '読んだお知らせ',
    person: ['student_id'],
    personal: {},
    merge: { move: 'unless-kept-has', key: 'notice_id' },
    undo: '移した記録、残した側と重なって外した記録',
    disclosure: { section: 'notice_records' },
    erasure: { keep: 'お知らせごとの既読の数のため（個人の値はない）' },
    withdrawal: { stays: '個人の値はない' },
  },
  notice_mails: {
    what: 'お知らせのメール',
    person: ['student_id'],
    personal: {},
    merge: { move: 'unless-kept-has', key: 'notice_id' },
    undo: '移した記録、残した側と重なって外した記録',
    disclosure: { section: 'notice_records' },
    erasure: { keep: '同じお知らせを二度送らないため（個人の値はない）' },
    withdrawal: { stays: '個人の値はない' },
  },
  notice_letters: {
    what: '郵送したお知らせ',
    person: ['student_id'],
    personal: {},
    merge: { move: 'unless-kept-has', key: 'notice_id' },
    undo: '移した記録、残した側と重なって外した記録',
    disclosure: { section: 'notice_records' },
    erasure: { keep: '郵送の数のため（個人の値はない）' },
    withdrawal: { stays: '個人の値はない' },
  },
  inquiries: {
    what: 'お問い合わせ',
    person: ['student_id'],
    personal: {
      name: { kind: 'name', erasure: blankText },
      name_kana: { kind: 'kana', erasure: blankText },
      mail: { kind: 'contact', erasure: blankText },
      phone: { kind: 'contact', erasure: blankText },
      postcode: { kind: 'address', erasure: blankText },
      pref: { kind: 'address', erasure: blankText },
      address: { kind: 'address', erasure: blankText },
      detail: free,
    },
    merge: { move: 'rows', id: 'id' },
    undo: '移したお問い合わせ',
    disclosure: { section: 'inquiries' },
    erasure: { keep: 'お問い合わせの件数と種類のため（本人の値と本文は消す）' },
    withdrawal: { stays: '保存期間の後に消去する' },
  },
  mail_outbox: {
    what: '送ったメール',
    person: ['student_id'],
    personal: {
      to: { kind: 'contact', erasure: blankText },
      subject: free,
      body: free,
      last_error: free,
    },
    merge: { move: 'rows', id: 'id' },
    undo: '移したメール',
    disclosure: { section: 'mails' },
    erasure: { delete: '宛先と本文そのもので、送った事実はお知らせの記録に残る' },
    withdrawal: { stays: '送信待ちのメールは送らない（退会した方には送らない）' },
  },
  calendar_feeds: {
    what: 'カレンダー連携',
    person: ['student_id'],
    personal: { token_hash: { kind: 'secret', erasure: { keep: 'the row is deleted' } } },
    merge: { move: 'unless-kept-has', key: null },
    undo: '移した連携、または外した連携',
    disclosure: { section: 'calendar_feed' },
    erasure: { delete: 'ログインの代わりになる秘密のアドレス' },
    withdrawal: { end: '退会した方の予定を配らない' },
  },
  sessions: {
    what: 'ログイン中の端末',
    person: ['student_id'],
    personal: {
      id_hash: { kind: 'secret', erasure: { keep: 'the row is deleted' } },
      ip: { kind: 'contact', erasure: { keep: 'the row is deleted' } },
      user_agent: { kind: 'contact', erasure: { keep: 'the row is deleted' } },
    },
    merge: { end: '統合した側ではもうログインできない' },
    undo: '戻さない（もう一度ログインする）',
    disclosure: { omitted: 'ログイン中の端末の一時的な記録で、ログアウトや期限で消える' },
    erasure: { delete: 'ログインの記録' },
    withdrawal: { end: '退会した方はログインできない' },
  },
  password_reset_tokens: {
    what: 'パスワード再設定のリンク',
    person: ['student_id'],
    personal: { token_hash: { kind: 'secret', erasure: { keep: 'the row is deleted' } } },
    merge: { end: '統合した側のリンクは使えない' },
    undo: '戻さない（もう一度申し込む）',
    disclosure: { omitted: '24時間で使えなくなる一時的なリンク' },
    erasure: { delete: 'ログインの代わりになる秘密' },
    withdrawal: { end: '退会した方のリンクは使えない' },
  },
  duplicate_pairs: {
    what: '同じ方の可能性がある登録',
    person: ['student_a', 'student_b'],
    personal: {
      reasons: { kind: 'free', erasure: { keep: 'the rows are deleted' } },
    },
    merge: { end: '統合した側はどの候補にも出ない' },
    undo: '戻さない（次の確認で見つかる）',
    disclosure: { section: 'duplicates' },
    erasure: { delete: '本人の値の比較の結果' },
    withdrawal: { stays: '事務局の確認のため' },
  },
  duplicate_dismissals: {
    what: '別の方と確認した登録',
    person: ['student_a', 'student_b'],
    personal: {},
    merge: { stays: '統合した側の確認として残る（統合した側は候補に出ない）' },
    undo: '残っている',
    disclosure: { section: 'duplicates' },
    erasure: { delete: 'もう比べる値がない' },
    withdrawal: { stays: '事務局の確認のため' },
  },
  student_merges: {
    what: '登録の統合',
    person: ['kept_id', 'merged_id'],
    personal: {
      record: {
        kind: 'free',
        erasure: {
          generalise: "record - 'keep_before' - 'removed' - 'calendar_removed'",
          why: '元に戻すための元の値',
        },
      },
    },
    merge: { stays: '統合の記録そのもの' },
    undo: '取り消しの日時と取り消した職員を記録する',
    disclosure: { section: 'duplicates' },
    erasure: { keep: 'いつ誰が統合したかの記録（元の値は消す）' },
    withdrawal: { stays: '統合の記録' },
  },
  student_years: {
    what: '年度ごとの在籍',
    person: ['student_id'],
    personal: {},
    merge: { stays: '各年度の統計の人数を変えない' },
    undo: '変わらない',
    disclosure: { omitted: '統計の集計用の数で、登録内容と申込みから分かる' },
    erasure: { keep: '統計の人数（個人の値はない）' },
    withdrawal: { stays: '統計の人数' },
  },
  audit_log: {
    what: '操作の記録',
    person: ['student_id'],
    personal: {
      detail: {
        kind: 'free',
        erasure: { keep: 'personal values are not written here but in audit_personal, by reference' },
      },
    },
    merge: { stays: AUDIT },
    undo: '取り消しも記録する',
    disclosure: { section: 'audit' },
    erasure: { keep: AUDIT },
    withdrawal: { stays: AUDIT },
  },
  audit_personal: {
    what: '操作の記録が指す個人の値',
    person: ['student_id'],
    personal: { value: free },
    merge: { stays: '記録したときの本人の値' },
    undo: '変わらない',
    disclosure: { section: 'audit' },
    erasure: { delete: '操作の記録には「消去済みの個人」と出る' },
    withdrawal: { stays: '保存期間の後に消去する' },
  },
} as const satisfies Record<string, PersonTable>;

export type PersonDataTable = keyof typeof PERSON_DATA;

/**
 * Tables and columns that hold no student's data, and why: every character, text, JSON or array column of
 * the schema is either a person's (above) or named here, so a new one is a decision, not an accident.
 */
export const NOT_PERSONAL: Readonly<Record<string, string | Readonly<Record<string, string>>>> = {
  // the office's own accounts are staff, not the programme's residents: their data is the city's as employer
  admin_users: '職員のアカウント（学生ではない）',
  app_secrets: 'アプリの鍵',
  code_master: 'コードの表',
  course_catalog_version: '講座一覧の版',
  course_categories: '講座の分類',
  course_category_links: '講座と分類',
  course_fees: '講座の受講料の決まり',
  course_figures: '講座ごとの数',
  course_intake: '講座の定員と抽選の決まり',
  course_months: '講座ごとの月の数',
  course_sessions: '講座の授業日',
  courses: '講座',
  duplicate_scan: '重複確認の実行',
  job_runs: '自動処理の実行',
  login_throttles: 'ログインの失敗の数（学生番号だけで、個人の値はない）',
  lottery_runs: '抽選の記録（申込みの番号だけで、個人の値はない）',
  notice_categories: 'お知らせの分類',
  request_counters: '送信の数（IPアドレスの鍵は時間で消える）',
  retention_policy: '保存期間の決まり',
  student_counts: '承認状況ごとの人数',
  student_year_figures: '年度ごとの人数',
  universities: '大学',
  // columns of the tables above that are not a person's
  students: {
    login_id: '学生番号（名前でなく番号で、統計と記録の照合に残る）',
    generation_id: '期生',
    student_type: '学生種別のコード',
    approval_status: '承認状況のコード',
  },
  course_applications: {
    lottery_status: 'コード',
    how_apply: 'コード',
    attendance_status: 'コード',
    attendance: '出欠のコード',
    decline_reason: 'コード',
    decided_channel: 'コード',
  },
  payments: {
    kind: 'コード',
    method: 'コード',
    receipt_no: '領収書番号',
    source: 'コード',
    bank_ref: '振込の行のハッシュ',
  },
  address_change_requests: { status: 'コード' },
  student_calls: { outcome: 'コード' },
  notices: {
    title: '件名は定型（講座名と結果）',
    reference_url1: 'リンク',
    reference_url2: 'リンク',
    reference_url3: 'リンク',
    remarks: '事務局の備考（一斉のお知らせ用）',
    is_control: 'コード',
    generation_id: '期生',
    lottery_status: 'コード',
    source_key: '重複を防ぐ鍵',
  },
  mail_outbox: { status: 'コード', failure_kind: 'コード' },
  audit_log: {
    actor_kind: 'コード',
    action: 'コード',
    entity: 'コード',
    entity_id: '番号',
    via: 'コード',
    route: '画面の経路',
  },
  sessions: { kind: 'コード' },
  student_years: { university_id: '大学' },
};
