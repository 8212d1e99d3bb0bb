/**
 * The programme in numbers (decision 059): the statistics reads of the back office. Every read takes the
 * same period — a fiscal year (April–March, Asia/Tokyo) or a chosen span of days — and answers counts only;
 * authority 2 gets its university's courses only (the server scopes every statement).
 *
 * What belongs to a period: a course whose first class day (start_date, which follows the first dated session
 * the office enters — decision 089; without one, the Tokyo day its application period opens) falls in it,
 * with that course's applications: an annual report of the year's courses, by the year their classes begin. The definitions of every figure
 * are the doc comments of `courseFiguresSchema` below (and decision 059).
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { dateYmd, positiveInt } from '../validation/rules';

const count = z.number().int().min(0);
/** a ratio as a plain number (0.8125 = 81.25 %); null when its denominator is 0 */
const ratio = z.number().min(0).nullable();
const ymd = z.string().describe('YYYY-MM-DD');

/** The earliest fiscal year the console offers, and how long a chosen span may be. */
export const STATISTICS_FIRST_YEAR = 2000;
export const STATISTICS_MAX_DAYS = 366 * 5;
/** A cell of fewer people than this is printed 「3人未満」 in the public version of the report. */
export const SMALL_CELL = 3;
export const SMALL_CELL_LABEL = '3人未満';

/** A count as the public version prints it: 1 and 2 become 「3人未満」; 0 stays 0 (nobody is identified). */
export function publicCount(n: number): string {
  return n > 0 && n < SMALL_CELL ? SMALL_CELL_LABEL : String(n);
}

/**
 * The period of every read: `fy` (2026 = 2026-04-01 … 2027-03-31), or `from` and `to` (both days included),
 * or nothing (the fiscal year of today). `fy` together with `from`/`to` is refused.
 */
const periodShape = {
  fy: positiveInt({ maxDigits: 4 }),
  from: dateYmd(),
  to: dateYmd(),
};
type PeriodInput = { fy: string; from: string; to: string };

function checkPeriod(v: PeriodInput, ctx: z.RefinementCtx): void {
  const issue = (path: keyof PeriodInput, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: v[path] });
  const fy = v.fy === '' ? null : Number(v.fy);
  if (fy !== null && (fy < STATISTICS_FIRST_YEAR || fy > 2100)) issue('fy', MSG.invalidValue);
  if (fy !== null && (v.from !== '' || v.to !== '')) {
    issue('from', '年度と期間は、どちらか一方を指定してください');
  } else if ((v.from === '') !== (v.to === '')) {
    issue(v.from === '' ? 'from' : 'to', '期間の開始日と終了日を両方入力してください');
  } else if (v.from !== '' && v.to < v.from) {
    issue('to', '終了日は開始日以降の日付を入力してください');
  } else if (v.from !== '' && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 >= STATISTICS_MAX_DAYS) {
    issue('to', '期間は5年以内で指定してください');
  }
}

export const statisticsPeriodSchema = z.object(periodShape).superRefine(checkPeriod);
export type StatisticsPeriodQuery = z.output<typeof statisticsPeriodSchema>;

/** The period as the server read it (both days included, Tokyo), and its fiscal year when it is one. */
export const statisticsPeriodAnswerSchema = z.object({
  from: ymd,
  to: ymd,
  /** the fiscal year asked for (or today's, when nothing was asked); null for a chosen span */
  fy: z.number().int().nullable(),
});

/**
 * The figures of a set of courses (the whole period, one course, one organiser or one category). The
 * definitions, exactly (a live application is one not cancelled, `cancelled_at` null):
 */
export const courseFiguresSchema = z.object({
  /** courses */
  courses: count,
  /** the sum of the courses' capacities (a course without a capacity adds nothing) */
  seats: count,
  /**
   * 申込み (件): applications, one per (course, student) pair, cancelled ones included — a person who applied
   * to three courses is three. The people themselves are `students` of GET students/ (申し込んだ人).
   */
  applications: count,
  /**
   * 倍率: over the courses with more applications than seats (a capacity > 0), their applications ÷ their
   * seats (decision 089); null when no course had more. A course within its seats adds nothing.
   */
  ratio,
  /** the courses 倍率 is over: those with a capacity and more applications than seats */
  ratio_courses: count,
  /** applications (件, as every count below) that won a seat: live 当選 (CD003 2) and 辞退 (6: they won, then gave it back) */
  winners: count,
  /** of them, live 当選 confirmed, or with nothing to confirm (confirm_by null): the seats taken */
  confirmed: count,
  /** 辞退 by the student */
  declined: count,
  /** 辞退 because the confirm-by deadline passed */
  lapsed: count,
  /** moved up from the waitlist (promoted_at set) */
  promoted: count,
  /** 充足率: confirmed on courses with a capacity ÷ seats */
  fill_rate: ratio,
  /** sessions recorded for the confirmed (出席, 欠席 or 遅刻・早退: CD006 1–3) */
  sessions_recorded: count,
  /** of them, attended (出席 or 遅刻・早退: CD006 1, 3) */
  sessions_attended: count,
  /** 出席率: sessions_attended ÷ sessions_recorded */
  attendance_rate: ratio,
  /** confirmed who attended no session, on a course where some session was recorded */
  no_shows: count,
  /** 修了: live applications with attendance status 受講済み (CD004 3) */
  completed: count,
  /** units awarded: the sum of acquisition_unit of those completed */
  units: count,
});
export type CourseFigures = z.output<typeof courseFiguresSchema>;

/** GET /api/admin/statistics/summary/: the period's figures over all its courses in scope. */
export const statisticsSummaryResponseSchema = z.object({
  period: statisticsPeriodAnswerSchema,
  figures: courseFiguresSchema,
  /**
   * Whose courses the figures cover: the university of an authority-2 admin (the report's title page names
   * it), null for authority 1 (every course).
   */
  university: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const STATISTICS_GROUPS = ['course', 'organiser', 'category'] as const;
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];
export const STATISTICS_PAGE_SIZE = 50;

/**
 * GET /api/admin/statistics/groups/: the figures per course, per organiser (courses.organ as written, spaces
 * trimmed) or per category (a course of two categories counts in both; one of none under 「未分類」), one page
 * of STATISTICS_PAGE_SIZE rows, ordered by applications (most first), then name.
 */
export const statisticsGroupsQuerySchema = z
  .object({
    ...periodShape,
    group: z.enum(STATISTICS_GROUPS, { error: MSG.invalidChoice }).prefault('course'),
    /** 1-based; a page past the end answers the last page */
    page: positiveInt({ maxDigits: 6 }),
  })
  .superRefine(checkPeriod);
export type StatisticsGroupsQuery = z.output<typeof statisticsGroupsQuerySchema>;

export const statisticsGroupRowSchema = courseFiguresSchema.extend({
  /** the course's id, or null for an organiser or a category */
  course_id: z.number().int().nullable(),
  /** the course code (course rows; '' without one) */
  code: z.string(),
  /** the course's, organiser's or category's name */
  name: z
    .string()
    .describe("the course's, organiser's or category's name (never a person's: the statistics list no one)"),
});
export const statisticsGroupsResponseSchema = z.object({
  period: statisticsPeriodAnswerSchema,
  group: z.enum(STATISTICS_GROUPS),
  total: count,
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  data_list: z.array(statisticsGroupRowSchema),
});

/** GET /api/admin/statistics/sessions/: attendance per session number (1–15) over the confirmed. */
export const statisticsSessionsResponseSchema = z.object({
  period: statisticsPeriodAnswerSchema,
  sessions: z.array(
    z.object({
      no: z.number().int().min(1).max(15),
      recorded: count,
      attended: count,
      rate: ratio,
    }),
  ),
});

export const AGE_BANDS = ['〜54', '55〜59', '60〜64', '65〜69', '70〜74', '75〜79', '80〜', '不明'] as const;
export const GENDER_LABELS = ['男性', '女性', '不明'] as const;
export const WARD_LABELS = ['区内', '区外', '不明'] as const;

const labelled = z.object({ label: z.string(), count });

/**
 * GET /api/admin/statistics/students/: who the students of the period are. The population is the distinct
 * students with a live application to a course of the period (authority 2: to its university's courses).
 * Counts only, for both authorities: no person is listed (no 氏名, カナ or 学生番号; SPEC §6).
 */
export const statisticsStudentsResponseSchema = z
  .object({
    period: statisticsPeriodAnswerSchema,
    students: count,
    /** age on 31 March ending the fiscal year of the period's last day (SPEC §4's rule), AGE_BANDS in order */
    ages: z.array(labelled),
    /** GENDER_LABELS in order */
    genders: z.array(labelled),
    /** 区内 (the town starts with the ward's name), 区外, 不明 (no town), WARD_LABELS in order */
    wards: z.array(labelled),
    /** per town (street_name1 as keyed: width and spaces folded), most first; '' shown as 「不明」 */
    towns: z.array(labelled),
    /** new: no live application to a course (in scope) whose first day is before the period; returning: one */
    newcomers: z.object({ new: count, returning: count }),
    /** per 期生 (generation_id), oldest first; students without one under 「なし」 */
    generations: z.array(labelled),
    /**
     * Per month of the period (YYYY-MM): admissions approved (the day the student number was issued, date_issue)
     * and rejected (the office's 却下, from the audit record). Authority 1 only: null for authority 2.
     */
    admissions: z.array(z.object({ month: z.string(), approved: count, rejected: count })).nullable(),
  })
  .describe('who the period’s students are, in counts only: no person is listed (no 氏名, カナ or 学生番号)');

/**
 * GET /api/admin/statistics/trends/: month by month within the period (applications made, by the day they were
 * made, to courses in scope of any period) and year over year (the five fiscal years ending with the period's:
 * each year's figures as the summary gives them, and its students).
 */
export const statisticsTrendsResponseSchema = z.object({
  period: statisticsPeriodAnswerSchema,
  months: z.array(z.object({ month: z.string(), applications: count, cancellations: count })),
  years: z.array(courseFiguresSchema.extend({ fy: z.number().int(), students: count })),
});

/** The tables the CSV download offers; `public=1` prints small demographic cells as 「3人未満」. */
export const STATISTICS_TABLES = [
  'summary',
  'courses',
  'organisers',
  'categories',
  'sessions',
  'ages',
  'genders',
  'wards',
  'towns',
  'newcomers',
  'generations',
  'admissions',
  'months',
  'years',
] as const;
export type StatisticsTable = (typeof STATISTICS_TABLES)[number];
/** The demographic tables: the ones whose cells `public=1` masks. */
export const STATISTICS_PEOPLE_TABLES: readonly StatisticsTable[] = [
  'ages',
  'genders',
  'wards',
  'towns',
  'newcomers',
  'generations',
];

/** GET /api/admin/statistics/csv/: one table of the report as CSV (BOM, SPEC §9), the whole of it. */
export const statisticsCsvQuerySchema = z
  .object({
    ...periodShape,
    table: z.enum(STATISTICS_TABLES, { error: MSG.invalidChoice }),
    public: z
      .enum(['0', '1', ''], { error: MSG.invalidValue })
      .prefault('')
      .transform((v) => v === '1'),
  })
  .superRefine(checkPeriod);
export type StatisticsCsvQuery = z.output<typeof statisticsCsvQuerySchema>;
