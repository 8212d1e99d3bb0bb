// The dataset at a scale, planned in JavaScript: the rows with many attributes (students, courses,
// notices) as column arrays for array-parameter inserts, and per-course / per-notice plans from which
// SQL generates the applications and the reads (build.mjs). Scale 1 = the issue's city.
import {
  ALL_SURNAMES,
  CATEGORIES,
  GIVEN_NAMES,
  NOTICE_CATEGORIES,
  NOTICE_TITLES,
  ORGANS,
  TOPICS,
  TOWNS,
} from './names.mjs';
import { rng, weighted } from './random.mjs';

const DAY = 86_400_000;
/** A stride prime larger than any roll: k·STRIDE mod N walks N students without repeating. */
export const STRIDE = 104_729;
export const BIG_TOWN = TOWNS[0][0];
/** How many logged-in students the student mix uses. */
export const SESSIONS = 200;

export function countsAt(scale) {
  const n = (full, min = 1) => Math.max(min, Math.round(full * scale));
  return {
    students: n(100_000, 2 * SESSIONS),
    pending: n(300, 5),
    courses: n(5_000, 50),
    open: n(100, 8),
    applications: n(500_000, 2_000),
    bigCourse: n(2_526, 25),
    notices: n(500, 20),
    // a student's own notices (published_to 4): the intake cycle's results and the class-day reminders of
    // issue 17, five a student over the last year
    personalPerStudent: 5,
    reads: n(1_000_000, 5_000),
    // a few years of the audit log (decision 067): applies, check-ins, the office's changes, jobs
    audit: n(1_000_000, 10_000),
  };
}

const tokyoDay = (ms) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);
const iso = (ms) => new Date(ms).toISOString();
/** The fiscal year (April–March) of a moment, in Tokyo. */
const fiscalYear = (ms) => {
  const d = new Date(ms + 9 * 3_600_000);
  return d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
};
const fyStart = (fy) => Date.parse(`${fy}-04-01T00:00:00+09:00`);

/** The generations (期生): two intakes a year, April and October, newest last. */
function generationsUntil(now) {
  const last = fiscalYear(now);
  const list = [];
  for (let year = last - 9; year <= last; year++) {
    for (const month of ['04', '10']) {
      const startMs = Date.parse(`${year}-${month}-01T00:00:00+09:00`);
      if (startMs <= now) list.push({ id: `${String(year).slice(2)}${month}`, startMs });
    }
  }
  return list.slice(-20);
}

function planStudents(c, now, r) {
  const gens = generationsUntil(now);
  const perGen = Math.ceil(c.students / gens.length);
  const surname = weighted(ALL_SURNAMES, (s) => s[2]);
  const town = weighted(TOWNS, (t) => t[2]);
  const cols = {
    id: [],
    login_id: [],
    generation_id: [],
    name: [],
    name_kana: [],
    name_key: [],
    postcode: [],
    street_name1: [],
    street_name2: [],
    address: [],
    birthday: [],
    gender: [],
    phone1: [],
    mail1: [],
    is_email: [],
    filing_date: [],
    date_issue: [],
    approval_status: [],
    created_at: [],
  };
  const add = (row) => {
    for (const key of Object.keys(cols)) cols[key].push(row[key] ?? null);
  };
  const person = () => {
    const [sn, sk] = surname(r.next());
    const [gn, gk, gender] = r.pick(GIVEN_NAMES);
    const [tn, postcode] = town(r.next());
    const birthMs = Date.parse('1935-01-01') + Math.floor(r.next() * 30 * 365.25) * DAY;
    return {
      name: `${sn} ${gn}`,
      name_kana: `${sk} ${gk}`,
      name_key: sn + gn,
      postcode,
      street_name1: tn,
      street_name2: String(r.int(1, 5)),
      address: `${r.int(1, 30)}-${r.int(1, 20)}`,
      birthday: new Date(birthMs).toISOString().slice(0, 10),
      gender,
      phone1: `03-${r.int(1000, 9999)}-${r.int(1000, 9999)}`,
    };
  };
  for (let i = 0; i < c.students; i++) {
    const g = gens[Math.min(gens.length - 1, Math.floor(i / perGen))];
    const seq = (i % perGen) + 1;
    const p = person();
    const mail = r.chance(0.6);
    add({
      ...p,
      id: i + 1,
      login_id: `${g.id}${String(seq).padStart(4, '0')}`,
      generation_id: g.id,
      mail1: mail ? `s${i + 1}@example.jp` : '',
      is_email: mail,
      filing_date: tokyoDay(g.startMs - r.int(20, 60) * DAY),
      date_issue: tokyoDay(g.startMs),
      approval_status: '1',
      created_at: iso(g.startMs - r.int(20, 60) * DAY),
    });
  }
  // the duplicate screen's student: a pending admission in the biggest town, with the name and birthday
  // of an approved 佐藤 there (so every group of the screen has members)
  const twinIndex = cols.name.findIndex((n, i) => n.startsWith('佐藤 ') && cols.street_name1[i] === BIG_TOWN);
  for (let j = 0; j < c.pending; j++) {
    const p = person();
    const twin = j === 0 && twinIndex >= 0;
    add({
      ...p,
      ...(twin
        ? {
            name: cols.name[twinIndex].replace(' ', '　'),
            name_kana: cols.name_kana[twinIndex],
            name_key: cols.name_key[twinIndex],
            birthday: cols.birthday[twinIndex],
          }
        : {}),
      ...(j === 0 ? { street_name1: BIG_TOWN, postcode: TOWNS[0][1] } : {}),
      id: c.students + j + 1,
      mail1: `p${j + 1}@example.jp`,
      is_email: true,
      filing_date: tokyoDay(now - r.int(0, 30) * DAY),
      approval_status: j % 10 === 9 ? '2' : '0',
      created_at: iso(now - r.int(0, 30) * DAY),
    });
  }
  const sessionIds = Array.from({ length: SESSIONS }, (_, j) => 1 + Math.floor((j * c.students) / SESSIONS));
  return { cols, gens, perGen, sessionIds, dupTargetId: c.students + 1 };
}

const CAPACITIES = [20, 24, 30, 30, 40, 50, 60];
const TIMES = [15, 15, 15, 15, 10, 10, 8];
const VENUES = [
  'まなびプラザ 3階 講義室',
  '港区生涯学習センター 第1教室',
  '区民センター 和室',
  '大学キャンパス 201教室',
];
const DAYS = ['月', '火', '水', '木', '金', '土'];

function planCourses(c, now, r) {
  const currentFy = fiscalYear(now);
  const cols = courseColumns();
  const meta = courseMeta(c, currentFy, r);
  const big = openSome(meta, c, now, currentFy, r);
  for (const m of meta) {
    scheduleCourse(m, now, r);
    pushCourse(cols, m, r);
  }
  return { cols, meta, big };
}

/** The courses table's columns, empty. */
const courseColumns = () => ({
  id: [],
  code: [],
  name: [],
  content: [],
  organ: [],
  university_id: [],
  period_from: [],
  period_to: [],
  capacity: [],
  minimum: [],
  period: [],
  start_date: [],
  all_times: [],
  tuition_fee: [],
  venue: [],
  is_cancelable: [],
  unit: [],
  status: [],
  keyword: [],
  is_lottery: [],
  created_at: [],
});

/** Each course's plan: five fiscal years of courses, their topic, organ, window, seats and kind. */
function courseMeta(c, currentFy, r) {
  const meta = [];
  for (let i = 0; i < c.courses; i++) {
    const fy = currentFy - 4 + Math.floor((i * 5) / c.courses);
    const [topic, keyword, category] = TOPICS[i % TOPICS.length];
    const [organ, universityId] = ORGANS[r.int(0, ORGANS.length - 1)];
    const from = fyStart(fy) + Math.floor(r.next() * 330) * DAY + 9 * 3_600_000;
    const lottery = r.chance(0.88);
    meta.push({
      id: i + 1,
      from,
      to: from + 21 * DAY,
      lottery,
      capacity: r.pick(CAPACITIES),
      times: r.pick(TIMES),
      unit: r.int(1, 2),
      cancelable: r.chance(0.9),
      public: r.chance(0.97),
      category,
      second: r.chance(0.2) ? (category + 1) % CATEGORIES.length : null,
      topic,
      keyword,
      organ,
      universityId,
      fy,
    });
  }
  return meta;
}

/** Windows moved: c.open courses open now (the first of them the big course, returned), a few not yet. */
function openSome(meta, c, now, currentFy, r) {
  // ≈100 open now: the public lottery courses of this fiscal year whose window opens nearest to now
  const candidates = meta
    .filter((m) => m.fy === currentFy && m.public)
    .sort((a, b) => Math.abs(a.from - now) - Math.abs(b.from - now));
  const open = candidates.slice(0, c.open);
  for (const [j, m] of open.entries()) {
    m.from = now - r.int(1, 20) * DAY;
    m.to = now + (j === 0 ? 10 : r.int(3, 30)) * DAY;
    m.open = true;
    // most open courses are drawn by lottery; a few take the first comers
    m.lottery = j % 8 !== 7;
    m.cancelable = j % 10 !== 9;
  }
  // a few courses not open yet whatever the scale (the applicant upload registers students to one)
  const before = meta.filter((m) => !m.open && m.from > now).length;
  for (const m of candidates.slice(c.open, c.open + Math.max(0, 3 - before))) {
    m.from = now + r.int(5, 60) * DAY;
    m.to = m.from + 21 * DAY;
  }
  const big = open[0];
  big.capacity = 100;
  big.lottery = true;
  big.cancelable = true;
  return big;
}

/** A course's classes (start, end), its phase at `now` and the sessions held so far. */
function scheduleCourse(m, now, r) {
  if (!m.open && m.from <= now && m.to > now) m.to = now - DAY; // closed: no other window is open
  m.start = m.to + r.int(10, 40) * DAY;
  m.end = m.start + (m.times - 1) * 7 * DAY;
  m.phase = m.open
    ? 'open'
    : m.from > now
      ? 'before'
      : m.start > now
        ? 'drawn'
        : m.end > now
          ? 'running'
          : 'past';
  m.held =
    m.phase === 'past' ? m.times : m.phase === 'running' ? Math.floor((now - m.start) / (7 * DAY)) + 1 : 0;
}

/** A course's row pushed onto the columns. */
function pushCourse(cols, m, r) {
  const day = r.pick(DAYS);
  const hour = r.pick(['10:00〜12:00', '13:30〜15:30', '18:30〜20:30']);
  cols.id.push(m.id);
  cols.code.push(`C${String(m.id).padStart(5, '0')}`);
  cols.name.push(`${m.topic}（${m.fy}年度）`);
  cols.content.push(
    `${m.topic}について、${m.organ}の講師がわかりやすく解説します。全${m.times}回の講座です。` +
      '初めての方も歓迎します。筆記用具をお持ちください。受講には事前の申込が必要です。',
  );
  cols.organ.push(m.organ);
  cols.university_id.push(m.universityId);
  cols.period_from.push(iso(m.from));
  cols.period_to.push(iso(m.to));
  cols.capacity.push(m.capacity);
  cols.minimum.push(Math.floor(m.capacity / 3));
  cols.period.push(`毎週${day}曜 ${hour}`);
  cols.start_date.push(tokyoDay(m.start));
  cols.all_times.push(m.times);
  cols.tuition_fee.push(r.pick([0, 0, 3000, 5000]));
  cols.venue.push(r.pick(VENUES));
  cols.is_cancelable.push(m.cancelable);
  cols.unit.push(m.unit);
  cols.status.push(m.public ? '1' : '2');
  cols.keyword.push(m.keyword);
  cols.is_lottery.push(m.lottery);
  cols.created_at.push(iso(m.from - 30 * DAY));
}

/** Applications per course: the big course its share, first-come courses up to their seats, the rest by a skewed weight. */
function planApplications(c, courses, r) {
  const taking = courses.meta.filter((m) => m.phase !== 'before');
  const n = new Map();
  let left = c.applications - c.bigCourse;
  n.set(courses.big.id, c.bigCourse);
  for (const m of taking) {
    if (m === courses.big || m.lottery) continue;
    const seats = Math.floor(m.capacity * (m.phase === 'open' ? 0.6 : 0.95));
    n.set(m.id, seats);
    left -= seats;
  }
  const lottery = taking.filter((m) => m !== courses.big && m.lottery);
  const weights = lottery.map((m) => (0.2 + 3 * r.next() ** 2) * (m.phase === 'open' ? 0.5 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let given = 0;
  for (const [j, m] of lottery.entries()) {
    acc += weights[j];
    const upTo = Math.round((acc / total) * Math.max(0, left));
    n.set(m.id, Math.min(c.students - SESSIONS, upTo - given));
    given = upTo;
  }
  const plan = {
    course_id: [],
    n: [],
    phase: [],
    capacity: [],
    lottery: [],
    waitlist: [],
    unit: [],
    held: [],
    from_at: [],
    to_at: [],
    start_at: [],
  };
  for (const m of taking) {
    plan.course_id.push(m.id);
    plan.n.push(n.get(m.id) ?? 0);
    plan.phase.push(m.phase);
    plan.capacity.push(m.capacity);
    plan.lottery.push(m.lottery);
    // some drawn courses keep their losers on a ranked waitlist (decision 015)
    plan.waitlist.push(m.lottery && m.phase === 'drawn' && m.id % 3 === 0);
    plan.unit.push(m.unit);
    plan.held.push(m.held);
    plan.from_at.push(iso(m.from));
    plan.to_at.push(iso(m.to));
    plan.start_at.push(iso(m.start));
  }
  return plan;
}

function planNotices(c, now, students, courses, r) {
  const span = 5 * 365 * DAY;
  const cols = {
    id: [],
    category_id: [],
    title: [],
    content: [],
    period_from: [],
    period_to: [],
    is_control: [],
    published_to: [],
    generation_id: [],
    course_id: [],
    lottery_status: [],
    student_id: [],
    source_key: [],
  };
  const reads = { notice_id: [], lo: [], size: [], r: [], from_at: [] };
  const audience = [];
  const drawn = courses.meta.filter((m) => m.phase !== 'before' && m.phase !== 'open');
  for (let i = 0; i < c.notices; i++) {
    // oldest first; the last two are not shown yet (they start tomorrow)
    const from = i >= c.notices - 2 ? now + DAY : now - span + Math.floor(((i + 0.5) / c.notices) * span);
    const kind = r.next();
    const to = r.chance(0.2) ? Math.max(from + 30 * DAY, now - 10 * DAY) : null;
    const row = {
      id: i + 1,
      category_id: r.int(1, NOTICE_CATEGORIES.length),
      title: r.pick(NOTICE_TITLES),
      content: 'いつも講座をご利用いただきありがとうございます。詳しくは事務局までお問い合わせください。',
      period_from: iso(from),
      period_to: to === null ? null : iso(to),
      is_control: r.chance(0.95) ? '1' : '2',
      published_to: kind < 0.7 ? 1 : kind < 0.85 ? 2 : kind < 0.95 ? 3 : 4,
      generation_id: null,
      course_id: null,
      lottery_status: null,
      student_id: null,
      source_key: null,
    };
    if (row.published_to === 2) row.generation_id = r.pick(students.gens).id;
    if (row.published_to === 3) {
      row.course_id = r.pick(drawn).id;
      row.lottery_status = r.chance(0.5) ? '2' : null;
    }
    if (row.published_to === 4) {
      row.student_id = students.sessionIds[i % students.sessionIds.length];
      row.source_key = `bench:${i + 1}`;
    }
    for (const key of Object.keys(cols)) cols[key].push(row[key]);
    const visible = row.is_control === '1' && from <= now;
    if (visible && row.published_to === 1) audience.push({ id: row.id, lo: 1, size: c.students, from });
    if (visible && row.published_to === 2) {
      const g = students.gens.findIndex((x) => x.id === row.generation_id);
      const lo = g * students.perGen + 1;
      const size = Math.min(students.perGen, c.students - lo + 1);
      if (size > 0) audience.push({ id: row.id, lo, size, from });
    }
  }
  const weights = audience.map(() => 0.5 + r.next());
  const total = weights.reduce((a, b) => a + b, 0);
  for (const [j, a] of audience.entries()) {
    reads.notice_id.push(a.id);
    reads.lo.push(a.lo);
    reads.size.push(a.size);
    reads.r.push(Math.min(Math.floor(a.size * 0.9), Math.round((weights[j] / total) * c.reads)));
    reads.from_at.push(iso(a.from));
  }
  return { cols, reads };
}

/** Everything the builder writes at this scale, relative to `now`. */
export function planDataset(scale, now = Date.now()) {
  const r = rng();
  const counts = countsAt(scale);
  const students = planStudents(counts, now, r);
  const courses = planCourses(counts, now, r);
  const applications = planApplications(counts, courses, r);
  const notices = planNotices(counts, now, students, courses, r);
  const openMeta = courses.meta.filter((m) => m.phase === 'open');
  return {
    scale,
    counts,
    students,
    courses,
    applications,
    notices,
    fixtures: {
      builtAt: new Date(now).toISOString(),
      scale,
      sessionStudentIds: students.sessionIds,
      sessionLoginIds: students.sessionIds.map((id) => students.cols.login_id[id - 1]),
      /** approved students outside the sessions: the applicant upload registers them */
      uploadLoginIds: students.cols.login_id
        .slice(0, counts.students)
        .filter((_, i) => !students.sessionIds.includes(i + 1))
        .slice(0, 5_000),
      dupTargetId: students.dupTargetId,
      bigCourseId: courses.big.id,
      bigCourseCapacity: courses.big.capacity,
      openCourseIds: openMeta.map((m) => m.id),
      /** open lottery courses a student may apply to and cancel (the session students never applied) */
      pairCourseIds: openMeta.filter((m) => m.lottery && m.cancelable).map((m) => m.id),
      /** courses not yet open: nobody applied (the applicant upload's target) */
      beforeCourses: courses.meta
        .filter((m) => m.phase === 'before' && m.public)
        .slice(0, 20)
        .map((m) => ({ id: m.id, code: `C${String(m.id).padStart(5, '0')}` })),
    },
  };
}

export { CATEGORIES, NOTICE_CATEGORIES, ORGANS };
