// What the statistics triggers (decisions 062–064) cost the writes that fire them most: an apply (insert) and a
// cancel (update) of one application — by a student already in that course's fiscal year, and by one who is
// not (their first of the year: who the year's students are changes) — and a draw's update of the biggest
// course, each in a transaction rolled back, with the triggers on and off (ALTER TABLE … DISABLE TRIGGER between blocks of runs, so no run plans
// again for it), on a dataset the bench kept:
//   npm run bench -- --scale 1 --db postgres://…/manabi_bench --only admin --keep
//   npm run bench:triggers -- postgres://…/manabi_bench [runs]
import pg from 'pg';
import { percentile } from './lib/recorder.mjs';

const url = process.argv[2];
const reps = Number(process.argv[3] ?? 40);
const c = new pg.Client({ connectionString: url });
await c.connect();
await c.query('set jit = off');
const {
  rows: [fx],
} = await c.query(`select value from bench_meta where key = 'dataset'`);
const fixtures = typeof fx.value === 'string' ? JSON.parse(fx.value) : fx.value;
const big = fixtures.bigCourseId;
// a course and a student without an application between them
const {
  rows: [pair],
} = await c.query(`select c.id as course_id, s.id as student_id from courses c, students s
  where not exists (select 1 from course_applications a where a.course_id = c.id and a.student_id = s.id)
  and s.approval_status = '1' order by c.id desc, s.id limit 1`);
// and a course and a student with no live application in that course's fiscal year
const {
  rows: [firstPair],
} = await c.query(`select c.id as course_id, s.id as student_id from courses c, students s
  where s.approval_status = '1' and not exists (select 1 from course_applications a join courses o on o.id = a.course_id
    where a.student_id = s.id and a.cancelled_at is null
      and manabi_fiscal_year(manabi_course_day(o.start_date, o.period_from, o.created_at))
        = manabi_fiscal_year(manabi_course_day(c.start_date, c.period_from, c.created_at)))
  order by c.id desc, s.id limit 1`);
const TRIGGERS = [
  ...['insert', 'update', 'delete', 'truncate'].map((k) => `course_applications_statistics_${k}`),
  ...['insert', 'update', 'delete'].map((k) => `course_applications_months_${k}`),
];
const has =
  (await c.query(`select count(*)::int as n from pg_trigger where tgname = any($1)`, [TRIGGERS])).rows[0].n >
  0;
async function once(what) {
  await c.query('begin');
  const t0 = performance.now();
  if (what !== 'draw') {
    const p = what === 'apply+cancel' ? pair : firstPair;
    const {
      rows: [r],
    } = await c.query(
      `insert into course_applications (course_id, student_id) values ($1, $2) returning id`,
      [p.course_id, p.student_id],
    );
    await c.query(`update course_applications set cancelled_at = now(), updated_at = now() where id = $1`, [
      r.id,
    ]);
  } else {
    await c.query(
      `update course_applications set lottery_status = case when id % 3 = 0 then '2' else '5' end,
      confirm_by = case when id % 3 = 0 then now() + interval '7 days' end, updated_at = now()
      where course_id = $1 and cancelled_at is null`,
      [big],
    );
  }
  const ms = performance.now() - t0;
  await c.query('rollback');
  return ms;
}
const q = (xs, p) =>
  percentile(
    xs.toSorted((a, b) => a - b),
    p,
  );
const n = (
  await c.query(
    `select count(*)::int as n from course_applications where course_id = $1 and cancelled_at is null`,
    [big],
  )
).rows[0].n;
console.log(
  `triggers present: ${has}; big course ${big}: ${n} live applications; ${reps} runs each, in four blocks`,
);
// the triggers turned off and on between blocks of runs (committed), so no run replans for it
async function setTriggers(on) {
  for (const t of TRIGGERS)
    await c.query(`alter table course_applications ${on ? 'enable' : 'disable'} trigger ${t}`);
}
const WHAT = ['apply+cancel', 'first of year', 'draw'];
const res = Object.fromEntries(WHAT.map((w) => [w, { on: [], off: [] }]));
for (let block = 0; block < 4; block++) {
  const on = block % 2 === 1;
  await setTriggers(on);
  for (const what of WHAT) {
    await once(what); // warm: the session plans the statements once
    for (let i = 0; i < reps / 2; i++) res[what][on ? 'on' : 'off'].push(await once(what));
  }
}
await setTriggers(true);
for (const what of WHAT)
  for (const k of ['off', 'on'])
    console.log(
      `${what.padEnd(13)} triggers ${k.padEnd(3)} p50 ${q(res[what][k], 0.5).toFixed(2)} ms  p95 ${q(res[what][k], 0.95).toFixed(2)} ms`,
    );
await c.end();
