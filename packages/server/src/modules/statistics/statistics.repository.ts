/**
 * The statistics reads (decision 059): each figure set is one statement. The per-course figures, the years'
 * students, who a fiscal year's students are and the months' applications are read from the tables the
 * triggers keep exact (course_figures, student_years, student_year_figures, course_months: decisions 062–064);
 * attendance per session, and who the students of a chosen span of days are and its months, from the rows as
 * they stand. `scope` is the caller's condition on the courses alias `c`
 * (authority 2: its university's), put into every statement that touches courses or applications.
 */
import { fiscalYearOf } from '@manabi/shared/domain/age';
import { DESIGNATED_WARD } from '@manabi/shared/domain/student';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/statements';

/** Both days included, 'YYYY-MM-DD', Tokyo. */
export interface Span {
  from: string;
  to: string;
}

const tokyoMonth = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM')`;
/** The first instant of a Tokyo day, and of the day after: a span's bounds on a timestamp. */
const dayStart = (ymd: string) => sql`${`${ymd}T00:00:00+09:00`}::timestamptz`;
const dayAfter = (ymd: string) => sql`(${`${ymd}T00:00:00+09:00`}::timestamptz + interval '1 day')`;

/**
 * A course's first class day, 'YYYY-MM-DD': start_date (kept to the first dated session by the sessions'
 * triggers, decision 089), else the Tokyo day its application period opens, else the day it was created. What decides the period a course belongs to (manabi_course_day, migration 0019,
 * whose index courses_first_day_idx gives the planner the number of courses of a period).
 */
export const courseDay = sql`manabi_course_day(c.start_date, c.period_from, c.created_at)`;

const live = sql`a.cancelled_at is null`;
/** live 当選 confirmed, or with nothing to confirm: a seat taken */
const confirmed = sql`(${live} and a.lottery_status = '2' and (a.confirmed_at is not null or a.confirm_by is null))`;
/** The period's courses in scope, with what the figures need of them. */
const periodCourses = (scope: SQL, span: Span) => sql`
  select c.id, c.code, c.name, c.organ, greatest(coalesce(c.capacity, 0), 0) as cap, ${courseDay} as day
  from courses c
  where ${courseDay} between ${span.from} and ${span.to} and ${scope}`;

/**
 * The CTE every figure set starts from: the period's courses. Their figures are course_figures' rows (kept by
 * triggers, decision 062), joined as `pa`.
 */
const figureCtes = (scope: SQL, span: Span) => sql`pc as not materialized (${periodCourses(scope, span)})`;
const figuresJoin = sql`left join course_figures pa on pa.course_id = pc.id`;

/** The figures of the group's courses, as integers (the service divides). */
const groupFigures = sql`
  count(*)::int as courses,
  coalesce(sum(pc.cap), 0)::int as seats,
  coalesce(sum(pa.applications), 0)::int as applications,
  -- 倍率 is over the courses applied for beyond their seats (decision 089): their applications and seats
  count(*) filter (where pc.cap > 0 and pa.applications > pc.cap)::int as courses_over,
  coalesce(sum(pa.applications) filter (where pc.cap > 0 and pa.applications > pc.cap), 0)::int as applications_over,
  coalesce(sum(pc.cap) filter (where pc.cap > 0 and pa.applications > pc.cap), 0)::int as seats_over,
  coalesce(sum(pa.winners), 0)::int as winners,
  coalesce(sum(pa.confirmed), 0)::int as confirmed,
  coalesce(sum(pa.confirmed) filter (where pc.cap > 0), 0)::int as confirmed_capped,
  coalesce(sum(pa.declined), 0)::int as declined,
  coalesce(sum(pa.lapsed), 0)::int as lapsed,
  coalesce(sum(pa.promoted), 0)::int as promoted,
  coalesce(sum(pa.sessions_recorded), 0)::int as sessions_recorded,
  coalesce(sum(pa.sessions_attended), 0)::int as sessions_attended,
  -- no-shows only where the course has recorded a session
  coalesce(sum(pa.absent) filter (where pa.sessions_recorded > 0), 0)::int as no_shows,
  coalesce(sum(pa.completed), 0)::int as completed,
  coalesce(sum(pa.units), 0)::int as units`;

export interface FigureCounts {
  courses: number;
  seats: number;
  applications: number;
  /** the courses with more applications than seats, and their applications and seats (倍率) */
  courses_over: number;
  applications_over: number;
  seats_over: number;
  winners: number;
  confirmed: number;
  confirmed_capped: number;
  declined: number;
  lapsed: number;
  promoted: number;
  sessions_recorded: number;
  sessions_attended: number;
  no_shows: number;
  completed: number;
  units: number;
}

/**
 * One statement's rows. A year's aggregate is costed past PostgreSQL's JIT threshold, and compiling it (in
 * each parallel worker) costs more than it saves: off for the statement. node-postgres and PGlite both
 * answer { rows }.
 */
const rows = async <R>(db: Db, query: SQL): Promise<R[]> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<R>(tx, query);
  });

/** The period's figures over all its courses in scope: one row, zeros when there is none. */
export async function summaryCounts(db: Db, scope: SQL, span: Span): Promise<FigureCounts> {
  const [row] = await rows<FigureCounts>(
    db,
    sql`with ${figureCtes(scope, span)}
      select ${groupFigures} from pc ${figuresJoin}`,
  );
  // an aggregate without GROUP BY always answers one row
  if (!row) throw new Error('the summary answered no row');
  return row;
}

/** The university an authority-2 admin reports on: its name, or its id when the table has no row for it. */
export async function universityOf(db: Db, id: string): Promise<{ id: string; name: string }> {
  const [row] = await rows<{ name: string }>(db, sql`select name from universities where id = ${id}`);
  return { id, name: row?.name ?? id };
}

export type Grouping = 'course' | 'organiser' | 'category';

/** What a group is keyed, named and joined by. */
function groupKey(group: Grouping): { id: SQL; code: SQL; name: SQL; join: SQL } {
  if (group === 'course')
    return { id: sql`pc.id`, code: sql`coalesce(pc.code, '')`, name: sql`pc.name`, join: sql`` };
  if (group === 'organiser') {
    // spaces of either width trimmed: 「まなび市民大学 」 and 「まなび市民大学」 are one organiser
    return { id: sql`null::int`, code: sql`''`, name: sql`btrim(pc.organ, ' 　')`, join: sql`` };
  }
  return {
    id: sql`null::int`,
    code: sql`''`,
    name: sql`coalesce(g.name, '未分類')`,
    join: sql`left join course_category_links l on l.course_id = pc.id left join course_categories g on g.id = l.category_id`,
  };
}

export type GroupCounts = FigureCounts & {
  course_id: number | null;
  code: string;
  name: string;
  total: number;
};

/**
 * The figures per group, ordered by applications (most first), then name; one page of `size` (a page past the
 * end answers the last), or every group when `page` is null. `total` is the number of groups.
 */
export async function groupCounts(
  db: Db,
  scope: SQL,
  span: Span,
  group: Grouping,
  page: { page: number; size: number } | null,
): Promise<GroupCounts[]> {
  const k = groupKey(group);
  const window = page
    ? sql`where g.rn > (least(${page.page}, greatest(ceil(g.total / ${page.size}::numeric), 1)) - 1) * ${page.size}
        and g.rn <= least(${page.page}, greatest(ceil(g.total / ${page.size}::numeric), 1)) * ${page.size}`
    : sql``;
  return rows<GroupCounts>(
    db,
    sql`with ${figureCtes(scope, span)},
      grouped as (
        select ${k.id} as course_id, ${k.code} as code, ${k.name} as name, ${groupFigures}
        from pc ${figuresJoin} ${k.join}
        group by 1, 2, 3
      )
      select g.* from (
        select grouped.*, count(*) over ()::int as total,
          row_number() over (order by applications desc, name collate "C", course_id) as rn
        from grouped
      ) g ${window}
      order by g.rn`,
  );
}

/** Attendance per session number over the confirmed of the period's courses: recorded and attended, 1–15. */
export async function sessionCounts(db: Db, scope: SQL, span: Span) {
  const cols = Array.from({ length: 15 }, (_, i) => {
    const n = i + 1;
    return sql`count(*) filter (where a.attendance[${sql.raw(String(n))}] in ('1', '2', '3'))::int as ${sql.raw(`r${n}`)},
      count(*) filter (where a.attendance[${sql.raw(String(n))}] in ('1', '3'))::int as ${sql.raw(`a${n}`)}`;
  });
  const [row] = await rows<Record<string, number>>(
    db,
    sql`with pc as (${periodCourses(scope, span)})
      select ${sql.join(cols, sql`, `)}
      from course_applications a join pc on pc.id = a.course_id
      where ${confirmed}`,
  );
  return Array.from({ length: 15 }, (_, i) => ({
    no: i + 1,
    recorded: row?.[`r${i + 1}`] ?? 0,
    attended: row?.[`a${i + 1}`] ?? 0,
  }));
}

/**
 * Age on 31 March ending the fiscal year of `day` (SPEC §4, the SQL twin of ageAtFiscalYearEnd): the year
 * difference, +1 if born before April, −1 if `day` is before April. Null without a birthday.
 */
export function ageAtFiscalYearEndSql(birthday: SQL, day: string): SQL {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const base = y - (m < 4 ? 1 : 0);
  return sql`(${base}::int - extract(year from ${birthday})::int + case when extract(month from ${birthday}) < 4 then 1 else 0 end)`;
}

export type PeopleKind = 'age' | 'gender' | 'ward' | 'town' | 'generation' | 'returning';

/** 区内 / 区外 by a town key ('' unknown). */
const wardOf = (town: SQL) =>
  sql`case when ${town} = '' then '' when ${town} like ${`${DESIGNATED_WARD}%`} then '区内' else '区外' end`;

/**
 * Who a fiscal year's students are, from the counts the triggers keep (student_year_figures, decision 063):
 * the same (kind, value, n) rows as peopleCounts for that year. `university` is the scope's key in the kept
 * tables: '*' the whole programme, else the university's id; null (an authority 2 without one) counts none.
 * Returning are the year's students less those whose first year it is.
 */
export async function keptPeopleCounts(db: Db, university: string | null, fy: number) {
  if (university === null) return [];
  return rows<{ kind: PeopleKind; value: string; n: number }>(
    db,
    sql`with f as (
        select kind, value, sum(n)::int as n from student_year_figures
        where fy = ${fy} and university_id = ${university} group by kind, value having sum(n) <> 0
      )
      select kind, value, n from f where kind <> 'new'
      union all select 'ward', ${wardOf(sql`value`)},
        sum(n)::int from f where kind = 'town' group by 2
      union all select 'returning', 'false', coalesce(sum(n) filter (where kind = 'new'), 0)::int from f
      union all select 'returning', 'true',
        (coalesce(sum(n) filter (where kind = 'gender'), 0) - coalesce(sum(n) filter (where kind = 'new'), 0))::int from f`,
  );
}

/**
 * Who the period's students are (distinct students with a live application to a course of the period): one
 * count per (kind, value). Values: age in years ('' unknown), gender code ('' unknown), 区内 / 区外 / '' by the
 * town's key, the town's key, generation_id ('' none), returning 't' / 'f' (a live application to a course in
 * scope whose first day is before the period).
 */
export async function peopleCounts(db: Db, scope: SQL, span: Span) {
  const age = ageAtFiscalYearEndSql(sql`s.birthday`, span.to);
  return rows<{ kind: PeopleKind; value: string; n: number }>(
    db,
    sql`with pc as (${periodCourses(scope, span)}),
      earlier as (
        select distinct a.student_id from course_applications a join courses c on c.id = a.course_id
        where ${live} and ${courseDay} < ${span.from} and ${scope}
      ),
      p as materialized (
        select coalesce(${age}::text, '') as age, coalesce(s.gender::text, '') as gender,
          s.street_name1 as street, coalesce(s.generation_id, '') as generation,
          (s.id in (select student_id from earlier))::text as back
        from students s
        where s.id in (select a.student_id from course_applications a join pc on pc.id = a.course_id where ${live})
      ),
      -- the town keyed once per spelling, not once per student
      towns as (select manabi_name_key(street) as town, count(*)::int as n from p group by street)
      select 'age' as kind, age as value, count(*)::int as n from p group by 2
      union all select 'gender', gender, count(*)::int from p group by 2
      union all select 'ward', ${wardOf(sql`town`)},
        sum(n)::int from towns group by 2
      union all select 'town', town, sum(n)::int from towns group by 2
      union all select 'generation', generation, count(*)::int from p group by 2
      union all select 'returning', back, count(*)::int from p group by 2`,
  );
}

/**
 * Admissions per Tokyo month of the span: approved by the day the student number was issued (date_issue),
 * rejected as the office's 却下 audit entries (distinct students a month).
 */
export async function admissionCounts(db: Db, span: Span) {
  return rows<{ month: string; approved: number; rejected: number }>(
    db,
    sql`select month, sum(approved)::int as approved, sum(rejected)::int as rejected from (
        select to_char(s.date_issue, 'YYYY-MM') as month, count(*) as approved, 0 as rejected
        from students s where s.date_issue between ${span.from}::date and ${span.to}::date group by 1
        union all
        select ${tokyoMonth(sql`l.created_at`)}, 0, count(distinct l.entity_id)
        from audit_log l
        where l.action = 'reject' and l.entity = 'student'
          and l.created_at >= ${dayStart(span.from)} and l.created_at < ${dayAfter(span.to)}
        group by 1
      ) m group by month`,
  );
}

/** Whether the span is whole Tokyo months: from a month's first day to a month's last. */
export function isWholeMonths(span: Span): boolean {
  const [y, m, d] = span.to.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return span.from.endsWith('-01') && d === lastDay;
}

/**
 * Applications made (created_at) and cancelled (cancelled_at) per Tokyo month of the span, to courses in scope
 * whatever their period: for whole months from course_months (kept by triggers, decision 064), for a span of
 * days from the rows.
 */
export async function monthCounts(db: Db, scope: SQL, span: Span) {
  if (isWholeMonths(span)) {
    return rows<{ month: string; applications: number; cancellations: number }>(
      db,
      sql`select m.month, sum(m.made)::int as applications, sum(m.cancelled)::int as cancellations
        from course_months m join courses c on c.id = m.course_id
        where m.month between ${span.from.slice(0, 7)} and ${span.to.slice(0, 7)} and ${scope}
        group by m.month`,
    );
  }
  const from = dayStart(span.from);
  const until = dayAfter(span.to);
  return rows<{ month: string; applications: number; cancellations: number }>(
    db,
    sql`select month, sum(made)::int as applications, sum(cancelled)::int as cancellations from (
        select ${tokyoMonth(sql`a.created_at`)} as month, count(*) as made, 0 as cancelled
        from course_applications a join courses c on c.id = a.course_id
        where a.created_at >= ${from} and a.created_at < ${until} and ${scope} group by 1
        union all
        select ${tokyoMonth(sql`a.cancelled_at`)}, 0, count(*)
        from course_applications a join courses c on c.id = a.course_id
        where a.cancelled_at >= ${from} and a.cancelled_at < ${until} and ${scope} group by 1
      ) m group by month`,
  );
}

/**
 * The figures per fiscal year of the courses' first days, and each year's students, over `span` (whole fiscal
 * years). The students are student_years' rows (decisions 062, 063) under `university`: '*' the whole
 * programme, else the university's id; null counts none.
 */
export async function yearCounts(db: Db, scope: SQL, span: Span, university: string | null) {
  const [fyFrom, fyTo] = [fiscalYearOf(span.from), fiscalYearOf(span.to)];
  return rows<FigureCounts & { fy: number; students: number }>(
    db,
    sql`with ${figureCtes(scope, span)},
      st as (
        select y.fy, count(*)::int as students
        from student_years y where y.fy between ${fyFrom} and ${fyTo} and y.university_id = ${university ?? ''}
          and ${university !== null} group by 1
      ),
      fig as (
        select manabi_fiscal_year(pc.day) as fy, ${groupFigures}
        from pc ${figuresJoin} group by 1
      )
      select fig.*, coalesce(st.students, 0) as students from fig left join st on st.fy = fig.fy`,
  );
}
