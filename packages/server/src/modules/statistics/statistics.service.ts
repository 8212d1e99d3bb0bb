import { fiscalYearOf } from '@manabi/shared/domain/age';
import { todayTokyo } from '@manabi/shared/domain/dates';
import type {
  statisticsGroupsResponseSchema,
  statisticsSessionsResponseSchema,
  statisticsStudentsResponseSchema,
  statisticsSummaryResponseSchema,
  statisticsTrendsResponseSchema,
} from '@manabi/shared/schemas/statistics';
import {
  AGE_BANDS,
  type CourseFigures,
  GENDER_LABELS,
  STATISTICS_PAGE_SIZE,
  type StatisticsGroup,
  type StatisticsGroupsQuery,
  type StatisticsPeriodQuery,
  WARD_LABELS,
} from '@manabi/shared/schemas/statistics';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AdminPrincipal } from '../../platform/context';
import {
  admissionCounts,
  type FigureCounts,
  groupCounts,
  keptPeopleCounts,
  monthCounts,
  type PeopleKind,
  peopleCounts,
  type Span,
  sessionCounts,
  summaryCounts,
  universityOf,
  yearCounts,
} from './statistics.repository';

/**
 * The programme in numbers (decision 059): every figure exact when the page asks — counted from the rows, or
 * read from the tables the triggers keep with them (decision 062) — in the caller's scope.
 */

export interface Period extends Span {
  fy: number | null;
}

const fiscalYearSpan = (fy: number): Span => ({ from: `${fy}-04-01`, to: `${fy + 1}-03-31` });

/** The period asked for: a fiscal year, a chosen span, or the fiscal year of today (Tokyo). */
export function periodOf(q: StatisticsPeriodQuery, now = new Date()): Period {
  if (q.from !== '' && q.to !== '') return { from: q.from, to: q.to, fy: null };
  const fy = q.fy !== '' ? Number(q.fy) : fiscalYearOf(todayTokyo(now));
  return { ...fiscalYearSpan(fy), fy };
}

/** SPEC §6: authority 2 counts only its university's courses (none without a university), on the alias `c`. */
export function scopeOf(admin: AdminPrincipal): SQL {
  if (admin.authority === 1) return sql`true`;
  return admin.universityId ? sql`c.university_id = ${admin.universityId}` : sql`false`;
}

/** The same scope as the kept students tables key it: '*' the whole programme, a university's id, or none. */
export function studentsKeyOf(admin: AdminPrincipal): string | null {
  if (admin.authority === 1) return '*';
  return admin.universityId ?? null;
}

const ZERO: FigureCounts = {
  courses: 0,
  seats: 0,
  applications: 0,
  courses_over: 0,
  applications_over: 0,
  seats_over: 0,
  winners: 0,
  confirmed: 0,
  confirmed_capped: 0,
  declined: 0,
  lapsed: 0,
  promoted: 0,
  sessions_recorded: 0,
  sessions_attended: 0,
  no_shows: 0,
  completed: 0,
  units: 0,
};

const rate = (n: number, d: number) => (d > 0 ? n / d : null);

/** The counts as the contract's figures: the ratios divided here, null when there is nothing to divide by. */
export function figuresOf(c: FigureCounts): CourseFigures {
  return {
    courses: c.courses,
    seats: c.seats,
    applications: c.applications,
    ratio: rate(c.applications_over, c.seats_over),
    ratio_courses: c.courses_over,
    winners: c.winners,
    confirmed: c.confirmed,
    declined: c.declined,
    lapsed: c.lapsed,
    promoted: c.promoted,
    fill_rate: rate(c.confirmed_capped, c.seats),
    sessions_recorded: c.sessions_recorded,
    sessions_attended: c.sessions_attended,
    attendance_rate: rate(c.sessions_attended, c.sessions_recorded),
    no_shows: c.no_shows,
    completed: c.completed,
    units: c.units,
  };
}

const answerOf = (p: Period) => ({ from: p.from, to: p.to, fy: p.fy });

type Summary = z.output<typeof statisticsSummaryResponseSchema>;
type Groups = z.output<typeof statisticsGroupsResponseSchema>;
type Sessions = z.output<typeof statisticsSessionsResponseSchema>;
type Students = z.output<typeof statisticsStudentsResponseSchema>;
type Trends = z.output<typeof statisticsTrendsResponseSchema>;

export async function getSummary(db: Db, admin: AdminPrincipal, period: Period): Promise<Summary> {
  const [counts, university] = await Promise.all([
    summaryCounts(db, scopeOf(admin), period),
    admin.authority === 2 && admin.universityId ? universityOf(db, admin.universityId) : null,
  ]);
  return { period: answerOf(period), figures: figuresOf(counts), university };
}

/** Every group's row (the CSV), or one page of them. */
export async function groupRows(
  db: Db,
  admin: AdminPrincipal,
  period: Period,
  group: StatisticsGroup,
  page: number | null,
) {
  const rows = await groupCounts(
    db,
    scopeOf(admin),
    period,
    group,
    page === null ? null : { page, size: STATISTICS_PAGE_SIZE },
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({ course_id: r.course_id, code: r.code, name: r.name, ...figuresOf(r) })),
  };
}

export async function getGroups(
  db: Db,
  admin: AdminPrincipal,
  q: StatisticsGroupsQuery,
  period: Period,
): Promise<Groups> {
  const asked = q.page === '' ? 1 : Number(q.page);
  const { total, rows } = await groupRows(db, admin, period, q.group, asked);
  const last = Math.max(1, Math.ceil(total / STATISTICS_PAGE_SIZE));
  return {
    period: answerOf(period),
    group: q.group,
    total,
    page: Math.min(asked, last),
    size: STATISTICS_PAGE_SIZE,
    data_list: rows,
  };
}

export async function getSessions(db: Db, admin: AdminPrincipal, period: Period): Promise<Sessions> {
  const rows = await sessionCounts(db, scopeOf(admin), period);
  return {
    period: answerOf(period),
    sessions: rows.map((r) => ({ ...r, rate: rate(r.attended, r.recorded) })),
  };
}

/** The months of a span, 'YYYY-MM', first to last. */
export function monthsOf(span: Span): string[] {
  const out: string[] = [];
  let [y, m] = span.from.split('-').map(Number) as [number, number];
  const last = span.to.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The band of an age (AGE_BANDS): under 55 together, then five years each, 80 and over together. */
export function ageBand(age: number | null): (typeof AGE_BANDS)[number] {
  if (age === null) return '不明';
  if (age < 55) return '〜54';
  if (age >= 80) return '80〜';
  const low = 55 + Math.floor((age - 55) / 5) * 5;
  return AGE_BANDS.find((b) => b.startsWith(String(low))) ?? '不明';
}

const GENDER_OF: Record<string, (typeof GENDER_LABELS)[number]> = { '1': '男性', '2': '女性' };

/** Labels in a fixed order, each with its count (0 when nobody). */
const inOrder = (labels: readonly string[], counts: Map<string, number>) =>
  labels.map((label) => ({ label, count: counts.get(label) ?? 0 }));

function tally(rows: { value: string; n: number }[], labelOf: (v: string) => string) {
  const m = new Map<string, number>();
  for (const r of rows) m.set(labelOf(r.value), (m.get(labelOf(r.value)) ?? 0) + r.n);
  return m;
}

export async function getStudents(db: Db, admin: AdminPrincipal, period: Period): Promise<Students> {
  const [people, admissions] = await Promise.all([
    // a fiscal year's are kept by triggers; a chosen span's are counted from the rows
    period.fy !== null
      ? keptPeopleCounts(db, studentsKeyOf(admin), period.fy)
      : peopleCounts(db, scopeOf(admin), period),
    admin.authority === 1 ? admissionCounts(db, period) : null,
  ]);
  const of = (kind: PeopleKind) => people.filter((r) => r.kind === kind);
  const towns = of('town')
    .map((r) => ({ label: r.value === '' ? '不明' : r.value, count: r.n }))
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const gens = of('generation').sort((a, b) =>
    a.value === '' ? 1 : b.value === '' ? -1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
  );
  const returning = tally(of('returning'), (v) => v);
  const byMonth = new Map((admissions ?? []).map((r) => [r.month, r]));
  return {
    period: answerOf(period),
    students: of('gender').reduce((n, r) => n + r.n, 0),
    ages: inOrder(
      AGE_BANDS,
      tally(of('age'), (v) => ageBand(v === '' ? null : Number(v))),
    ),
    genders: inOrder(
      GENDER_LABELS,
      tally(of('gender'), (v) => GENDER_OF[v] ?? '不明'),
    ),
    wards: inOrder(
      WARD_LABELS,
      tally(of('ward'), (v) => (v === '' ? '不明' : v)),
    ),
    towns,
    newcomers: { new: returning.get('false') ?? 0, returning: returning.get('true') ?? 0 },
    generations: gens.map((r) => ({ label: r.value === '' ? 'なし' : r.value, count: r.n })),
    admissions:
      admissions &&
      monthsOf(period).map((month) => ({
        month,
        approved: byMonth.get(month)?.approved ?? 0,
        rejected: byMonth.get(month)?.rejected ?? 0,
      })),
  };
}

/** The five fiscal years ending with the fiscal year of the period's last day, oldest first. */
export const trendYears = (period: Period) => {
  const last = fiscalYearOf(period.to);
  return Array.from({ length: 5 }, (_, i) => last - 4 + i);
};

export async function getTrends(db: Db, admin: AdminPrincipal, period: Period): Promise<Trends> {
  const scope = scopeOf(admin);
  const fys = trendYears(period);
  const last = fiscalYearOf(period.to);
  const span = { from: fiscalYearSpan(last - 4).from, to: fiscalYearSpan(last).to };
  const [months, years] = await Promise.all([
    monthCounts(db, scope, period),
    yearCounts(db, scope, span, studentsKeyOf(admin)),
  ]);
  const byMonth = new Map(months.map((r) => [r.month, r]));
  const byYear = new Map(years.map((r) => [Number(r.fy), r]));
  const none = { ...ZERO, students: 0 };
  return {
    period: answerOf(period),
    months: monthsOf(period).map((month) => ({
      month,
      applications: byMonth.get(month)?.applications ?? 0,
      cancellations: byMonth.get(month)?.cancellations ?? 0,
    })),
    years: fys.map((fy) => {
      const r = byYear.get(fy) ?? none;
      return { fy, ...figuresOf(r), students: r.students };
    }),
  };
}
