/**
 * The contact list (decisions 065, 087): who the office should reach by telephone or by post, one row a person
 * with every reason still open, chosen by one statement over three small, indexed sources, and the page's people
 * filled in afterwards. A reason leaves once it is resolved by any channel: read on the my-page, confirmed or
 * declined (by the student, or by the office on her word), the letter printed, or the office has spoken with her
 * about that course since. The contact module lists it; the work list counts it.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import {
  adminUsers,
  courseApplications,
  courses,
  mailOutbox,
  noticeLetters,
  noticeReads,
  notices,
  studentCalls,
  students,
} from '../db/schema';
import { rowsOf } from '../db/statements';
import type { AdminPrincipal } from '../platform/context';

export type Reason = 'deadline' | 'mail' | 'letter';

export interface ContactWhere {
  /** the caller's condition on `courses` (authority 2: its university's); undefined = every course */
  scope: SQL | undefined;
  /** authority 1 only: students whose mail is refused, letters to be posted */
  full: boolean;
  now: Date;
  /** the end of the deadline window */
  until: Date;
  /** the oldest result still worth a letter */
  lettersSince: Date;
  reason: Reason | '';
  courseId: number | null;
}

/** A result older than this is no longer worth a letter: the office posts results within days of the draw. */
const LETTER_WINDOW_MS = 30 * 86_400_000;
const DAY_MS = 86_400_000;

/** SPEC §6: authority 2 sees only its university's courses (none without a university); undefined = all. */
export function courseScope(admin: AdminPrincipal): SQL | undefined {
  if (admin.authority === 1) return undefined;
  return admin.universityId ? eq(courses.universityId, admin.universityId) : sql`false`;
}

/** The list's condition for the caller, a window of `days` (the setting when '' is asked for). */
export function contactWhere(
  admin: AdminPrincipal,
  config: Pick<Config, 'contactDays'>,
  search: { days: string; reason: Reason | ''; course_id: '' | number },
  now = new Date(),
): ContactWhere & { days: number } {
  const days = search.days === '' ? config.contactDays : Number(search.days);
  return {
    days,
    scope: courseScope(admin),
    full: admin.authority === 1,
    now,
    until: new Date(now.getTime() + days * DAY_MS),
    lettersSince: new Date(now.getTime() - LETTER_WINDOW_MS),
    reason: search.reason,
    courseId: search.course_id === '' ? null : search.course_id,
  };
}

/** The newest personal notice about an application (notices_application_idx). */
const newestNoticeOf = (applicationId: SQL) =>
  sql`(select max(${notices.id}) from ${notices} where ${notices.applicationId} = ${applicationId})`;

/** The student's address is the one the mail server refused. */
const bounced = (s: SQL) =>
  sql`(${s}.mail_bounced_address <> '' and lower(${s}.mail_bounced_address) = lower(${s}.mail1))`;

/**
 * The office has spoken with the student (本人と話した) about the application's course since `since`: she has
 * heard what it says (student_calls_student_idx).
 */
const spokenSince = (studentId: SQL, courseId: SQL, since: SQL) =>
  sql`exists (select 1 from ${studentCalls} k where k.student_id = ${studentId} and k.course_id = ${courseId}
    and k.outcome = '1' and k.called_at >= ${since})`;

/**
 * The student has answered the result herself, so its letter is not needed: the notice tells her of a decision
 * the office took on her word (its source key 'office:…'), or her seat was confirmed after it, or she (or the
 * office for her) gave the seat up.
 */
const answered = (x: string, a: string) =>
  sql.raw(`coalesce(${x}.source_key like 'office:%' or ${a}.confirmed_at >= ${x}.created_at
    or ${a}.decline_reason = 'declined', false)`);

/**
 * The rows the list is chosen from, one per (reason, student, application): a CTE body of
 * (reason, student_id, course_id, application_id, notice_id, deadline).
 */
function candidates(w: ContactWhere): SQL {
  const a = courseApplications;
  const parts: SQL[] = [];
  const course = w.courseId === null ? sql`` : sql` and ${a.courseId} = ${w.courseId}::int`;
  if (w.reason === '' || w.reason === 'deadline') {
    // live winners still to confirm within the window (course_applications_confirm_by_idx), whose result about
    // this application — the draw's, or the promotion's — nobody has opened
    parts.push(sql`select 'deadline'::text as reason, ${a.studentId} as student_id, ${a.courseId} as course_id,
        ${a.id} as application_id, ${newestNoticeOf(sql`${a.id}`)} as notice_id, ${a.confirmBy} as deadline
      from ${a} join ${courses} on ${courses.id} = ${a.courseId}
      where ${a.lotteryStatus} = '2' AND ${a.confirmedAt} IS NULL AND ${a.cancelledAt} IS NULL
        and ${a.confirmBy} >= ${w.now} and ${a.confirmBy} <= ${w.until}${course}
        ${w.scope ? sql`and ${w.scope}` : sql``}
        and not exists (select 1 from ${notices} n join ${noticeReads} r on r.notice_id = n.id
          and r.student_id = n.student_id where n.application_id = ${a.id})
        and not ${spokenSince(sql`${a.studentId}`, sql`${a.courseId}`, sql`coalesce((select max(n.created_at) from ${notices} n where n.application_id = ${a.id}), ${a.updatedAt})`)}`);
  }
  if (w.full && (w.reason === '' || w.reason === 'mail') && w.courseId === null) {
    // students_mail_bounced_idx: the few whose address was refused
    parts.push(sql`select 'mail'::text as reason, s.id as student_id, null::int as course_id,
        null::int as application_id, null::int as notice_id, null::timestamptz as deadline
      from ${students} s where s.mail_bounced_address <> '' and ${bounced(sql`s`)}`);
  }
  if (w.full && (w.reason === '' || w.reason === 'letter')) {
    // students_no_mail_idx, then each one's recent personal results (notices_student_idx): the newest about
    // each application (a newer one is always recent when an older one is), unread, and not yet posted
    parts.push(sql`select 'letter'::text as reason, x.student_id, x.course_id, x.application_id,
        x.id as notice_id, null::timestamptz as deadline
      from (select distinct on (n.application_id) n.id, n.student_id, n.course_id, n.application_id, n.created_at,
            n.source_key
          from ${students} s join ${notices} n on n.student_id = s.id and n.application_id is not null
          where (NOT s.is_email OR s.mail1 = '') and n.created_at >= ${w.lettersSince}
          order by n.application_id, n.id desc) x
      join ${courseApplications} xa on xa.id = x.application_id
      where not ${answered('x', 'xa')}
        ${w.courseId === null ? sql`` : sql`and x.course_id = ${w.courseId}::int`}
        and not exists (select 1 from ${noticeReads} r where r.notice_id = x.id and r.student_id = x.student_id)
        and not exists (select 1 from ${noticeLetters} l where l.notice_id = x.id and l.student_id = x.student_id)
        and not ${spokenSince(sql`x.student_id`, sql`x.course_id`, sql`x.created_at`)}`);
  }
  if (parts.length === 0)
    return sql`select null::text as reason, null::int as student_id, null::int as course_id,
      null::int as application_id, null::int as notice_id, null::timestamptz as deadline where false`;
  return sql.join(parts, sql` union all `);
}

/** The reasons in the order a row lists them, and the list sorts by reason: the deadlines first. */
const reasonRank = (r: SQL) => sql`case ${r} when 'deadline' then 1 when 'mail' then 2 else 3 end`;

/** The people's order, on the columns of `people` (p) and the student (s). */
const ORDERS = {
  deadline: sql`p.deadline`,
  name_kana: sql`s.name_kana`,
  login_id: sql`s.login_id`,
  reason: sql`p.reason_rank`,
} as const;
export type ContactSort = keyof typeof ORDERS;

/** One reason of a person of the page, with the person's columns (repeated on each of her reasons). */
export interface ContactRowRaw {
  /** how many people the whole search holds */
  total: number;
  student_id: number;
  /** the person's earliest deadline */
  first_deadline: Date | string | null;
  reason: Reason;
  course_id: number | null;
  application_id: number | null;
  notice_id: number | null;
  deadline: Date | string | null;
  promoted: boolean;
  login_id: string | null;
  name: string;
  name_kana: string;
  phone1: string;
  phone2: string;
  course_name: string | null;
  mail_state: 'pending' | 'sent' | 'failed' | 'none' | null;
  read_at: Date | string | null;
  letter_printed_at: Date | string | null;
  notice_title: string | null;
  mail_undeliverable: boolean;
  call_at: Date | string | null;
  call_outcome: string | null;
  call_admin: string | null;
}

/** How the notice went out by mail to the student: the newest outbox row that carried it (mail_outbox_notice_idx). */
export const mailStateOf = (noticeId: SQL, studentId: SQL) => sql<
  'pending' | 'sent' | 'failed' | 'none'
>`coalesce((select case o.status
    when 'failed' then 'failed' when 'pending' then 'pending' else 'sent' end
    from ${mailOutbox} o where o.notice_id = ${noticeId} and o.student_id = ${studentId}
    order by o.id desc limit 1), 'none')`;

/**
 * How one notice went to each of the given students: its mail (mailStateOf) and when its letter was printed.
 * For a page of a list whose rows were chosen first (the publisher list): one statement, a look-up each.
 */
export async function noticeDelivery(
  db: DbOrTx,
  noticeId: number,
  studentIds: readonly number[],
): Promise<Map<number, { mail: 'pending' | 'sent' | 'failed' | 'none'; printedAt: Date | null }>> {
  if (studentIds.length === 0) return new Map();
  const rows = await rowsOf<{
    id: number;
    mail: 'pending' | 'sent' | 'failed' | 'none';
    printed_at: Date | string | null;
  }>(
    db,
    sql`select s.id, ${mailStateOf(sql`${noticeId}::int`, sql`s.id`)} as mail, l.printed_at
      from unnest(${sql.param(studentIds)}::int[]) as s(id)
      left join ${noticeLetters} l on l.notice_id = ${noticeId}::int and l.student_id = s.id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { mail: r.mail, printedAt: r.printed_at === null ? null : new Date(r.printed_at) },
    ]),
  );
}

/**
 * One page of the list, one person each, with the whole search's count of people: a statement that chooses the
 * people on the keys alone (each one's earliest deadline, her first reason), orders and pages them, then reads
 * every open reason of the page's people — all of them, whatever reason or course the search named, so that
 * one call settles them together — with the student, the course, the notice's delivery and the newest call.
 * The rows come a reason each, the person's reasons together, in the page's order.
 */
export async function contactPage(
  db: DbOrTx,
  w: ContactWhere,
  order: { sort: ContactSort; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<ContactRowRaw[]> {
  const dir = order.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const narrowed = w.reason !== '' || w.courseId !== null;
  const every = sql`select * from (${candidates({ ...w, reason: '', courseId: null })}) e
    where e.student_id in (select student_id from picked)`;
  return rowsOf<ContactRowRaw>(
    db,
    sql`with c as (${candidates(w)}),
      people as (
        select c.student_id, min(c.deadline) as deadline, min(${reasonRank(sql`c.reason`)}) as reason_rank
        from c group by c.student_id
      ),
      picked as (
        select p.*, count(*) over () as total
        from people p join ${students} s on s.id = p.student_id
        order by ${ORDERS[order.sort]} ${dir}, p.deadline asc nulls last, s.login_id, p.student_id
        limit ${page.limit}::int offset ${page.offset}::int
      ),
      items as (${narrowed ? every : sql`select * from c where c.student_id in (select student_id from picked)`})
      select p.total::int as total, p.student_id, p.deadline as first_deadline,
        i.reason, i.course_id, i.application_id, i.notice_id, i.deadline,
        (a.promoted_at is not null) as promoted,
        s.login_id, s.name, s.name_kana, s.phone1, s.phone2, co.name as course_name,
        case when i.notice_id is null then null else ${mailStateOf(sql`i.notice_id`, sql`i.student_id`)} end as mail_state,
        (select r.read_at from ${noticeReads} r where r.notice_id = i.notice_id and r.student_id = i.student_id) as read_at,
        (select l.printed_at from ${noticeLetters} l where l.notice_id = i.notice_id and l.student_id = i.student_id)
          as letter_printed_at,
        n.title as notice_title,
        ${bounced(sql`s`)} as mail_undeliverable,
        call.called_at as call_at, call.outcome as call_outcome, call.admin_name as call_admin
      from picked p
      join items i on i.student_id = p.student_id
      join ${students} s on s.id = p.student_id
      left join ${courses} co on co.id = i.course_id
      left join ${courseApplications} a on a.id = i.application_id
      left join ${notices} n on n.id = i.notice_id
      left join lateral (select k.called_at, k.outcome, coalesce(u.name, '') as admin_name
          from ${studentCalls} k left join ${adminUsers} u on u.id = k.admin_id
          where k.student_id = p.student_id order by k.called_at desc, k.id desc limit 1) call on ${sql.raw(String(w.full))}
      order by ${ORDERS[order.sort]} ${dir}, p.deadline asc nulls last, s.login_id, p.student_id,
        ${reasonRank(sql`i.reason`)}, i.deadline asc nulls last, i.application_id`,
  );
}

/**
 * How many people each reason has, and how many the list holds (the work list's card: each reason links to
 * the list of that reason, the card to the whole list).
 */
export async function contactCounts(db: DbOrTx, w: ContactWhere): Promise<Record<Reason | 'people', number>> {
  const rows = await rowsOf<{ reason: Reason | null; n: number }>(
    db,
    sql`with c as (${candidates(w)})
      select reason, count(distinct student_id)::int as n from c group by grouping sets ((reason), ())`,
  );
  const out: Record<Reason | 'people', number> = { deadline: 0, mail: 0, letter: 0, people: 0 };
  for (const r of rows) out[r.reason ?? 'people'] = Number(r.n);
  return out;
}
