import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Db } from '../db/client';
import type { ReplicaOptions } from '../db/read-replica';
import { createTestDatabase, type TestDatabase } from './db';
import { makeAdmin, makeStudent } from './factories';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** a read replica's options (decision 073; PostgreSQL only) */
  replica?: ReplicaOptions;
  /** the handle of the reads that may lag, made from the test's database; default its `readDb` */
  readDb?: (database: TestDatabase) => Db;
  /** the app logs here (at LOG_LEVEL) when given; else it does not log */
  logStream?: NodeJS.WritableStream;
}

/** The real app on a throwaway database (no listen: requests go through `inject`). */
export async function createTestApp(
  env: Record<string, string> = {},
  { replica, readDb, logStream }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ replica });
  // no load shedding unless a test asks: the invariant tests fire a hundred calls at once on purpose
  const config = loadConfig({
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    MAX_IN_FLIGHT: '0',
    ...env,
  } as NodeJS.ProcessEnv);
  const app = await buildApp({
    config,
    db: database.db,
    readDb: readDb ? readDb(database) : database.readDb,
    serveWeb: false,
    logger: logStream !== undefined,
    logStream,
    poolStats: database.poolStats,
  });
  await app.ready();
  // as server.ts does: the replica's state changes go to the app's log
  database.replica?.start(app.log);
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Same-origin JSON POST, as the browser app sends it. */
export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:80',
      ...(cookie ? { cookie } : {}),
    },
  });
}

export function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function cookieFrom(res: Awaited<ReturnType<typeof post>>, name: string): string {
  const c = res.cookies.find((x) => x.name === name);
  if (!c) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  return `${name}=${c.value}`;
}

export async function loginAsAdmin(app: FastifyInstance, loginId = 'admin', password = 'adminpass1') {
  const res = await post(app, '/api/auth/admin/login/', { login_id: loginId, password });
  return cookieFrom(res, 'manabi_admin');
}

export async function loginAsStudent(app: FastifyInstance, loginId = '24040001', password = 'student01') {
  const res = await post(app, '/api/auth/mypage/login/', { login_id: loginId, password });
  return cookieFrom(res, 'manabi_mypage');
}

/** The callers every permission test needs, logged in: a full admin, an authority-2 admin of U01, a student. */
export interface Cast {
  /** `admin` / adminpass1, authority 1 */
  admin: string;
  /** `univ01` / univpass01, authority 2, university U01 */
  univ: string;
  /** student 24040001 / student01 */
  student: string;
}

/** Creates and logs in the {@link Cast} (`student` overrides the student's columns). */
export async function makeCast(
  t: TestApp,
  { student = {} }: { student?: Parameters<typeof makeStudent>[1] } = {},
): Promise<Cast> {
  await makeAdmin(t.db, { loginId: 'admin' });
  await makeAdmin(t.db, { loginId: 'univ01', password: 'univpass01', authority: 2, universityId: 'U01' });
  await makeStudent(t.db, { loginId: '24040001', ...student });
  return {
    admin: await loginAsAdmin(t.app),
    univ: await loginAsAdmin(t.app, 'univ01', 'univpass01'),
    student: await loginAsStudent(t.app),
  };
}
