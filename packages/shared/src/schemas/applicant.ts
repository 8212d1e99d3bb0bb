/**
 * Course applicants (SPEC §5 "Lottery", "Applicant table units input", "Add applicant", "Applicant update";
 * SPEC §7 "Admin courses"). One schema per payload, used by the screens and the server alike.
 */
import { z } from 'zod';
import { CONFIRM_DAYS_MAX, LOTTERY_TIERS } from '../domain/intake';
import type { SessionAttendance, SessionNo } from '../domain/session-no';
import { MSG } from '../validation/messages';
import {
  codeOf,
  dateYmd,
  positiveInt,
  recordId,
  required,
  text,
  timestamp,
  zeroOrPositiveInt,
} from '../validation/rules';

/** SPEC §9: 15 sessions per applicant. */
export const SESSION_COUNT = 15;
export const SESSION_NUMBERS = Array.from({ length: SESSION_COUNT }, (_, i) => i + 1);
/** attendance1..attendance15: a session's field in the API's rows and forms. */
export type SessionField = keyof SessionAttendance;
export const SESSION_FIELDS = SESSION_NUMBERS.map((i) => `attendance${i}` as SessionField);

/**
 * A stored attendance array as the API writes it: attendance1..attendance15, a missing session '0'. Built
 * with a plain loop: it runs for every row of an applicant list, page or CSV.
 */
export function sessionAttendance(attendance: readonly string[]): SessionAttendance {
  const out = {} as SessionAttendance;
  for (let i = 0; i < SESSION_COUNT; i++) out[SESSION_FIELDS[i] as SessionField] = attendance[i] ?? '0';
  return out;
}
/** The longest reason for drawing while the application period is open. */
export const LOTTERY_OVERRIDE_REASON_MAX = 200;
/** SPEC §5: win_num at most 10 digits. */
export const WIN_NUM_MAX_DIGITS = 10;
/** SPEC §9: units 0..99999 (5 digits). */
export const ACQUISITION_UNIT_MAX_DIGITS = 5;
export const APPLICANT_REMARKS_MAX = 500;
/** Student search (add applicant) answers at most this many rows. */
export const STUDENT_SEARCH_LIMIT = 200;
/** A flattened table update carries at most this many rows (row numbers 0..MAX-1). */
export const APPLICANT_UPDATE_MAX_ROWS = 1000;

export const APPLICANT_MSG = {
  noUndrawn: '抽選待ちの申込者がいないため、抽選できません',
  /** the draw while the application period is open, without a stated reason */
  periodOpen: (end: string) =>
    `申込期間が終わる${end}までは、抽選できません。申込期間が終わってから抽選してください。`,
  alreadyApplied: 'この学生はすでにこの講座に申し込んでいます',
  notCancelable: 'この講座はキャンセルできない設定のため、キャンセルできません',
  alreadyCancelled: 'この申込はすでにキャンセルされています',
  cancelViaCancel: 'キャンセルは申込者詳細のキャンセル画面から行ってください',
  cancelledStays: 'キャンセル済みの申込の抽選状況は変更できません',
  studentNotFound: '選択された学生が見つかりません',
  noApplication: 'この学生の申込が見つかりません',
  duplicateRow: '同じ学生が複数の行にあります',
  /** a first-come course whose seats are all taken, without the desk's stated override */
  full: '定員に達しています。定員を超えて受け付けるときは「定員を超えて受け付ける」にチェックを入れ、理由を入力してください',
  overCapacityReason: '定員を超えて受け付ける理由を入力してください',
} as const;

/** The longest reason for taking a desk application beyond a first-come course's capacity. */
export const OVER_CAPACITY_REASON_MAX = 200;

/** '1' ticked, '0' or absent not ticked. */
const flag = () =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidValue })
    .prefault('')
    .transform((v): '0' | '1' => (v === '1' ? '1' : '0'));

const acquisitionUnit = () => zeroOrPositiveInt({ required: true, maxDigits: ACQUISITION_UNIT_MAX_DIGITS });

// ---- 1. list ----
/** The list's payment filters (decision 086): still owing, and owing past the pay-by deadline. */
export const APPLICANT_PAYMENT_FILTERS = ['owing', 'overdue'] as const;
export type ApplicantPaymentFilter = (typeof APPLICANT_PAYMENT_FILTERS)[number];
/** Page sizes of the applicant table when it asks for pages (SPEC §9's admin list sizes). */
export const APPLICANT_PAGE_SIZES = ['10', '50', '100'] as const;
export const APPLICANT_PAGE_SIZE_DEFAULT = 10;
/**
 * The columns a paged applicant list may be sorted by; authority 2 sees name_kana only (SPEC §6) and may
 * sort by nothing else (an order by a hidden field would reveal it).
 */
export const APPLICANT_LIST_SORTS = [
  'login_id',
  'name',
  'name_kana',
  'how_apply',
  'lottery_status',
  'waitlist_rank',
  'attendance_status',
  'attendance_updated_date',
  'acquisition_unit',
] as const;
export type ApplicantListSort = (typeof APPLICANT_LIST_SORTS)[number];

export const applicantListQuerySchema = z.object({
  id: recordId(),
  login_id: text({ max: 8 }),
  name: text({ max: 100 }),
  name_kana: text({ max: 100 }),
  lottery_status_1: flag(),
  lottery_status_2: flag(),
  lottery_status_3: flag(),
  lottery_status_4: flag(),
  // the intake cycle's statuses (decision 015): 補欠, 辞退
  lottery_status_5: flag(),
  lottery_status_6: flag(),
  attendance_status: codeOf('CD004', { required: false }),
  /** '1': only winners who confirmed their place (受講確定; additive, decision 035) */
  confirmed: flag(),
  /**
   * the seat's payment (additive, decision 086): 'owing' still owes (未入金・一部入金), 'overdue' owes past its
   * pay-by deadline (the work list's 未入金・期限切れ); '' = any
   */
  payment: z.enum(['', ...APPLICANT_PAYMENT_FILTERS], { error: MSG.invalidChoice }).prefault(''),
  // ---- paging, additive (decision 020): without page and size the answer is the whole list
  // as SPEC §7 has it; with either, one page of it and the total ----
  /** 1-based; a page past the end answers the last page */
  page: positiveInt({ maxDigits: 6 }),
  size: z.enum(['', ...APPLICANT_PAGE_SIZES], { error: MSG.invalidChoice }).prefault(''),
  /** a column of the table; ties (and no sort) go by student number, then application */
  sort: z.enum(['', ...APPLICANT_LIST_SORTS], { error: MSG.invalidChoice }).prefault(''),
  dir: z.enum(['', 'asc', 'desc'], { error: MSG.invalidChoice }).prefault(''),
});
export type ApplicantListQuery = z.output<typeof applicantListQuerySchema>;

/**
 * The applicant tab's search form (SPEC §4): the four CD003 boxes as one list (none ticked = all),
 * attendance status '' = all. The screen sends it as applicantListQuerySchema's fields.
 */
export const applicantSearchFormSchema = z.object({
  login_id: text({ max: 8 }),
  name: text({ max: 100 }),
  name_kana: text({ max: 100 }),
  lottery_status: z.array(codeOf('CD003')).prefault([]),
  attendance_status: codeOf('CD004', { required: false }),
  /** ['1']: only winners who confirmed (受講確定); [] = all */
  confirmed: z.array(z.enum(['1'], { error: MSG.invalidChoice })).prefault([]),
  /** '' = any payment state */
  payment: z.enum(['', ...APPLICANT_PAYMENT_FILTERS], { error: MSG.invalidChoice }).prefault(''),
});
export type ApplicantSearchForm = z.output<typeof applicantSearchFormSchema>;

/** The CD003 values ticked in the search form; none ticked means all (SPEC §4). */
export function lotteryStatusFilter(
  q: Pick<ApplicantListQuery, `lottery_status_${1 | 2 | 3 | 4 | 5 | 6}`>,
): string[] {
  return (['1', '2', '3', '4', '5', '6'] as const).filter((v) => q[`lottery_status_${v}`] === '1');
}

// ---- 2. lottery ----
/** The draw's intake options (decision 015), shared by the lottery body and the settings form. */
export function intakeOptionFields() {
  return {
    /** '1': losers wait on a ranked list (補欠) instead of losing */
    waitlist: z.enum(['0', '1', ''], { error: MSG.invalidChoice }).prefault(''),
    /** days winners have to confirm; '' = winners need not confirm */
    confirm_days: zeroOrPositiveInt({ maxDigits: 2 }).refine(
      (v) => v === '' || (Number(v) >= 1 && Number(v) <= CONFIRM_DAYS_MAX),
      { error: MSG.intRange(1, CONFIRM_DAYS_MAX) },
    ),
    /** priority tiers, highest first (LOTTERY_TIERS); each at most once */
    tiers: z
      .array(z.enum(LOTTERY_TIERS, { error: MSG.invalidChoice }), { error: MSG.invalidChoice })
      .max(LOTTERY_TIERS.length, { error: MSG.invalidChoice })
      .refine((t) => new Set(t).size === t.length, { error: MSG.invalidChoice })
      .prefault([]),
  };
}

export const lotteryFormSchema = z.object({
  win_num: positiveInt({ required: true, maxDigits: WIN_NUM_MAX_DIGITS }),
});
export type LotteryForm = z.infer<typeof lotteryFormSchema>;

/**
 * SPEC §7's `{id, win_num}`, plus the intake cycle's options (decision 015). A client that sends only SPEC's
 * fields gets SPEC's draw: winners and losers, nothing to confirm, no tiers.
 */
export const lotteryBodySchema = z.object({
  id: recordId(),
  win_num: positiveInt({ required: true, maxDigits: WIN_NUM_MAX_DIGITS }),
  ...intakeOptionFields(),
  /**
   * Why authority 1 draws while the application period is still open ('' = it does not: the draw is refused
   * until the period ends). Kept in the run record and the audit log.
   */
  override_reason: text({ max: LOTTERY_OVERRIDE_REASON_MAX, multiline: true }),
});
export type LotteryInput = z.output<typeof lotteryBodySchema>;

/** What a draw of the course would do, asked before it is drawn. */
export const lotteryPreviewQuerySchema = z.object({ id: recordId() });

// ---- 3. inline table update (flattened per-row fields) ----
/** attendance1..attendance15, each a CD006 value; typed by name so forms see all fifteen fields. */
const attendanceFields = () =>
  Object.fromEntries(SESSION_NUMBERS.map((i) => [`attendance${i}`, codeOf('CD006')])) as {
    [K in `attendance${SessionNo}`]: ReturnType<typeof codeOf>;
  };

/** One row of the applicant table, as the flattened fields of row n name it without the `_{n}`. */
export const applicantTableRowSchema = z.object({
  is_update: flag(),
  is_update_attendance: flag(),
  student_id: recordId(),
  lottery_status: codeOf('CD003'),
  attendance_status: codeOf('CD004'),
  acquisition_unit: acquisitionUnit(),
  ...attendanceFields(),
  updated_at: timestamp(),
});
export interface ApplicantTableRow {
  n: number;
  is_update_attendance: boolean;
  student_id: number;
  lottery_status: string;
  attendance_status: string;
  acquisition_unit: number;
  /** CD006 values of sessions 1..15 */
  attendance: string[];
  updated_at: string;
}

const ROW_FIELD =
  /^(is_update_attendance|is_update|student_id|course_id|lottery_status|attendance_status|acquisition_unit|updated_at)_(0|[1-9]\d*)$/;
const SESSION_FIELD = /^attendance_(0|[1-9]\d*)_([1-9]\d?)$/;

/**
 * Reads flattened table rows (SPEC §7: `is_update_{n}`, `attendance_{n}_{1..15}`, …) of a body: the keys in
 * `topLevel` are left to the caller; `rowFields` and sessions 1..15 of a row below APPLICANT_UPDATE_MAX_ROWS
 * are read (a row number past it is refused), any other key is ignored. Rows whose is_update_{n} is not '1' are left alone; the others are parsed
 * with `rowSchema` (fields named without `_{n}`, sessions as attendance1..15) and every issue is named by
 * its flattened field (`acquisition_unit_3`, `attendance_3_7`). Returns the parsed rows with their n.
 */
export function parseFlattenedRows<S extends z.ZodType<Record<string, unknown>>>(
  body: Record<string, unknown>,
  ctx: z.RefinementCtx,
  {
    topLevel,
    rowFields,
    rowSchema,
  }: { topLevel: readonly string[]; rowFields: readonly string[]; rowSchema: S },
): { n: number; value: z.output<S> }[] {
  const raw = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(body)) {
    if (topLevel.includes(key)) continue;
    const m = ROW_FIELD.exec(key);
    const s = m ? null : SESSION_FIELD.exec(key);
    const session = Number(s?.[2] ?? 0);
    // a field this call does not read is ignored, as every body's unknown fields are (SPEC §7: a client
    // may send more than we read, e.g. the id or user_id_{n} its list gave it)
    if ((!m && !s) || (m && !rowFields.includes(m[1] as string)) || (s && session > SESSION_COUNT)) continue;
    const n = Number(m?.[2] ?? s?.[1]);
    if (!(n < APPLICANT_UPDATE_MAX_ROWS)) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidValue, path: [key], input: value });
      continue;
    }
    const fields = raw.get(n) ?? {};
    raw.set(n, fields);
    fields[m ? (m[1] as string) : `attendance${session}`] = value;
  }
  const rows: { n: number; value: z.output<S> }[] = [];
  for (const [n, fields] of [...raw].sort(([a], [b]) => a - b)) {
    if (fields.is_update !== '1') continue;
    const parsed = rowSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'is_update');
        const name = /^attendance\d+$/.test(field)
          ? `attendance_${n}_${field.slice('attendance'.length)}`
          : `${field}_${n}`;
        ctx.addIssue({ code: 'custom', message: issue.message, path: [name], input: fields[field] });
      }
      continue;
    }
    rows.push({ n, value: parsed.data });
  }
  return rows;
}

/**
 * The flattened row fields as JSON Schema `patternProperties`, for the API document: `{field}_{n}`
 * for each row field and `attendance_{n}_{1..15}`, all strings (numbers are read as their text).
 */
export function flattenedRowsDoc(rowFields: readonly string[]) {
  const n = '(0|[1-9]\\d*)';
  return {
    description: `表の行ごとの項目：${rowFields.map((f) => `${f}_{n}`).join('、')}、attendance_{n}_{1..15}（n は行番号）。is_update_{n} が 1 の行だけを読み、その行の updated_at_{n} は必須`,
    // @fastify/swagger turns patternProperties into additionalProperties (an OpenAPI 3.0 habit); the
    // server's document route puts these back (platform/openapi.ts)
    'x-pattern-properties': {
      [`^(${rowFields.join('|')})_${n}$`]: { type: 'string' },
      [`^attendance_${n}_([1-9]|1[0-5])$`]: { type: 'string' },
    },
  };
}

/** The 15 CD006 values of a parsed row, sessions 1..15 in order. */
export const sessionValues = (row: Record<string, unknown>): string[] =>
  SESSION_NUMBERS.map((i) => row[`attendance${i}`] as string);

export const APPLICANT_ROW_FIELDS = [
  'is_update',
  'is_update_attendance',
  'student_id',
  'lottery_status',
  'attendance_status',
  'acquisition_unit',
  'updated_at',
] as const;

/**
 * SPEC §7 courseapplicantlist/update: course_id plus is_update_{n}, attendance_{n}_{1..15}, ... for rows n,
 * each ticked row validated with applicantTableRowSchema. Unknown fields are ignored.
 */
export const applicantListUpdateBodySchema = z
  .object({ course_id: recordId() })
  .catchall(z.unknown())
  .meta(flattenedRowsDoc(APPLICANT_ROW_FIELDS))
  .transform((body, ctx) => {
    const parsed = parseFlattenedRows(body, ctx, {
      topLevel: ['course_id'],
      rowFields: APPLICANT_ROW_FIELDS,
      rowSchema: applicantTableRowSchema,
    });
    const rows: ApplicantTableRow[] = [];
    const seen = new Set<number>();
    for (const { n, value: v } of parsed) {
      if (seen.has(v.student_id)) {
        ctx.addIssue({ code: 'custom', message: APPLICANT_MSG.duplicateRow, path: [`student_id_${n}`] });
        continue;
      }
      seen.add(v.student_id);
      rows.push({
        n,
        is_update_attendance: v.is_update_attendance === '1',
        student_id: v.student_id,
        lottery_status: v.lottery_status,
        attendance_status: v.attendance_status,
        acquisition_unit: Number(v.acquisition_unit),
        attendance: sessionValues(v),
        updated_at: v.updated_at,
      });
    }
    return { course_id: body.course_id, rows };
  });

// ---- 4. student search (add applicant) ----
export const addApplicantStudentQuerySchema = z.object({
  id: recordId(),
  login_id: text({ max: 8 }),
  name: text({ max: 100 }),
  name_kana: text({ max: 100 }),
  street_name1: text({ max: 30 }),
  street_name2: text({ max: 30 }),
  birthday_s: dateYmd(),
  birthday_e: dateYmd(),
});
/** The add-applicant modal's search conditions: the query without the course (every value a string). */
export type AddApplicantStudentSearch = Omit<z.output<typeof addApplicantStudentQuerySchema>, 'id'>;

// ---- 5. add applicant ----
/**
 * SPEC §7's course_id, user_id, how_apply and remarks, plus the desk's override of a first-come course's
 * capacity (decision 086): over_capacity ticked with its reason takes a seat the course no longer has. A
 * client that sends only SPEC's fields gets the capacity rule of the my-page's apply.
 */
const addApplicantFields = {
  how_apply: codeOf('CD005'),
  remarks: text({ max: APPLICANT_REMARKS_MAX, multiline: true }),
  /** why the desk takes the application beyond capacity (required with over_capacity) */
  over_capacity_reason: text({ max: OVER_CAPACITY_REASON_MAX, multiline: true }),
};

/** A ticked override needs its reason, on the reason's field. */
function overCapacityRule(
  v: { over_capacity: boolean | string; over_capacity_reason: string },
  ctx: z.RefinementCtx,
) {
  const ticked = v.over_capacity === true || v.over_capacity === '1';
  if (ticked && v.over_capacity_reason.trim() === '')
    ctx.addIssue({
      code: 'custom',
      message: APPLICANT_MSG.overCapacityReason,
      path: ['over_capacity_reason'],
      input: v.over_capacity_reason,
    });
}

/** The screen's form: the chosen student's id as text, the override as a checkbox. */
export const addApplicantFormSchema = z
  .object({
    user_id: required(MSG.selectStudent),
    ...addApplicantFields,
    over_capacity: z.boolean({ error: MSG.invalidValue }).prefault(false),
  })
  .superRefine(overCapacityRule);
export type AddApplicantForm = z.infer<typeof addApplicantFormSchema>;

export const addApplicantBodySchema = z
  .object({
    course_id: recordId(),
    user_id: required(MSG.selectStudent).transform((v, ctx) => {
      const id = recordId(MSG.selectStudent).safeParse(v);
      if (id.success) return id.data;
      ctx.addIssue({ code: 'custom', message: MSG.selectStudent, input: v });
      return z.NEVER;
    }),
    ...addApplicantFields,
    /** '1': take the application beyond a full first-come course's capacity (with over_capacity_reason) */
    over_capacity: flag(),
  })
  .superRefine(overCapacityRule);
export type AddApplicantInput = z.output<typeof addApplicantBodySchema>;

/** What 申込者追加 wrote: the application, the status it took, and whether it went beyond the capacity. */
export const addApplicantResponseSchema = z.object({
  result: z.literal(true),
  id: z.number().int(),
  /** CD003: 抽選待ち on a lottery course; 当選 (or 補欠 when full and the course keeps one) on a first-come one */
  lottery_status: z.string(),
  over_capacity: z.boolean(),
});

// ---- 6. detail ----
export const applicantDetailQuerySchema = z.object({
  id: recordId(),
  user_id: recordId(),
  is_edit: flag(),
});

// ---- 7. detail update ----
export const applicantUpdateFormSchema = z.object({
  lottery_status: codeOf('CD003'),
  attendance_status: codeOf('CD004'),
  ...attendanceFields(),
  acquisition_unit: acquisitionUnit(),
  remarks: text({ max: APPLICANT_REMARKS_MAX, multiline: true }),
});
export type ApplicantUpdateForm = z.infer<typeof applicantUpdateFormSchema>;

export const applicantUpdateBodySchema = applicantUpdateFormSchema.extend({
  course_id: recordId(),
  user_id: recordId(),
  updated_at: timestamp(),
});

// ---- 8. cancel ----
export const applicantCancelBodySchema = z.object({
  course_id: recordId(),
  user_id: recordId(),
  updated_at: timestamp(),
});
