// Does the password-reset request (POST /api/mypage/login/sendmail/) tell by its answer time whether a
// 学生番号 exists? N pairs of requests against the app in process (inject: no network, so nothing but the
// app's own work is timed), each pair a known and an unknown 学生番号 in a random order, the outbox drained
// between requests so that mail left behind by one does not slow the next. Three probes:
//   wrong — a known id with a wrong address (what a stranger can try)
//   own   — a known id with its own address (a mail is queued: a fresh student each time, so the hourly
//           allowance never runs out)
//   held  — a known id with its own address past the hourly allowance (no mail)
// Each reports the median of each side, their difference, and a classifier's accuracy: a threshold halfway
// between the two medians of the first half of the pairs, tried on the second half (50 % means the time tells
// nothing; 100 % that it tells every time).
//
//   node bench/reset-timing.mjs [--pairs 400] [--probes wrong,own,held] [--db postgres://…/postgres]
//
// Without --db the database is PGlite in memory, as in the tests; with it, a throwaway database on that server.
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '400' },
    probes: { type: 'string', default: 'wrong,own,held' },
    db: { type: 'string' },
  },
});
const PAIRS = Number(args.pairs);
const WARM = 50;
if (args.db) process.env.TEST_DATABASE_URL = args.db;

const server = (path) => tsImport(`../packages/server/src/${path}`, import.meta.url);
const { createTestApp } = await server('test/app.ts');
const { students } = await server('db/schema/index.ts');
const { hashPassword } = await server('platform/crypto.ts');

const t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' });
const passwordHash = await hashPassword('student01');
let serial = 0;
/** A fresh approved student with a mail address; its 学生番号 and address. */
async function student() {
  serial += 1;
  const loginId = `3${String(serial).padStart(7, '0')}`;
  const mail = `s${serial}@example.jp`;
  await t.db.insert(students).values({
    loginId,
    generationId: loginId.slice(0, 4),
    name: `計測 ${serial}`,
    nameKana: `ケイソク ${serial}`,
    birthday: '1960-01-01',
    approvalStatus: '1',
    dateIssue: '2024-04-01',
    mail1: mail,
    passwordHash,
  });
  return { login_id: loginId, mail_address: mail };
}

async function timed(body) {
  const t0 = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mypage/login/sendmail/',
    payload: body,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
  });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200 || res.body !== '{"result":true}')
    throw new Error(`${res.statusCode} ${res.body}`);
  await t.app.deps.mailer.flush();
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The threshold of the first half's medians, tried on the second half: the share it classifies right. */
function accuracy(known, unknown) {
  const half = known.length >> 1;
  const mk = median(known.slice(0, half));
  const mu = median(unknown.slice(0, half));
  const cut = (mk + mu) / 2;
  const saysKnown = (ms) => (mk >= mu ? ms > cut : ms < cut);
  const right =
    known.slice(half).filter(saysKnown).length + unknown.slice(half).filter((ms) => !saysKnown(ms)).length;
  return right / (known.length - half + unknown.length - half);
}

async function probe(name) {
  const fixed = await student();
  let unknownSerial = 0;
  const knownBody = async () => {
    if (name === 'wrong') return { login_id: fixed.login_id, mail_address: 'nobody@example.jp' };
    if (name === 'own') return student();
    return fixed; // held: past the allowance after the warm-up's first three
  };
  const unknownBody = (mail) => {
    unknownSerial += 1;
    return { login_id: `9${String(unknownSerial).padStart(7, '0')}`, mail_address: mail };
  };
  const known = [];
  const unknown = [];
  for (let i = 0; i < WARM + PAIRS; i++) {
    const k = await knownBody();
    const u = unknownBody(k.mail_address);
    const knownFirst = Math.random() < 0.5;
    const a = await timed(knownFirst ? k : u);
    const b = await timed(knownFirst ? u : k);
    if (i < WARM) continue;
    known.push(knownFirst ? a : b);
    unknown.push(knownFirst ? b : a);
  }
  const mk = median(known);
  const mu = median(unknown);
  console.log(
    `${name.padEnd(5)}  known ${mk.toFixed(3)} ms  unknown ${mu.toFixed(3)} ms  difference ${(mk - mu).toFixed(3)} ms  classifier ${(accuracy(known, unknown) * 100).toFixed(1)} %`,
  );
}

console.log(
  `reset-timing: ${PAIRS} pairs a probe after ${WARM} to warm up, on ${args.db ? 'PostgreSQL' : 'PGlite in memory'}`,
);
for (const name of args.probes.split(',')) await probe(name);
await t.close();
