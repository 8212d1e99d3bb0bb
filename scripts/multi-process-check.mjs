// Two app processes on two ports share one PostgreSQL database: a session created on one is used on
// the other, and a logout on the other ends it for both (sessions live in the database).
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
const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };

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
