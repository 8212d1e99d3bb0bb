/**
 * Reaching every student, online or not (decision 065): the list of students the office should contact, the
 * record of telephone calls, a seat confirmed or declined on a student's behalf, the letters of a course's
 * results for those who take no mail, and address labels for 差し込み印刷.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { positiveInt, recordId, text, timestamp } from '../validation/rules';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MSG.invalidChoice });
/** '' or a record id: an optional filter of a query string */
const optionalId = () => z.union([z.literal(''), recordId()], { error: MSG.invalidValue }).prefault('');

export const CONTACT_MSG = {
  days: '1から14までの日数を入力してください',
  note: '記録の内容を入力してください',
  proxyNote: '確認した内容（どなたと、何を）を入力してください',
  courseRequired: '講座を指定してください',
  sourceRequired: '講座かお知らせのどちらか一方を指定してください',
  notAWinner: 'この申込は当選ではないため、確定・辞退できません',
  nothingToConfirm: 'この申込には確定するものがありません（確定済み、または確定が不要です）',
  tooMany: '一度に記録できるのは2,000通までです',
} as const;

// ---- what the office calls ----

/** How a telephone call went (記録の「結果」). */
export const CALL_OUTCOMES = {
  '1': '本人と話した',
  '2': '不在',
  '3': '伝言',
  '4': '番号違い',
} as const;
export type CallOutcome = keyof typeof CALL_OUTCOMES;
const CALL_OUTCOME_VALUES = Object.keys(CALL_OUTCOMES) as [CallOutcome, ...CallOutcome[]];

/** The channels of a decision taken for the student (CD005's 電話・窓口・郵送・FAX). */
export const PROXY_CHANNELS = { '2': '電話', '3': '窓口', '4': '郵送・FAX' } as const;
export type ProxyChannel = keyof typeof PROXY_CHANNELS;
const PROXY_CHANNEL_VALUES = Object.keys(PROXY_CHANNELS) as [ProxyChannel, ...ProxyChannel[]];

/** Why a student is on the list. */
export const CONTACT_REASONS = {
  /** a winner whose confirm-by deadline is near, who has neither confirmed nor read the result */
  deadline: '確定期限が近い・未読',
  /** the mail server refused the student's address */
  mail: 'メールが届きません',
  /** a result to a student who takes no mail, no letter printed yet */
  letter: '郵送が必要',
} as const;
export type ContactReason = keyof typeof CONTACT_REASONS;
const CONTACT_REASON_VALUES = Object.keys(CONTACT_REASONS) as [ContactReason, ...ContactReason[]];

/** How far ahead a confirm-by deadline is worth a call: 1..14 days; '' = the setting (CONTACT_DEADLINE_DAYS). */
export const CONTACT_DAYS_MAX = 14;
export const CONTACT_PAGE_SIZES = ['10', '50', '100'] as const;
export const CONTACT_LIST_SORTS = ['deadline', 'name_kana', 'login_id', 'reason'] as const;
export const CALL_NOTE_MAX = 500;
export const PROXY_NOTE_MAX = 200;
export const LETTERS_MAX = 2000;

const days = () =>
  positiveInt({ maxDigits: 2 }).refine((v) => v === '' || Number(v) <= CONTACT_DAYS_MAX, {
    error: CONTACT_MSG.days,
  });

/** The list's search (also the labels' when they are the list's). */
export const contactSearchSchema = z.object({
  days: days(),
  reason: choice(['', ...CONTACT_REASON_VALUES]).prefault(''),
  course_id: optionalId(),
});
export type ContactSearch = z.input<typeof contactSearchSchema>;

/** GET /api/admin/contact/list/ */
export const contactListQuerySchema = contactSearchSchema.extend({
  page: positiveInt({ maxDigits: 6 }).transform((v) => Number(v || '1')),
  size: choice(['', ...CONTACT_PAGE_SIZES])
    .prefault('')
    .transform((v) => Number(v || '50')),
  sort: choice(['', ...CONTACT_LIST_SORTS]).prefault(''),
  dir: choice(['', 'asc', 'desc']).prefault(''),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** How the notice a row is about went out by mail: queued, sent, given up on, or none (no mail taken). */
export const MAIL_STATES = {
  pending: '送信待ち',
  sent: '送信済み',
  failed: '送信失敗',
  none: 'メールなし',
} as const;
export type MailState = keyof typeof MAIL_STATES;
export const mailState = choice(Object.keys(MAIL_STATES) as [MailState, ...MailState[]]);

const lastCallSchema = z.object({
  called_at: iso,
  outcome: choice(CALL_OUTCOME_VALUES),
  admin_name: z.string(),
});

/** One reason a person is on the list for, still open. */
export const contactReasonSchema = z.object({
  /** unique in the row: the reason and the application */
  key: z.string(),
  reason: choice(CONTACT_REASON_VALUES),
  course_id: id.nullable(),
  course_name: z.string(),
  application_id: id.nullable(),
  /** what waits, in words (「当選の確定」「繰り上げ当選の確定」「抽選結果の通知」…) */
  pending: z.string(),
  /** the confirm-by deadline, when there is one */
  deadline: iso.nullable(),
  /** the personal notice the reason is about */
  notice_id: id.nullable(),
  mail: mailState.nullable(),
  read_at: iso.nullable(),
  letter_printed_at: iso.nullable(),
});
export type ContactReasonItem = z.output<typeof contactReasonSchema>;

/** A reason as authority 2 reads it: the course's side (what waits, by when, whether it was read). */
export const contactReasonLimitedSchema = contactReasonSchema.pick({
  key: true,
  reason: true,
  course_id: true,
  course_name: true,
  application_id: true,
  pending: true,
  deadline: true,
  read_at: true,
});
export type ContactReasonLimited = z.output<typeof contactReasonLimitedSchema>;

/** One person of the list (authority 1), with every reason still open: one call settles them together. */
export const contactRowSchema = z.object({
  /** unique in the list: the student */
  key: z.string(),
  user_id: id,
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  /** the mail server refused the student's current address (「メールが届きません」) */
  mail_undeliverable: z.boolean(),
  /** the earliest confirm-by deadline among the reasons, null when none has one */
  deadline: iso.nullable(),
  /** the deadlines first (soonest first), then the mail, then the letters */
  reasons: z.array(contactReasonSchema),
  /** the newest call recorded, null when none */
  last_call: lastCallSchema.nullable(),
});
export type ContactRow = z.output<typeof contactRowSchema>;

/**
 * One person of authority 2's list (SPEC §6: of the person, 氏名カナ alone): no 氏名, no 学生番号, no telephone
 * and no record of calls — a partner university sees who has not answered about its courses; the calls are
 * the office's.
 */
export const contactRowLimitedSchema = z.object({
  key: z.string(),
  user_id: id,
  name_kana: z.string(),
  deadline: iso.nullable(),
  reasons: z.array(contactReasonLimitedSchema),
});
export type ContactRowLimited = z.output<typeof contactRowLimitedSchema>;

const contactListHead = {
  /** the window the deadline reasons were chosen by */
  days: z.number().int(),
  /** how many people the whole search holds */
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
};

/**
 * GET /api/admin/contact/list/: a page of people, one row each. Authority 1 (`limited` false) reads the full
 * rows; authority 2 (`limited` true) its university's courses, the deadline reasons only, 氏名カナ alone.
 */
export const contactListResponseSchema = z.union([
  z.object({ ...contactListHead, limited: z.literal(false), data_list: z.array(contactRowSchema) }),
  z.object({ ...contactListHead, limited: z.literal(true), data_list: z.array(contactRowLimitedSchema) }),
]);

// ---- telephone calls ----

export const callAddBodySchema = z.object({
  user_id: recordId(),
  /** the course the call was about, '' when none */
  course_id: optionalId(),
  outcome: choice(CALL_OUTCOME_VALUES),
  note: text({ max: CALL_NOTE_MAX, multiline: true }),
});
export type CallAddInput = z.output<typeof callAddBodySchema>;
export type CallForm = z.input<typeof callAddBodySchema>;

export const callSchema = z.object({
  id,
  called_at: iso,
  admin_name: z.string(),
  outcome: choice(CALL_OUTCOME_VALUES),
  note: z.string(),
  course_id: id.nullable(),
  course_name: z.string(),
});

/** GET /api/admin/contact/student/?user_id: what reached the student, and the calls. */
export const studentContactQuerySchema = z.object({ user_id: recordId() });
export const studentContactResponseSchema = z.object({
  user_id: id,
  mail1: z.string(),
  is_email: z.boolean(),
  /** the mail server refused mail1 (cleared by changing the address) */
  mail_undeliverable: z.object({ at: iso, reason: z.string() }).nullable(),
  /** the personal notices about the student's applications, newest first (at most 50) */
  notices: z.array(
    z.object({
      notice_id: id,
      title: z.string(),
      course_id: id.nullable(),
      course_name: z.string(),
      created_at: iso,
      mail: mailState,
      read_at: iso.nullable(),
      letter_printed_at: iso.nullable(),
    }),
  ),
  /** newest first (at most 100) */
  calls: z.array(callSchema),
});

// ---- a decision taken for the student ----

/** POST /api/admin/courseapplicantlist/decide/: the office confirms or declines a seat for the student. */
export const proxyDecisionBodySchema = z.object({
  course_id: recordId(),
  user_id: recordId(),
  /** the application's updated_at as shown */
  updated_at: timestamp(),
  decision: choice(['confirm', 'decline']),
  channel: choice(PROXY_CHANNEL_VALUES),
  note: text({ required: true, max: PROXY_NOTE_MAX, msg: CONTACT_MSG.proxyNote }),
});
export type ProxyDecisionInput = z.output<typeof proxyDecisionBodySchema>;
export type ProxyDecisionForm = z.input<typeof proxyDecisionBodySchema>;

// ---- letters and labels ----

/**
 * Whose letters. A course's results: those who take no mail (the default), or every applicant told. A notice
 * (decision 065): of those who have not read it, those its mail did not reach (none sent, or refused), or all.
 */
export const LETTER_AUDIENCES = { nomail: 'メールを受け取らない方', all: '全員' } as const;
export const NOTICE_LETTER_AUDIENCES = {
  nomail: 'まだ読んでいない方のうち、メールが届いていない方',
  all: 'まだ読んでいない方全員',
} as const;

/** '1': only the letters not printed yet (those a reprint would post twice are left out). */
const unprinted = () => choice(['', '1']).prefault('');

/** Exactly one of course_id (a course's results) and notice_id (a notice to many). */
function oneSource(value: { course_id: '' | number; notice_id: '' | number }, ctx: z.RefinementCtx) {
  if ((value.course_id === '') === (value.notice_id === '')) {
    ctx.addIssue({ code: 'custom', message: CONTACT_MSG.sourceRequired, path: ['course_id'], input: '' });
  }
}

/** GET /api/admin/contact/letters/: a course's results, or a notice to many (notice_id). */
export const lettersQuerySchema = z
  .object({
    course_id: optionalId(),
    notice_id: optionalId(),
    who: choice(['', 'nomail', 'all']).prefault(''),
    unprinted: unprinted(),
  })
  .superRefine(oneSource);
export type LettersQuery = z.output<typeof lettersQuerySchema>;

export const letterSchema = z.object({
  notice_id: id,
  user_id: id,
  login_id: z.string(),
  name: z.string(),
  postcode: z.string(),
  /** pref, town, block and number */
  address1: z.string(),
  /** building */
  address2: z.string(),
  /**
   * the notice's own words, as the my-page shows them — but a letter that asks for an answer says how to give
   * it on paper or by telephone in place of the my-page's buttons (decision 087)
   */
  title: z.string(),
  body: z.string(),
  notified_at: iso,
  printed_at: iso.nullable(),
  /**
   * the seat the letter asks an answer about (a live winner still to confirm, her deadline ahead), for the
   * reply slip at its foot; null when nothing is asked
   */
  reply: z
    .object({
      course_id: id,
      course_name: z.string(),
      confirm_by: iso,
    })
    .nullable(),
});
export type Letter = z.output<typeof letterSchema>;

export const lettersResponseSchema = z.object({
  /** the letterhead, and whom to call: the telephone (OFFICE_PHONE) and its hours (OFFICE_HOURS) */
  office: z.object({ name: z.string(), address: z.string(), phone: z.string(), hours: z.string() }),
  /** the course whose results these are, else null */
  course_id: id.nullable(),
  course_name: z.string(),
  /** the notice these letters carry (a notice to many), else null */
  notice_id: id.nullable(),
  notice_title: z.string(),
  /** how many letters the choice holds; `letters` are its first LETTERS_MAX */
  total: z.number().int(),
  letters: z.array(letterSchema),
});

/**
 * POST /api/admin/contact/letters/printed/: the letters just printed, recorded (who, when): personal notices
 * by `notice_ids`, and the letters of a notice to many by `letters` (the notice and the student); at least one.
 */
export const lettersPrintedBodySchema = z
  .object({
    notice_ids: z
      .array(recordId(), { error: MSG.invalidValue })
      .max(LETTERS_MAX, { error: CONTACT_MSG.tooMany })
      .prefault([]),
    letters: z
      .array(z.object({ notice_id: recordId(), user_id: recordId() }, { error: MSG.invalidValue }), {
        error: MSG.invalidValue,
      })
      .max(LETTERS_MAX, { error: CONTACT_MSG.tooMany })
      .prefault([]),
  })
  .superRefine((value, ctx) => {
    if (value.notice_ids.length + value.letters.length === 0)
      ctx.addIssue({ code: 'custom', message: MSG.invalidValue, path: ['notice_ids'], input: [] });
    else if (value.notice_ids.length + value.letters.length > LETTERS_MAX)
      ctx.addIssue({ code: 'custom', message: CONTACT_MSG.tooMany, path: ['notice_ids'], input: [] });
  });
export type LettersPrintedInput = z.output<typeof lettersPrintedBodySchema>;
export const lettersPrintedResponseSchema = z.object({ result: z.literal(true), count: z.number().int() });

/** Whose labels: a course's letters, a course's applicants, or the contact list as searched. */
export const LABEL_SOURCES = ['letters', 'applicants', 'contact'] as const;

/** GET /api/admin/contact/labels/csv/ */
export const labelsQuerySchema = contactSearchSchema.extend({
  source: choice(LABEL_SOURCES),
  /** with source=letters: the letters of a notice to many, instead of a course's */
  notice_id: optionalId(),
  who: choice(['', 'nomail', 'all']).prefault(''),
  /** with source=letters: the labels of the letters not printed yet */
  unprinted: unprinted(),
});
export type LabelsQuery = z.output<typeof labelsQuerySchema>;

/** One row of the label CSV (郵便番号, 住所1, 住所2, 氏名, 学生番号). */
export interface LabelRow {
  postcode: string;
  address1: string;
  address2: string;
  name: string;
  login_id: string;
}
