/**
 * Every figure of the statistics reads against the same figure computed here, in JavaScript, from the raw rows
 * the test wrote: random courses, students, applications and attendance from a seeded generator, for both
 * authorities. Each seed lives in its own fiscal year, five years from the next, so the seeds never meet.
 */
import { ageAtFiscalYearEnd } from '@manabi/shared/domain/age';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { DESIGNATED_WARD } from '@manabi/shared/domain/student';
import { normalizeName } from '@manabi/shared/validation/normalize';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeCourse, makeUniversity } from '../../test/factories';
import { ageAtFiscalYearEndSql } from './statistics.repository';
import { ageBand } from './statistics.service';

/** mulberry32: a tiny seeded generator, so a failing seed can be run again */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const SEEDS = [11, 2026, 77_777];
const fyOfSeed = (i: number) => 2001 + i * 5;

interface Course {
  id: number;
  universityId: string;
  code: string | null;
  name: string;
  organ: string;
  capacity: number | null;
  day: string;
  categories: string[];
}
interface Student {
  id: number;
  birthday: string | null;
  gender: number | null;
  town: string;
  generationId: string | null;
  dateIssue: string | null;
}
interface App {
  courseId: number;
  studentId: number;
  lotteryStatus: string;
  cancelledAt: Date | null;
  confirmBy: Date | null;
  confirmedAt: Date | null;
  promotedAt: Date | null;
  declineReason: string | null;
  attendance: string[];
  attendanceStatus: string;
  acquisitionUnit: number;
  createdAt: Date;
}

let t: TestApp;
let cast: Cast;
const world = {
  courses: [] as Course[],
  students: [] as Student[],
  apps: [] as App[],
  rejects: [] as { id: string; at: Date }[],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** a random day of the fiscal year, 'YYYY-MM-DD' */
function dayIn(r: Rng, fy: number): string {
  const m = r.int(1, 12);
  return `${m < 4 ? fy + 1 : fy}-${pad(m)}-${pad(r.int(1, 28))}`;
}
/** a moment of that day in Tokyo, near midnight now and then (where a UTC day would differ) */
const momentOf = (r: Rng, day: string) =>
  new Date(`${day}T${pad(r.pick([0, 8, 12, 23]))}:${pad(r.int(0, 59))}:00+09:00`);

const TOWNS = ['港区芝公園', '港区　赤坂', 'ﾐﾅﾄ区', '  ', '', '渋谷区神南', '港区芝公園', '品川区大井'];
const ORGANS = ['まなび市民大学', ' まなび市民大学　', '港大学', '区民センター'];

async function seedStudents(r: Rng, fy: number, n: number) {
  const rows = Array.from({ length: n }, () => ({
    loginId: null,
    name: '学生',
    birthday: r.chance(0.1) ? null : `${r.int(1920, 1975)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`,
    gender: r.pick([1, 2, null]),
    streetName1: r.pick(TOWNS),
    generationId: r.pick(['2401', '2304', null, '1910']),
    dateIssue: r.chance(0.6) ? dayIn(r, fy) : null,
    approvalStatus: '1',
  }));
  const made = await t.db.insert(students).values(rows).returning();
  for (const s of made) {
    world.students.push({
      id: s.id,
      birthday: s.birthday,
      gender: s.gender,
      town: s.streetName1,
      generationId: s.generationId,
      dateIssue: s.dateIssue,
    });
  }
  return made.map((s) => s.id);
}

async function seedCourse(r: Rng, fy: number, categories: { id: number; name: string }[]) {
  const day = dayIn(r, fy);
  const how = r.int(0, 2); // the first day from start_date, from the application period, or from creation
  const at = momentOf(r, day);
  const c = await makeCourse(t.db, {
    universityId: r.chance(0.7) ? 'U01' : 'U02',
    code: r.chance(0.8) ? `P${fy}${r.int(0, 99_999)}` : null,
    name: r.pick(['=SUM(A1)', '陶芸', '陶芸', '英会話', 'Python']),
    organ: r.pick(ORGANS),
    capacity: r.pick([null, 0, 3, 5, 10]),
    startDate: how === 0 ? day : r.pick([null, '']),
    periodFrom: how === 1 ? at : null,
    createdAt: at,
  });
  const cats = categories.filter(() => r.chance(0.4));
  if (cats.length > 0)
    await t.db.insert(courseCategoryLinks).values(cats.map((g) => ({ courseId: c.id, categoryId: g.id })));
  world.courses.push({
    id: c.id,
    universityId: c.universityId!,
    code: c.code,
    name: c.name,
    organ: c.organ,
    capacity: c.capacity,
    day,
    categories: cats.map((g) => g.name),
  });
  return { id: c.id, day };
}

function randomApp(r: Rng, courseId: number, studentId: number, fy: number): App {
  const status = r.pick(['1', '2', '2', '2', '3', '5', '6']);
  const moment = () => momentOf(r, dayIn(r, fy));
  return {
    courseId,
    studentId,
    lotteryStatus: status,
    cancelledAt: r.chance(0.15) ? moment() : null,
    confirmBy: r.chance(0.4) ? moment() : null,
    confirmedAt: r.chance(0.5) ? moment() : null,
    promotedAt: r.chance(0.15) ? moment() : null,
    declineReason: status === '6' ? r.pick(['declined', 'lapsed', null]) : null,
    attendance: r.chance(0.3)
      ? Array(15).fill('0')
      : Array.from({ length: 15 }, () => r.pick(['0', '0', '1', '1', '1', '2', '3'])),
    attendanceStatus: r.pick(['1', '2', '3']),
    acquisitionUnit: r.int(0, 20),
    createdAt: moment(),
  };
}

async function seedWorld(seed: number, fy: number) {
  const r = rng(seed);
  const cats = await t.db
    .insert(courseCategories)
    .values([{ name: `語学${seed}` }, { name: `芸術${seed}` }])
    .returning();
  const people = await seedStudents(r, fy, 30);
  const courses = [];
  for (let i = 0; i < 12; i += 1) courses.push(await seedCourse(r, fy, cats));
  for (let i = 0; i < 4; i += 1) courses.push(await seedCourse(r, fy - 1, cats));
  const apps: App[] = [];
  for (const c of courses) {
    for (const s of people) {
      if (!r.chance(0.25)) continue;
      const a = randomApp(r, c.id, s, fy);
      apps.push(a);
      // now and then the same person applies again after cancelling: one (course, student) pair
      if (a.cancelledAt && r.chance(0.5)) apps.push({ ...randomApp(r, c.id, s, fy), cancelledAt: null });
    }
  }
  await t.db.insert(courseApplications).values(apps);
  world.apps.push(...apps);
  const rejects = Array.from({ length: 6 }, () => ({
    id: String(r.pick(people.slice(0, 4))),
    at: momentOf(r, dayIn(r, fy)),
  }));
  await t.db.insert(auditLog).values(
    rejects.map((x) => ({
      actorKind: 'admin',
      action: 'reject',
      entity: 'student',
      entityId: x.id,
      createdAt: x.at,
    })),
  );
  world.rejects.push(...rejects);
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  await makeUniversity(t.db, { id: 'U02' });
  for (const [i, seed] of SEEDS.entries()) await seedWorld(seed, fyOfSeed(i));
}, 60_000);
afterAll(() => t.close());

// ---- the figures, computed from the raw rows ----

const fyOf = (day: string) => Number(day.slice(0, 4)) - (day.slice(5, 7) < '04' ? 1 : 0);
const inScope = (who: 1 | 2) => (c: Course) => who === 1 || c.universityId === 'U01';
const rate = (n: number, d: number) => (d > 0 ? n / d : null);
const count = <T>(xs: T[], p: (x: T) => boolean) => xs.reduce((n, x) => n + (p(x) ? 1 : 0), 0);
const live = (a: App) => a.cancelledAt === null;
const isConfirmed = (a: App) =>
  live(a) && a.lotteryStatus === '2' && (a.confirmedAt !== null || a.confirmBy === null);
const rec = (a: App) => count(a.attendance, (v) => v === '1' || v === '2' || v === '3');
const att = (a: App) => count(a.attendance, (v) => v === '1' || v === '3');
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

function figuresOf(courses: Course[]) {
  const ids = new Set(courses.map((c) => c.id));
  const capped = new Set(courses.filter((c) => (c.capacity ?? 0) > 0).map((c) => c.id));
  const apps = world.apps.filter((a) => ids.has(a.courseId));
  const pairs = new Set(apps.map((a) => `${a.courseId}:${a.studentId}`));
  const seats = sum(courses, (c) => Math.max(c.capacity ?? 0, 0));
  const pairsOf = (courseId: number) => count([...pairs], (p) => Number(p.split(':')[0]) === courseId);
  const over = courses.filter((c) => (c.capacity ?? 0) > 0 && pairsOf(c.id) > (c.capacity ?? 0));
  const confirmed = apps.filter(isConfirmed);
  const recorded = new Set(confirmed.filter((a) => rec(a) > 0).map((a) => a.courseId));
  const completed = apps.filter((a) => live(a) && a.attendanceStatus === '3');
  return {
    courses: courses.length,
    seats,
    applications: pairs.size,
    // 倍率 over the courses with more applications than seats only
    ratio: rate(
      sum(over, (c) => pairsOf(c.id)),
      sum(over, (c) => c.capacity ?? 0),
    ),
    ratio_courses: over.length,
    winners: count(apps, (a) => a.lotteryStatus === '6' || (live(a) && a.lotteryStatus === '2')),
    confirmed: confirmed.length,
    declined: count(apps, (a) => a.lotteryStatus === '6' && a.declineReason === 'declined'),
    lapsed: count(apps, (a) => a.lotteryStatus === '6' && a.declineReason === 'lapsed'),
    promoted: count(apps, (a) => a.promotedAt !== null),
    fill_rate: rate(
      count(confirmed, (a) => capped.has(a.courseId)),
      seats,
    ),
    sessions_recorded: sum(confirmed, rec),
    sessions_attended: sum(confirmed, att),
    attendance_rate: rate(sum(confirmed, att), sum(confirmed, rec)),
    no_shows: count(confirmed, (a) => att(a) === 0 && recorded.has(a.courseId)),
    completed: completed.length,
    units: sum(completed, (a) => a.acquisitionUnit),
  };
}

const periodCourses = (who: 1 | 2, from: string, to: string) =>
  world.courses.filter((c) => inScope(who)(c) && c.day >= from && c.day <= to);

function groupsOf(courses: Course[], keyOf: (c: Course) => string[]) {
  const by = new Map<string, Course[]>();
  for (const c of courses) for (const k of keyOf(c)) by.set(k, [...(by.get(k) ?? []), c]);
  return new Map([...by].map(([k, cs]) => [k, figuresOf(cs)]));
}

function peopleOf(who: 1 | 2, from: string, to: string) {
  const ids = new Set(periodCourses(who, from, to).map((c) => c.id));
  const earlier = new Set(world.courses.filter((c) => inScope(who)(c) && c.day < from).map((c) => c.id));
  const pop = new Set(world.apps.filter((a) => live(a) && ids.has(a.courseId)).map((a) => a.studentId));
  const back = new Set(world.apps.filter((a) => live(a) && earlier.has(a.courseId)).map((a) => a.studentId));
  return world.students.filter((s) => pop.has(s.id)).map((s) => ({ ...s, returning: back.has(s.id) }));
}

const tallyOf = <T>(xs: T[], labelOf: (x: T) => string) => {
  const m: Record<string, number> = {};
  for (const x of xs) m[labelOf(x)] = (m[labelOf(x)] ?? 0) + 1;
  return m;
};
const asRecord = (rows: { label: string; count: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.label, r.count]));
const tokyoMonth = (d: Date) => todayTokyo(d).slice(0, 7);

const read = async (path: string, who: string, q: string) => {
  const res = await get(t.app, `/api/admin/statistics/${path}/?${q}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe.each(SEEDS.map((seed, i) => ({ seed, fy: fyOfSeed(i) })))(
  'seed $seed (fiscal year $fy)',
  ({ fy }) => {
    const from = `${fy}-04-01`;
    const to = `${fy + 1}-03-31`;
    const q = `fy=${fy}`;
    const cookieOf = (who: 1 | 2) => (who === 1 ? cast.admin : cast.univ);

    it.each([1, 2] as const)('summary, authority %i', async (who) => {
      const body = await read('summary', cookieOf(who), q);
      expect(body.period).toEqual({ from, to, fy });
      expect(body.figures).toEqual(figuresOf(periodCourses(who, from, to)));
      // the random rows reach every branch worth counting
      for (const k of ['applications', 'confirmed', 'declined', 'lapsed', 'no_shows', 'units'])
        expect(body.figures[k], k).toBeGreaterThan(0);
    });

    it.each([1, 2] as const)('groups per course, organiser and category, authority %i', async (who) => {
      const courses = periodCourses(who, from, to);
      const keys = {
        course: (c: Course) => [String(c.id)],
        organiser: (c: Course) => [c.organ.replace(/^[ 　]+|[ 　]+$/g, '')],
        category: (c: Course) => (c.categories.length > 0 ? c.categories : ['未分類']),
      };
      for (const [group, keyOf] of Object.entries(keys)) {
        const body = await read('groups', cookieOf(who), `${q}&group=${group}`);
        const expected = groupsOf(courses, keyOf);
        expect(body.total, group).toBe(expected.size);
        const rows = body.data_list as {
          course_id: number | null;
          code: string;
          name: string;
          applications: number;
        }[];
        const got = new Map(
          rows.map(({ course_id, code: _, name, ...f }) => [
            group === 'course' ? String(course_id) : name,
            f,
          ]),
        );
        expect(got, group).toEqual(expected);
        // most applications first, then by name
        for (let i = 1; i < rows.length; i += 1) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          expect(
            a.applications > b.applications || (a.applications === b.applications && a.name <= b.name),
          ).toBe(true);
        }
      }
    });

    it.each([1, 2] as const)('attendance per session number, authority %i', async (who) => {
      const ids = new Set(periodCourses(who, from, to).map((c) => c.id));
      const confirmed = world.apps.filter((a) => ids.has(a.courseId) && isConfirmed(a));
      const expected = Array.from({ length: 15 }, (_, i) => {
        const recorded = count(confirmed, (a) => ['1', '2', '3'].includes(a.attendance[i]!));
        const attended = count(confirmed, (a) => ['1', '3'].includes(a.attendance[i]!));
        return { no: i + 1, recorded, attended, rate: rate(attended, recorded) };
      });
      expect((await read('sessions', cookieOf(who), q)).sessions).toEqual(expected);
    });

    // a fiscal year, and a span that is not one (its own first day decides who is returning)
    it.each([
      [1, 'the fiscal year'],
      [2, 'the fiscal year'],
      [1, 'April to December'],
      [2, 'April to December'],
    ] as const)('who the students are, authority %i, %s', async (who, span) => {
      const end = span === 'the fiscal year' ? to : `${fy}-12-31`;
      const people = peopleOf(who, from, end);
      const body = await read(
        'students',
        cookieOf(who),
        span === 'the fiscal year' ? q : `from=${from}&to=${end}`,
      );
      expect(body.students).toBe(people.length);
      const age = (s: Student) => ageBand(s.birthday === null ? null : ageAtFiscalYearEnd(s.birthday, end));
      expect(asRecord(body.ages)).toEqual(tallyOf(people, age));
      const gender = (s: Student) => (s.gender === 1 ? '男性' : s.gender === 2 ? '女性' : '不明');
      expect(asRecord(body.genders)).toEqual(tallyOf(people, gender));
      const ward = (s: Student) => {
        const key = normalizeName(s.town);
        return key === '' ? '不明' : key.startsWith(DESIGNATED_WARD) ? '区内' : '区外';
      };
      expect(asRecord(body.wards)).toEqual(tallyOf(people, ward));
      expect(asRecord(body.towns)).toEqual(tallyOf(people, (s) => normalizeName(s.town) || '不明'));
      expect(body.newcomers).toEqual({
        new: count(people, (s) => !s.returning),
        returning: count(people, (s) => s.returning),
      });
      expect(asRecord(body.generations)).toEqual(tallyOf(people, (s) => s.generationId ?? 'なし'));
      if (who === 2) {
        expect(body.admissions).toBeNull();
        return;
      }
      if (span !== 'the fiscal year') return;
      const issued = world.students.filter((s) => s.dateIssue && s.dateIssue >= from && s.dateIssue <= to);
      const approved = tallyOf(issued, (s) => s.dateIssue!.slice(0, 7));
      const rejected: Record<string, Set<string>> = {};
      for (const x of world.rejects.filter((x) => todayTokyo(x.at) >= from && todayTokyo(x.at) <= to))
        rejected[tokyoMonth(x.at)] = (rejected[tokyoMonth(x.at)] ?? new Set<string>()).add(x.id);
      expect(body.admissions).toHaveLength(12);
      for (const m of body.admissions) {
        expect(m.approved, m.month).toBe(approved[m.month] ?? 0);
        expect(m.rejected, m.month).toBe(rejected[m.month]?.size ?? 0);
      }
    });

    it.each([1, 2] as const)('month by month and year over year, authority %i', async (who) => {
      const body = await read('trends', cookieOf(who), q);
      const ids = new Set(world.courses.filter(inScope(who)).map((c) => c.id));
      const mine = world.apps.filter((a) => ids.has(a.courseId));
      const within = (d: Date | null) => d !== null && todayTokyo(d) >= from && todayTokyo(d) <= to;
      const made = tallyOf(
        mine.filter((a) => within(a.createdAt)),
        (a) => tokyoMonth(a.createdAt),
      );
      const gone = tallyOf(
        mine.filter((a) => within(a.cancelledAt)),
        (a) => tokyoMonth(a.cancelledAt!),
      );
      expect(body.months).toHaveLength(12);
      for (const m of body.months) {
        expect(m.applications, m.month).toBe(made[m.month] ?? 0);
        expect(m.cancellations, m.month).toBe(gone[m.month] ?? 0);
      }
      expect(body.years.map((y: { fy: number }) => y.fy)).toEqual([fy - 4, fy - 3, fy - 2, fy - 1, fy]);
      for (const { fy: year, students: n, ...figures } of body.years) {
        const courses = world.courses.filter((c) => inScope(who)(c) && fyOf(c.day) === year);
        expect(figures, String(year)).toEqual(figuresOf(courses));
        const ids = new Set(courses.map((c) => c.id));
        const people = new Set(
          world.apps.filter((a) => live(a) && ids.has(a.courseId)).map((a) => a.studentId),
        );
        expect(n, String(year)).toBe(people.size);
      }
    });
  },
);

describe('the age at fiscal-year end in SQL', () => {
  it('is ageAtFiscalYearEnd, for random birthdays and days', async () => {
    const r = rng(5);
    for (let i = 0; i < 40; i += 1) {
      const birthday = `${r.int(1900, 2010)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
      const day = `${r.int(2000, 2040)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
      const res = (await t.db.execute(
        sql`select ${ageAtFiscalYearEndSql(sql`${birthday}::date`, day)} as age`,
      )) as unknown as { rows: { age: number }[] };
      expect(res.rows[0]?.age, `${birthday} on ${day}`).toBe(ageAtFiscalYearEnd(birthday, day));
    }
  });
});
