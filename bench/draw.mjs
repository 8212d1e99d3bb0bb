// The draw of one big course, measured in process: how long the course's row lock is held while
// `runLottery` draws N applicants (every one with mail), and the event loop's delay meanwhile.
//
//   node bench/draw.mjs [--applicants 10000] [--runs 3] [--url postgres://postgres@127.0.0.1:5432/postgres]
//     [--keep] [--name manabi_bench_draw_mine] [--log-statements]
//
// It makes a database of its own (manabi_bench_draw_<pid>, or --name) on the given server and drops it
// afterwards (--keep: manabi_bench_draw_kept or --name, kept for a look with psql; --log-statements: every
// statement of that database in the server's log with its time, log_min_duration_statement = 0). The lock
// is seen from outside too: a second connection asks for the course row FOR UPDATE as soon as the draw has it
// and waits; that wait is the time the draw still held the lock.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    name: { type: 'string' },
    'log-statements': { type: 'boolean', default: false },
  },
});
const N = Number(args.applicants);
const RUNS = Number(args.runs);

const server = (path) => tsImport(`../packages/server/src/${path}`, import.meta.url);
const { openPostgres } = await server('db/client.ts');
const { syncCodeMaster } = await server('modules/common/common.service.ts');
const { migrationsDir } = await server('platform/paths.ts');
const { runLottery } = await server('modules/applicants/applicants.service.ts');

const name = args.name ?? (args.keep ? 'manabi_bench_draw_kept' : `manabi_bench_draw_${process.pid}`);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--name: not a plain database name: ${name}`);
const admin = new pg.Client({ connectionString: args.url });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
if (args['log-statements']) await admin.query(`alter database ${name} set log_min_duration_statement = 0`);
const url = new URL(args.url);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), 4, () => {});
const outside = new pg.Client({ connectionString: url.toString() });
try {
  await database.migrate(migrationsDir());
  await syncCodeMaster(database.db);
  const courseId = await seed(database.db);
  await outside.connect();
  const mail = {
    publicUrl: 'https://manabi.example.jp',
    officeMail: 'office@example.jp',
    officePhone: '03-0000-0000',
    confirmDaySeconds: 86_400,
  };
  const principal = { id: 1, name: 'ベンチ管理者', authority: 1, universityId: null };
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    await reset(courseId);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    // the whole call: the draw under the lock, then the personal results in their own transaction
    const drawing = runLottery(
      database.db,
      mail,
      principal,
      {
        id: courseId,
        win_num: Math.floor(N / 10),
        waitlist: '1',
        confirm_days: '3',
        tiers: ['ward_resident'],
        override_reason: '',
      },
      { error: (obj, msg) => console.error(msg, obj) },
    );
    // the outside waiter: once the draw's transaction holds the course row, ask for it and wait
    const waited = waitForLock(courseId);
    const answer = await drawing;
    const drawMs = performance.now() - started;
    loop.disable();
    const { waitMs } = await waited;
    const counts = await outside.query(
      `select (select count(*) from notices where course_id = $1)::int as notices,
              (select count(*) from mail_outbox)::int as mails`,
      [courseId],
    );
    const r = {
      run: run + 1,
      drawMs: Math.round(drawMs),
      lockWaitMs: Math.round(waitMs),
      loopP99Ms: +(loop.percentile(99) / 1e6).toFixed(1),
      loopMaxMs: +(loop.max / 1e6).toFixed(1),
      won: answer.win_count,
      waitlisted: answer.wait_count,
      lost: answer.lose_count,
      ...counts.rows[0],
    };
    results.push(r);
    console.log(JSON.stringify(r));
  }
  const med = (k) => results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  console.log(
    `draw of ${N}: median over ${RUNS} runs — draw ${med('drawMs')} ms, lock still held when asked ${med('lockWaitMs')} ms, ` +
      `event loop p99 ${med('loopP99Ms')} ms, max ${med('loopMaxMs')} ms`,
  );
} finally {
  await outside.end().catch(() => {});
  await database.close();
  if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** A lottery course whose period has ended and N pending applicants, each a mail-taking student. */
async function seed(db) {
  const run = (text, params) => db.$client.query(text, params);
  const course = await run(
    `insert into courses (name, organ, is_lottery, capacity, period_from, period_to)
     values ('ベンチ講座', 'まなび市民大学', true, $1, now() - interval '30 days', now() - interval '1 day')
     returning id`,
    [Math.floor(N / 10)],
  );
  const courseId = course.rows[0].id;
  await run(
    `insert into students (login_id, generation_id, name, name_kana, birthday, approval_status, date_issue,
       password_hash, mail1, is_email, street_name1)
     select 'b' || lpad(i::text, 7, '0'), '2404', '学生' || i, 'ガクセイ', '1960-01-01', '1', '2024-04-01', 'x',
       'b' || i || '@example.jp', true, case when i % 3 = 0 then '' else '中央一丁目' end
     from generate_series(1, $1) as i`,
    [N],
  );
  await run(
    `insert into course_applications (course_id, student_id, lottery_status)
     select $1, id, '1' from students where login_id like 'b%'`,
    [courseId],
  );
  return courseId;
}

/** Every applicant undrawn again, the results of an earlier run gone. */
async function reset(courseId) {
  await outside.query(
    `update course_applications set lottery_status = '1', waitlist_rank = null, confirm_by = null where course_id = $1`,
    [courseId],
  );
  await outside.query('delete from notices where course_id = $1', [courseId]);
  await outside.query('delete from mail_outbox');
  await outside.query('delete from lottery_runs');
  await outside.query('delete from course_intake');
  await outside.query('vacuum analyze course_applications, notices, mail_outbox');
}

/** Waits until the course row is locked by another session, then for the lock itself. */
async function waitForLock(courseId) {
  for (;;) {
    const held = await outside.query(
      `select 1 from pg_locks l join pg_class c on c.oid = l.relation
       where c.relname = 'courses' and l.mode = 'RowShareLock' and l.pid <> pg_backend_pid()`,
    );
    if (held.rows.length > 0) break;
    await new Promise((r) => setTimeout(r, 2));
  }
  const t = performance.now();
  await outside.query('begin');
  // the lock the app's writers take (lockCourse)
  await outside.query('select id from courses where id = $1 for no key update', [courseId]);
  const waitMs = performance.now() - t;
  await outside.query('rollback');
  return { waitMs };
}
