/**
 * The reads that may lag and the one handle they take (decision 073): which routes read through `readDb`,
 * that no seat-deciding call ever does, and that a replica out of reach costs a read nothing but one line in
 * the log.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import type { Db } from './db/client';
import * as schema from './db/schema';
import { courseApplications } from './db/schema';
import {
  type Cast,
  createTestApp,
  get,
  loginAsAdmin,
  loginAsStudent,
  makeCast,
  post,
  type TestApp,
} from './test/app';
import type { TestDatabase } from './test/db';
import { makeCourse, makeStudent } from './test/factories';

const SRC = join(import.meta.dirname);

/** Every .ts file under src but the tests. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('/test/') ? [path] : [];
  });
}

describe('REPLICA_DATABASE_URL', () => {
  it('is refused without DATABASE_URL, with a message that says what to set', () => {
    const alone = () => loadConfig({ REPLICA_DATABASE_URL: 'postgres://reader@replica:5432/manabi' });
    expect(alone).toThrow(ConfigError);
    expect(alone).toThrow(/REPLICA_DATABASE_URL is set but DATABASE_URL is not/);
  });

  it('is taken with DATABASE_URL; unset, there is no replica', () => {
    const both = loadConfig({
      DATABASE_URL: 'postgres://manabi@primary:5432/manabi',
      REPLICA_DATABASE_URL: 'postgres://reader@replica:5432/manabi',
    });
    expect(both).toMatchObject({
      replicaDatabaseUrl: 'postgres://reader@replica:5432/manabi',
      replicaMaxLagSeconds: 10,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://manabi@primary:5432/manabi' }).replicaDatabaseUrl,
    ).toBeUndefined();
  });
});

describe('the seam: who may take the read handle', () => {
  it('only the statistics, audit and payment-report routes and the roster CSV take readDb (plus the wiring that hands it over)', () => {
    const uses = Object.fromEntries(
      sources()
        .map((path) => [relative(SRC, path), readFileSync(path, 'utf8').match(/\breadDb\b/g)?.length ?? 0])
        .filter(([, n]) => (n as number) > 0),
    );
    expect(uses).toEqual({
      // the wiring: opened with the database, handed to the app, decorated on deps
      'db/client.ts': expect.any(Number),
      'server.ts': 2,
      'app.ts': expect.any(Number),
      'plugins/app/deps.ts': expect.any(Number),
      'platform/context.ts': expect.any(Number),
      // the reads decision 073 lets lag: nothing else
      'modules/statistics/statistics.routes.ts': 1,
      'modules/audit/audit.routes.ts': 1,
      'modules/students/students-list.routes.ts': 2,
      // the books of a fiscal year (the report and its CSV): a summary the office reads, as the statistics are
      'modules/payments/payments.routes.ts': 3,
    });
    // server.ts hands it to the app and nowhere else: the job runner and the housekeeping take the primary
    expect(readFileSync(join(SRC, 'server.ts'), 'utf8')).toContain('readDb: database.readDb');
  });
});

/**
 * A read handle over the test's own database that records every statement sent through it. On PostgreSQL its
 * connections are read-only, as a standby's are: a write through it fails.
 */
function recordingHandle(statements: string[]) {
  const logger = { logQuery: (query: string) => void statements.push(query) };
  let pool: pg.Pool | undefined;
  return {
    make(database: TestDatabase): Db {
      if (database.kind === 'pglite') {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        return drizzlePglite({ client, schema, logger }) as unknown as Db;
      }
      pool = new pg.Pool({
        connectionString: database.url,
        max: 2,
        options: '-c default_transaction_read_only=on',
      });
      // the test's database is dropped WITH (FORCE) at the end: its idle connections are cut then
      pool.on('error', () => {});
      return drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    },
    close: () => pool?.end(),
  };
}

describe('which calls read through the handle', () => {
  const statements: string[] = [];
  const handle = recordingHandle(statements);
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp({}, { readDb: handle.make });
    cast = await makeCast(t);
  });
  afterAll(async () => {
    await handle.close();
    await t.close();
  });

  /** How many statements `call` sent through the read handle. */
  const readsOf = async (call: () => Promise<{ statusCode: number }>, status = 200) => {
    statements.length = 0;
    const res = await call();
    expect(res.statusCode).toBe(status);
    return statements.length;
  };

  it('statistics, the audit viewer and the roster CSV read through it (read-only, as on a standby)', async () => {
    const fy = new Date().getFullYear();
    for (const path of ['summary', 'groups', 'sessions', 'students', 'trends']) {
      expect(
        await readsOf(() => get(t.app, `/api/admin/statistics/${path}/?fy=${fy}`, cast.admin)),
      ).toBeGreaterThan(0);
    }
    expect(
      await readsOf(() => get(t.app, `/api/admin/statistics/csv/?fy=${fy}&table=courses`, cast.admin)),
    ).toBeGreaterThan(0);
    expect(await readsOf(() => get(t.app, '/api/admin/audit/list/', cast.admin))).toBeGreaterThan(0);
    expect(await readsOf(() => get(t.app, '/api/admin/audit/list/csv/', cast.admin))).toBeGreaterThan(0);
    expect(await readsOf(() => get(t.app, '/api/admin/student/list/csv/', cast.admin))).toBeGreaterThan(0);
  });

  it('a seat is never decided through it: apply, cancel, draw, confirm, the office cancel and its promotion', async () => {
    const day = 86_400_000;
    const course = await makeCourse(t.db, {
      periodFrom: new Date(Date.now() - day),
      periodTo: new Date(Date.now() + day),
      status: '1',
      capacity: 10,
    });
    const people = [];
    for (const n of [1, 2, 3, 4]) {
      const s = await makeStudent(t.db, { loginId: `2409000${n}` });
      people.push({ ...s, cookie: await loginAsStudent(t.app, `2409000${n}`) });
    }
    statements.length = 0;
    for (const p of people) {
      const res = await post(
        t.app,
        '/api/mypage/courseapplication/',
        { course_id: String(course.id), is_dont_canncel: '0' },
        p.cookie,
      );
      expect(res.statusCode).toBe(200);
    }
    // the fourth changes their mind: the cancel screen, then the cancel
    const view = (await get(t.app, `/api/mypage/coursecancel/?id=${course.id}`, people[3]!.cookie)).json();
    const cancelled = await post(
      t.app,
      '/api/mypage/coursecancel/cancel/',
      { course_id: String(course.id), course_name: view.course_name, updated_at: view.updated_at },
      people[3]!.cookie,
    );
    expect(cancelled.statusCode).toBe(200);
    // one wins, the other two wait on the list; drawn while the period is open, with the reason given
    const drawn = await post(
      t.app,
      '/api/admin/courseapplicantlist/lottery/',
      { id: course.id, win_num: '1', waitlist: '1', confirm_days: '7', override_reason: '読み取り先の確認' },
      cast.admin,
    );
    expect(drawn.json()).toMatchObject({ result: true, win_count: 1, wait_count: 2 });
    const rows = () =>
      t.db.select().from(courseApplications).where(eq(courseApplications.courseId, course.id));
    const winner = (await rows()).find((a) => a.lotteryStatus === '2')!;
    const who = people.find((p) => p.id === winner.studentId)!;
    const detail = (await get(t.app, `/api/mypage/course/?id=${course.id}`, who.cookie)).json();
    const confirmed = await post(
      t.app,
      '/api/mypage/courseconfirm/',
      { course_id: course.id, updated_at: detail.application_updated_at },
      who.cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    // the office cancels the confirmed winner: the top of the waitlist is promoted in the same transaction
    const now = (await rows()).find((a) => a.id === winner.id)!;
    const officeCancel = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: course.id, user_id: now.studentId, updated_at: now.updatedAt.toISOString() },
      cast.admin,
    );
    expect(officeCancel.statusCode).toBe(200);
    expect((await rows()).filter((a) => a.lotteryStatus === '2' && a.cancelledAt === null)).toHaveLength(1);
    // and the applicant list and its CSV, read right after a draw, stay on the primary too
    await get(t.app, `/api/admin/courseapplicantlist/?id=${course.id}`, cast.admin);
    await get(t.app, `/api/admin/courseapplicantlist/csv/?id=${course.id}`, cast.admin);
    expect(statements).toEqual([]);
  });
});

/** A port on 127.0.0.1 nobody listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a replica out of reach (PostgreSQL)', () => {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const port = await closedPort();
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      // a password in the URL, to prove the log never shows it
      {
        replica: { url: `postgres://reader:s3cret-pw@127.0.0.1:${port}/manabi`, maxLagSeconds: 0 },
        logStream,
      },
    );
    await makeCast(t);
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('statistics, the audit viewer and the roster CSV answer from the primary; the log has one warning', async () => {
    const fy = new Date().getFullYear();
    for (let i = 0; i < 3; i++) {
      const summary = await get(t.app, `/api/admin/statistics/summary/?fy=${fy}`, admin);
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toHaveProperty('figures');
    }
    expect((await get(t.app, '/api/admin/audit/list/', admin)).statusCode).toBe(200);
    const csv = await get(t.app, '/api/admin/student/list/csv/', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('24040001');
    expect(t.database.replica?.state).toBe('unreachable');
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('read replica unreachable');
    expect(JSON.stringify(lines)).not.toContain('s3cret-pw');
    // a probe that finds it still down adds nothing
    await t.database.replica?.probe();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
  });
});
