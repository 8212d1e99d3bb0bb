// Writes a planned dataset (plan.mjs) into a database the app has just migrated. Students, courses and
// notices go in as array parameters (one INSERT … SELECT FROM unnest(…) per 10 000 rows); applications and
// notice reads are generated inside the database from per-course / per-notice plans (generate_series, a
// hash for every random choice). Foreign-key triggers are off and the secondary indexes are dropped for
// the load and built again after it; the data is consistent by construction, and the unique indexes
// rebuilt at the end check it.
import { CATEGORIES, NOTICE_CATEGORIES, ORGANS, STRIDE } from './plan.mjs';

const BATCH = 10_000;
const BIG_TABLES = ['students', 'courses', 'course_applications', 'notices', 'notice_reads', 'audit_log'];

/** INSERT INTO table (columns…) SELECT … FROM unnest($1::type[], …), in batches; `extra` adds computed columns. */
async function insertColumns(db, table, columns, extra = {}, extraParams = []) {
  const names = Object.keys(columns);
  const rows = columns[names[0]].values.length;
  const alias = names.map((n) => `"${n}"`).join(', ');
  const arrays = names.map((n, i) => `$${i + 1}::${columns[n].type}[]`).join(', ');
  const extraNames = Object.keys(extra);
  const target = [...names, ...extraNames].map((n) => `"${n}"`).join(', ');
  const select = [...names.map((n) => `u."${n}"`), ...Object.values(extra)].join(', ');
  for (let from = 0; from < rows; from += BATCH) {
    const params = names.map((n) => columns[n].values.slice(from, from + BATCH));
    // extra expressions refer to their parameters as $X1, $X2… (numbered after the arrays)
    const sql =
      `insert into "${table}" (${target}) select ${select} from unnest(${arrays}) as u(${alias})`.replace(
        /\$X(\d+)/g,
        (_, k) => `$${names.length + Number(k)}`,
      );
    await db.query(sql, [...params, ...extraParams]);
  }
}

/** Typed column arrays from a plan's columns: { name: [type, values] } → insertColumns' shape. */
const typed = (cols, types) =>
  Object.fromEntries(Object.entries(types).map(([name, type]) => [name, { type, values: cols[name] }]));

async function dropSecondaryIndexes(db) {
  const { rows } = await db.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BIG_TABLES],
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

async function loadReference(db, passwords) {
  await db.query(`insert into universities (id, name) select * from unnest($1::text[], $2::text[])`, [
    ORGANS.filter((o) => o[1]).map((o) => o[1]),
    ORGANS.filter((o) => o[1]).map((o) => o[0]),
  ]);
  await db.query(
    `insert into admin_users (id, login_id, name, email, password_hash, authority)
     values (1, 'benchadmin', 'ベンチ 管理者', 'bench@example.jp', $1, 1)`,
    [passwords.adminHash],
  );
  await db.query(
    `insert into course_categories (id, name, sort_number) select i, n, i from unnest($1::text[]) with ordinality as c(n, i)`,
    [CATEGORIES],
  );
  await db.query(
    `insert into notice_categories (id, name, sort_number) select i, n, i from unnest($1::text[]) with ordinality as c(n, i)`,
    [NOTICE_CATEGORIES],
  );
}

async function loadStudents(db, plan, passwords) {
  const types = {
    id: 'int',
    login_id: 'varchar',
    generation_id: 'varchar',
    name: 'varchar',
    name_kana: 'varchar',
    name_key: 'varchar',
    postcode: 'varchar',
    street_name1: 'varchar',
    street_name2: 'varchar',
    address: 'varchar',
    birthday: 'date',
    gender: 'int2',
    phone1: 'varchar',
    mail1: 'varchar',
    is_email: 'bool',
    filing_date: 'date',
    date_issue: 'date',
    approval_status: 'varchar',
    created_at: 'timestamptz',
  };
  await insertColumns(
    db,
    'students',
    typed(plan.students.cols, types),
    {
      password_hash: `case when u.approval_status = '1' then $X1 end`,
      updated_at: 'u.created_at',
      is_attendance: `u.approval_status <> '1'`,
    },
    [passwords.studentHash],
  );
}

async function loadCourses(db, plan) {
  const types = {
    id: 'int',
    code: 'varchar',
    name: 'varchar',
    content: 'text',
    organ: 'varchar',
    university_id: 'varchar',
    period_from: 'timestamptz',
    period_to: 'timestamptz',
    capacity: 'int',
    minimum: 'int',
    period: 'varchar',
    start_date: 'varchar',
    all_times: 'int2',
    tuition_fee: 'int',
    venue: 'varchar',
    is_cancelable: 'bool',
    unit: 'int',
    status: 'varchar',
    keyword: 'varchar',
    is_lottery: 'bool',
    created_at: 'timestamptz',
  };
  await insertColumns(db, 'courses', typed(plan.courses.cols, types), { updated_at: 'u.created_at' });
  const links = { course_id: [], category_id: [] };
  for (const m of plan.courses.meta) {
    links.course_id.push(m.id);
    links.category_id.push(m.category + 1);
    if (m.second !== null) {
      links.course_id.push(m.id);
      links.category_id.push(m.second + 1);
    }
  }
  await insertColumns(db, 'course_category_links', typed(links, { course_id: 'int', category_id: 'int' }));
  const a = plan.applications;
  const waitlisted = a.course_id.filter((_, i) => a.waitlist[i]);
  const seats = a.capacity.filter((_, i) => a.waitlist[i]);
  await db.query(
    `insert into course_intake (course_id, seats, waitlist) select c, s, true from unnest($1::int[], $2::int[]) as u(c, s)`,
    [waitlisted, seats],
  );
}

/** 32 attendance patterns for each number of sessions held (0–15): mostly present, some absent or late. */
function attendancePatterns() {
  const cols = { held: [], p: [], arr: [], present: [] };
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  for (let held = 0; held <= 15; held++) {
    for (let p = 0; p < 32; p++) {
      const marks = Array.from({ length: 15 }, (_, j) => {
        if (j >= held) return '0';
        const u = next();
        return u < 0.85 ? '1' : u < 0.95 ? '2' : '3';
      });
      cols.held.push(held);
      cols.p.push(p);
      cols.arr.push(`{${marks.join(',')}}`);
      cols.present.push(marks.filter((m) => m === '1').length);
    }
  }
  return cols;
}

async function loadApplications(db, plan) {
  await db.query(`create temp table bench_app_plan (course_id int, n int, phase text, capacity int, lottery bool,
    waitlist bool, unit int, held int, from_at timestamptz, to_at timestamptz, start_at timestamptz)`);
  await insertColumns(
    db,
    'bench_app_plan',
    typed(plan.applications, {
      course_id: 'int',
      n: 'int',
      phase: 'text',
      capacity: 'int',
      lottery: 'bool',
      waitlist: 'bool',
      unit: 'int',
      held: 'int',
      from_at: 'timestamptz',
      to_at: 'timestamptz',
      start_at: 'timestamptz',
    }),
  );
  await db.query(`create temp table bench_att (held int, p int, arr varchar(1)[], present int)`);
  const att = attendancePatterns();
  await db.query(
    `insert into bench_att select h, p, a::varchar(1)[], n from unnest($1::int[], $2::int[], $3::text[], $4::int[]) as u(h, p, a, n)`,
    [att.held, att.p, att.arr, att.present],
  );
  await db.query('analyze bench_app_plan');
  await db.query('analyze bench_att');
  // per application: k is its place in the course's order (the draw took the first `capacity`)
  await db.query(
    `insert into course_applications (course_id, student_id, lottery_status, how_apply, attendance_status,
       attendance_updated_at, acquisition_unit, attendance, cancelled_at, waitlist_rank, decline_reason,
       created_at, updated_at)
     select x.course_id, x.student_id, x.status, x.how,
       case when x.attends and x.phase = 'past' then '3' when x.attends then '2' else '1' end,
       case when x.attends then x.marked_at end,
       case when x.attends then a.present * x.unit else 0 end,
       case when x.attends then a.arr else array_fill('0'::varchar(1), array[15]) end,
       case when x.status = '4' then x.created_at + interval '1 day' end,
       case when x.status = '5' then x.k - x.capacity + 1 end,
       case when x.status = '6' then 'declined' end,
       x.created_at,
       case when x.phase = 'open' then x.created_at when x.attends then x.marked_at
            else x.to_at + interval '1 day' end
     from (
       select s.*, s.status = '2' and s.held > 0 as attends,
              s.start_at + (s.held - 1) * interval '7 days' as marked_at
       from (
         select p.*, k, u1, u2,
           1 + ((p.course_id::bigint * 7919 + k::bigint * ${STRIDE}) % $1) as student_id,
           p.from_at + (least(p.to_at, now()) - p.from_at) * u1 as created_at,
           case when p.phase = 'open' then '1' when u2 < 0.8 then '1' when u2 < 0.9 then '2'
                when u2 < 0.95 then '3' else '4' end as how,
           case
             when p.phase = 'open' then case when p.lottery then '1' else '2' end
             when u1 < 0.04 then '4'
             when not p.lottery then '2'
             when k < p.capacity then case when u1 < 0.06 then '6' else '2' end
             when p.waitlist and k - p.capacity < 30 then '5'
             else '3'
           end as status
         from bench_app_plan p
         cross join lateral generate_series(0, p.n - 1) as k
         cross join lateral (select
           (hashint4(p.course_id * 65537 + k) & 2147483647) / 2147483648.0::float8 as u1,
           (hashint4((p.course_id * 65537 + k) # 1431655765) & 2147483647) / 2147483648.0::float8 as u2) h
       ) s
     ) x
     left join bench_att a on a.held = x.held and a.p = floor(x.u2 * 32)::int
     where not (x.phase = 'open' and x.student_id = any($2::int[]))`,
    [plan.counts.students, plan.fixtures.sessionStudentIds],
  );
  await db.query(`update students s set total_units = t.units
    from (select student_id, sum(acquisition_unit) as units from course_applications group by student_id) t
    where s.id = t.student_id`);
}

async function loadNotices(db, plan) {
  await insertColumns(
    db,
    'notices',
    typed(plan.notices.cols, {
      id: 'int',
      category_id: 'int',
      title: 'varchar',
      content: 'text',
      period_from: 'timestamptz',
      period_to: 'timestamptz',
      is_control: 'varchar',
      published_to: 'int2',
      generation_id: 'varchar',
      course_id: 'int',
      lottery_status: 'varchar',
      student_id: 'int',
      source_key: 'varchar',
    }),
    { created_by: '1', created_at: 'u.period_from', updated_at: 'u.period_from' },
  );
  // each approved student's own notices (the reminders of their classes, their intake results), spread
  // over the last year, after the planned ones (ids from 1) so the two never meet
  await db.query(
    `insert into notices (id, title, content, period_from, is_control, published_to, student_id, source_key,
                          created_at, updated_at)
     select $1::int + row_number() over (), '明日の授業のお知らせ',
            '明日は授業があります。持ち物をご確認ください。', t.at, '1', 4, t.id,
            'bench-remind:' || t.id || ':' || t.k, t.at, t.at
     from (select s.id, k, now() - interval '1 hour' * ((s.id::bigint * 7919 + k * 104729) % 8760) as at
           from students s cross join generate_series(1, $2::int) as k
           where s.login_id is not null) t`,
    [plan.counts.notices, plan.counts.personalPerStudent],
  );
  await db.query(
    `create temp table bench_read_plan (notice_id int, lo int, size int, r int, from_at timestamptz)`,
  );
  await insertColumns(
    db,
    'bench_read_plan',
    typed(plan.notices.reads, { notice_id: 'int', lo: 'int', size: 'int', r: 'int', from_at: 'timestamptz' }),
  );
  await db.query(
    `insert into notice_reads (student_id, notice_id, read_at)
     select p.lo + ((p.notice_id::bigint * 7919 + k::bigint * ${STRIDE}) % p.size), p.notice_id,
            least(now(), p.from_at + interval '1 minute' * ((hashint4(p.notice_id * 1000003 + k) & 2147483647) % 43200))
     from bench_read_plan p cross join lateral generate_series(0, p.r - 1) as k`,
  );
}

/**
 * The audit log (decision 067): `counts.audit` entries over the last four years, one statement. Each names a
 * student (spread over the roster) and most a course; the acts in the proportions an office sees (applies and
 * check-ins most). Written with the columns of the schema it finds, so an older commit's bench still builds.
 */
async function loadAudit(db, plan) {
  const { rows } = await db.query(
    `select count(*)::int as n from information_schema.columns where table_name = 'audit_log' and column_name = 'via'`,
  );
  const viewer = rows[0]?.n > 0;
  const acts = [
    'apply',
    'check_in',
    'check_in',
    'check_in',
    'cancel',
    'update',
    'call',
    'promote',
    'lapse',
    'create',
  ];
  await db.query(
    `insert into audit_log (actor_kind, actor_id, action, entity, entity_id, detail, created_at
        ${viewer ? ', student_id, course_id, via, route' : ''})
     select case when g % 10 in (0, 4) then 'student' when g % 10 = 8 then 'system' else 'admin' end,
            case when g % 10 in (0, 4) then s when g % 10 = 8 then null else 1 end,
            ($3::text[])[1 + g % 10],
            case when g % 10 in (5, 9) then 'student' else 'course_application' end,
            (g % 499984 + 1)::text,
            jsonb_build_object('course_id', c, 'student_id', s),
            now() - interval '1 minute' * ((g::bigint * 104729) % 2102400)
        ${
          viewer
            ? `, s, case when g % 10 in (5, 9) then null else c end,
            case when g % 10 = 8 then 'job' when g % 3 = 0 then 'api' else 'screen' end,
            case when g % 10 = 8 then null else '/api/bench/' end`
            : ''
        }
     from (select g, 1 + (g::bigint * 7919) % $1::int as s, 1 + g % $2::int as c
           from generate_series(1, $4::int) as g) x`,
    [plan.counts.students, plan.counts.courses, acts, plan.counts.audit],
  );
}

async function finish(db, plan, indexDefs) {
  for (const def of indexDefs) await db.query(def);
  for (const table of [
    'students',
    'courses',
    'notices',
    'admin_users',
    'course_categories',
    'notice_categories',
  ]) {
    await db.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from "${table}"))`,
    );
  }
  await db.query('create table if not exists bench_meta (key text primary key, value jsonb not null)');
  await db.query(
    `insert into bench_meta values ('dataset', $1) on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(plan.fixtures)],
  );
}

/** Fills a freshly migrated database; logs each step's time. Answers the rows per table. */
export async function buildDataset(db, plan, passwords, log = console.log) {
  const step = async (label, fn) => {
    const t = performance.now();
    await fn();
    log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // no JIT: compiling these one-off statements costs more than running them
  if (db.kind === 'postgres') await db.query('set jit = off');
  await db.query(`set session_replication_role = replica`);
  let indexDefs = [];
  await step('drop secondary indexes', async () => {
    indexDefs = await dropSecondaryIndexes(db);
  });
  await step('reference rows', () => loadReference(db, passwords));
  await step(`${plan.students.cols.id.length} students`, () => loadStudents(db, plan, passwords));
  await step(`${plan.courses.cols.id.length} courses`, () => loadCourses(db, plan));
  await step('applications', () => loadApplications(db, plan));
  await step('notices and reads', () => loadNotices(db, plan));
  await step('audit log', () => loadAudit(db, plan));
  await step(`rebuild ${indexDefs.length} indexes`, () => finish(db, plan, indexDefs));
  await db.query(`set session_replication_role = origin`);
  // the load ran with triggers off: what triggers keep (migration 0007's exact student counts) is made here
  await step('derived counters', () => recountDerived(db));
  await step('vacuum analyze', () => db.query('vacuum analyze'));
  const { rows } = await db.query(
    `select
    (select count(*) from students where approval_status = '1')::int as approved,
    (select count(*) from students where approval_status <> '1')::int as pending,
    (select count(*) from courses)::int as courses,
    (select count(*) from courses where period_from <= now() and period_to > now())::int as open_now,
    (select count(*) from course_applications)::int as applications,
    (select count(*) from notices)::int as notices,
    (select count(*) from notice_reads)::int as reads,
    (select count(*) from audit_log)::int as audit,
    (select count(*) from course_applications where course_id = $1)::int as big_course_applicants,
    (select count(*) from students where street_name1 = (select street_name1 from students group by 1 order by count(*) desc limit 1))::int as biggest_town`,
    [plan.fixtures.bigCourseId],
  );
  return rows[0];
}

/** Tables kept by triggers, counted again from their source (only those this commit's migrations made). */
async function recountDerived(db) {
  const { rows } = await db.query(`select to_regclass('student_counts') is not null as has`);
  if (!rows[0]?.has) return;
  await db.query(`delete from student_counts`);
  await db.query(
    `insert into student_counts (approval_status, student_type, n)
     select approval_status, student_type, count(*) from students group by 1, 2`,
  );
  // the statistics' course figures and students of each year (migration 0021, decision 062)
  const { rows: kept } = await db.query(`select to_regproc('manabi_statistics_recount') is not null as has`);
  if (kept[0]?.has) await db.query(`select manabi_statistics_recount()`);
}

/** The fixtures a built dataset recorded, or null when it was not built by the bench. */
export async function readFixtures(db) {
  const { rows } = await db
    .query(`select value from bench_meta where key = 'dataset' and to_regclass('bench_meta') is not null`)
    .catch(() => ({ rows: [] }));
  const v = rows[0]?.value;
  return typeof v === 'string' ? JSON.parse(v) : (v ?? null);
}
