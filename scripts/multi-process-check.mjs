// Two app processes on two ports share one PostgreSQL database: a session created on one is used on
// the other, and a logout on the other ends it for both (sessions live in the database). Both run the
// intake cycle's deadline job every second (decision 015): winners past their deadline lapse and are
// replaced exactly once, however the two processes' rounds interleave. Each holds the my-page course
// catalogue in memory (decision 023): a change is seen by both at once.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const serverUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `manabi_mp_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', JOB_INTERVAL_SECONDS: '1' };

let passed = 0;
let failed = 0;
const check = (name, ok) => {
  console.log(`${ok ? '✓' : '✗'} ${name}`);
  ok ? passed++ : failed++;
};

const procs = [];
const start = (port) => {
  const p = spawn('node', ['packages/server/dist/main.js'], {
    env: { ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  procs.push(p);
  return p;
};
const waitHealthy = async (port) => {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`port ${port} never became healthy`);
};

try {
  execFileSync('node', ['packages/server/dist/cli.js', 'seed-demo'], { env, stdio: 'inherit' });
  start(3201);
  start(3202);
  await Promise.all([waitHealthy(3201), waitHealthy(3202)]);

  const login = await fetch('http://127.0.0.1:3201/api/auth/mypage/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3201' },
    body: JSON.stringify({ login_id: '24040001', password: 'student01' }),
  });
  check('login on process A', login.status === 200);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const onB = await fetch('http://127.0.0.1:3202/api/mypage/top/', { headers: { cookie } });
  check(
    'the session from A works on process B',
    onB.status === 200 && typeof (await onB.json()).not_read_cnt === 'number',
  );
  const out = await fetch('http://127.0.0.1:3202/api/auth/mypage/logout/', { headers: { cookie } });
  check('logout on process B', out.status === 200);
  const afterA = await fetch('http://127.0.0.1:3201/api/mypage/top/', { headers: { cookie } });
  check('the session is gone on process A too', afterA.status === 401);

  // the demo's drawn course (C2611): its two winners' deadlines pass while both processes run the job (the
  // demo's finished courses have lapsed and promoted winners of their own: only C2611's are counted)
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const { rows: winners } = await db.query(
    `update course_applications set confirm_by = now() - interval '1 second'
       where course_id = (select id from courses where code = 'C2611') and lottery_status = '2'
       returning id`,
  );
  check('the demo has two winners to confirm', winners.length === 2);
  const counts = async () =>
    (
      await db.query(
        `select
           (select count(*)::int from course_applications a join courses c on c.id = a.course_id
             where c.code = 'C2611' and a.decline_reason = 'lapsed') as lapsed,
           (select count(*)::int from course_applications a join courses c on c.id = a.course_id
             where c.code = 'C2611' and a.promoted_at is not null) as promoted,
           (select count(*)::int from audit_log where action = 'lapse') as lapse_logs,
           (select count(*)::int from audit_log where action = 'promote') as promote_logs,
           (select count(*)::int from notices where source_key like 'lapse:%') as lapse_notices,
           (select count(*)::int from course_applications a join courses c on c.id = a.course_id
             where c.code = 'C2611' and a.lottery_status = '2' and a.cancelled_at is null) as winners`,
      )
    ).rows[0];
  let seen = await counts();
  for (let i = 0; i < 40 && seen.promoted < 2; i++) {
    await new Promise((r) => setTimeout(r, 250));
    seen = await counts();
  }
  // a few more rounds of both processes: nothing may happen twice
  await new Promise((r) => setTimeout(r, 3000));
  seen = await counts();
  check(
    `two processes' deadline jobs lapse each winner once and promote once (${JSON.stringify(seen)})`,
    seen.lapsed === 2 &&
      seen.promoted === 2 &&
      seen.lapse_logs === 2 &&
      seen.promote_logs === 2 &&
      seen.lapse_notices === 2 &&
      seen.winners === 2,
  );

  // the course catalogue (decision 023): both processes hold the open courses in memory; a change written
  // elsewhere (here by SQL, as by the other process) is in the very next answer of each
  const again = await fetch('http://127.0.0.1:3201/api/auth/mypage/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3201' },
    body: JSON.stringify({ login_id: '24040001', password: 'student01' }),
  });
  const student = again.headers.get('set-cookie').split(';')[0];
  const searchOn = async (port, keyword) =>
    (
      await (
        await fetch(
          `http://127.0.0.1:${port}/api/mypage/acceptingcourselist/?keyword=${encodeURIComponent(keyword)}`,
          { headers: { cookie: student } },
        )
      ).json()
    ).data_list.map((c) => c.id);
  const {
    rows: [open],
  } = await db.query(
    `select id, name from courses where status = '1' and period_from <= now() and period_to > now() limit 1`,
  );
  const before = [await searchOn(3201, open.name), await searchOn(3202, open.name)];
  await db.query(`update courses set name = $2 where id = $1`, [open.id, '多重確認の新しい講座名']);
  const after = [
    await searchOn(3201, '多重確認の新しい講座名'),
    await searchOn(3202, '多重確認の新しい講座名'),
  ];
  check(
    'a renamed course is found by its new name on both processes at once',
    before.every((ids) => ids.includes(open.id)) &&
      after.every((ids) => ids.length === 1 && ids[0] === open.id),
  );
  await db.end();
} catch (err) {
  console.error(err);
  failed++;
} finally {
  for (const p of procs) p.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
