// The anchor, measured in the same run as the app: a closed loop of 50 connections against
// ../anchor-server.mjs. On PostgreSQL it reads the dataset's own students table; a PGlite run has no
// PostgreSQL dataset, so it reads a scratch table of as many rows on the local PostgreSQL instead.
import { fork } from 'node:child_process';
import { createDatabase, openPostgres, scratchName } from '../dataset/db.mjs';
import { cpuSeconds, pgCpuMeter } from '../lib/cpu.mjs';
import { closedLoop } from '../lib/load.mjs';

const SERVER = new URL('../anchor-server.mjs', import.meta.url);
const SCENARIO = new URL('../scenarios/anchor.mjs', import.meta.url);

/** A scratch database with a students table of `rows` rows (PK id), for runs whose dataset is in PGlite. */
export async function prepareAnchorDatabase(url, rows) {
  await createDatabase(url);
  const db = await openPostgres(url);
  try {
    await db.query(
      `create table students (id int primary key, login_id varchar(8), name varchar(30), name_kana varchar(30))`,
    );
    await db.query(
      `insert into students select g, lpad(g::text, 8, '0'), '佐藤 花子', 'サトウ ハナコ' from generate_series(1, $1::int) g`,
      [rows],
    );
    await db.query('vacuum analyze students');
  } finally {
    await db.close();
  }
}

export async function measureAnchor({ url, port, seconds, maxId, connections = 50 }) {
  const child = fork(SERVER, [], {
    env: { PATH: process.env.PATH, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`anchor server exited with ${code}`)));
  });
  try {
    const cpu0 = cpuSeconds(child.pid);
    const pgCpu = pgCpuMeter(scratchName(url));
    const r = await closedLoop({
      port,
      scenario: SCENARIO,
      params: { host: `127.0.0.1:${port}`, maxId },
      connections,
      seconds,
    });
    // per request, over the warm-up second too (the CPU counters cannot tell it apart)
    const requests = r.rps * (seconds + 1);
    return {
      ...r,
      cpuMs: { server: ((cpuSeconds(child.pid) - cpu0) * 1000) / requests, db: (pgCpu() * 1000) / requests },
    };
  } finally {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
}
