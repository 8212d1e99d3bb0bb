// Uploads, exports and the lottery against a running Manabi, measured from outside (decision 021):
// the operation's time, the server's memory (VmRSS before and after, VmHWM = peak, from /proc/<pid>/status)
// and the event-loop stall as a client sees it: GET /api/health (a database round trip) and GET of an unrouted
// /api path (answered by the event loop alone) every 5 ms from another process while the operation runs,
// their p50 / p99 / max latency. Loopback only; each operation is one request or one walk.
//   node bench/csv.mjs <base URL> <server pid> <operation> [args]
// operations:
//   idle                      the health probe alone for 3 s (the floor)
//   upload <n> <first id>     a student CSV of n rows (every column), student numbers from <first id>
//   student-csv [query]       GET /api/admin/student/list/csv/?query (the streamed file)
//   student-pages [query]     the browser's old way: list pages of 100, at most 10 000 rows
//   applicant-csv <course id> GET /api/admin/courseapplicantlist/csv/?id=
//   applicant-json <course id> GET /api/admin/courseapplicantlist/?id= (what the browser built its CSV from)
//   lottery <course id> <win> POST /api/admin/courseapplicantlist/lottery/
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [base, pidArg, op, ...args] = process.argv.slice(2);
const pid = Number(pidArg);
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base ?? '') || !pid || !op) {
  console.error('usage: node bench/csv.mjs http://127.0.0.1:PORT <pid> <operation> [args] (loopback only)');
  process.exit(2);
}

const status = () => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
};
const resetPeak = () => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

async function login() {
  const res = await fetch(`${base}/api/auth/admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ login_id: 'admin', password: 'adminpass1' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

// the probe runs in its own process, so this one's work (building a 10 000-row body) never delays it
const PROBE = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const url = new URL(process.argv[1]);
// /api/health reads the database; an unrouted /api path answers 404 from the event loop alone
const paths = { health: '/api/health', loop: '/api/no-such-call/' };
const lat = { health: [], loop: [] };
let errors = 0;
const probe = (name) => {
  const t = performance.now();
  http.get({ host: url.hostname, port: url.port, path: paths[name], agent }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode >= 500) errors++; lat[name].push(performance.now() - t); });
  }).on('error', () => { errors++; });
};
const timer = setInterval(() => { probe('health'); probe('loop'); }, 5);
process.stdin.on('data', (d) => {
  if (String(d).includes('start')) { lat.health.length = 0; lat.loop.length = 0; errors = 0; return; }
  clearInterval(timer);
  setTimeout(() => { process.stdout.write(JSON.stringify({ lat, errors })); process.exit(0); }, 300);
});`;

function startProbe() {
  const child = spawn(process.execPath, ['-e', PROBE, base], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return {
    start: () => child.stdin.write('start'),
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve(JSON.parse(out)));
        child.stdin.write('stop');
      }),
  };
}

const SURNAMES =
  '佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水'.split(
    ' ',
  );
const GIVEN = '花子 太郎 一郎 和子 健一 誠 洋子 幸子 博 明 節子 清 茂 京子 正 勝 恵子 実 豊 弘子'.split(' ');
const KANA_S = 'サトウ スズキ タカハシ タナカ イトウ ワタナベ ヤマモト ナカムラ コバヤシ カトウ'.split(' ');
const KANA_G = 'ハナコ タロウ イチロウ カズコ ケンイチ マコト ヨウコ サチコ ヒロシ アキラ'.split(' ');
const TOWNS =
  '港区芝公園 港区芝 港区三田 港区高輪 港区白金 港区白金台 港区南麻布 港区元麻布 港区西麻布 港区六本木'.split(
    ' ',
  );
const pick = (list, i) => list[i % list.length];
const HEADER =
  '学生番号,期生ID,氏名,氏名カナ,郵便番号,都道府県,町名,丁目,番地,建物名,生年月日,性別,電話番号1,メールアドレス1,電話番号2,メールアドレス2,緊急連絡先氏名,緊急連絡先続柄,緊急連絡先電話番号,取得単位数,申込日,備考';

/** A student CSV of n rows with every column filled the way an office spreadsheet fills it. */
function studentCsv(n, firstId) {
  const lines = [HEADER];
  for (let k = 0; k < n; k++) {
    const id = String(firstId + k).padStart(8, '0');
    const i = firstId + k;
    const day = new Date(Date.UTC(1935, 0, 1) + ((i * 7919) % 10950) * 86400000).toISOString().slice(0, 10);
    lines.push(
      [
        id,
        id.slice(0, 4),
        `${pick(SURNAMES, i)} ${pick(GIVEN, Math.floor(i / 20))}`,
        `${pick(KANA_S, i)} ${pick(KANA_G, Math.floor(i / 10))}`,
        '105-0011',
        '東京都',
        pick(TOWNS, Math.floor(i / 7)),
        `${1 + (i % 5)}丁目`,
        `${1 + (i % 30)}-${1 + (i % 12)}`,
        i % 3 === 0 ? `まなびマンション${i % 100}号` : '',
        day,
        i % 2 === 0 ? '男性' : '女性',
        `03-${String(1000 + (i % 9000))}-${String(i % 10000).padStart(4, '0')}`,
        `s${id}@example.jp`,
        '',
        '',
        `${pick(SURNAMES, i)} ${pick(GIVEN, i + 3)}`,
        '長男',
        '090-1111-2222',
        String(i % 40),
        '2024-04-01',
        i % 10 === 0 ? '送迎あり、車いす利用' : '',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const cookie = await login();
const get = async (path) => {
  const res = await fetch(base + path, { headers: { cookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${path}: ${res.status} ${bytes.toString().slice(0, 200)}`);
  return bytes;
};

let body;
let work;
let note = '';
switch (op) {
  case 'idle':
    work = () => new Promise((r) => setTimeout(r, 3000));
    break;
  case 'upload': {
    const n = Number(args[0] ?? 10000);
    const csv = studentCsv(n, Number(args[1] ?? 50000000));
    body = JSON.stringify({
      student: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`,
      student_type: '1',
    });
    note = `${n} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MiB file`;
    work = async () => {
      const res = await fetch(`${base}/api/admin/student/upload/`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body,
      });
      const answer = await res.json();
      if (!res.ok)
        throw new Error(`upload ${res.status}: ${answer.msg ?? JSON.stringify(answer).slice(0, 300)}`);
      note += `; ${answer.msg.slice(0, 30)}`;
    };
    break;
  }
  case 'student-csv':
    work = async () => {
      const bytes = await get(`/api/admin/student/list/csv/?${args[0] ?? ''}`);
      note = `${bytes.toString('utf8').split('\r\n').length - 2} rows, ${(bytes.length / 1024 / 1024).toFixed(2)} MiB`;
    };
    break;
  case 'student-pages':
    work = async () => {
      let rows = 0;
      let requests = 0;
      for (let page = 1; rows < 10000; page++) {
        const answer = JSON.parse(
          await get(`/api/admin/student/list/?${args[0] ?? ''}&page=${page}&size=100`),
        );
        requests++;
        rows += answer.data_list.length;
        if (answer.page < page || rows >= answer.total || answer.data_list.length < 100) break;
      }
      note = `${rows} rows in ${requests} requests`;
    };
    break;
  case 'applicant-csv':
  case 'applicant-json':
    work = async () => {
      const path =
        op === 'applicant-csv' ? '/api/admin/courseapplicantlist/csv/' : '/api/admin/courseapplicantlist/';
      const bytes = await get(`${path}?id=${args[0]}&attendance_status=`);
      note = `${(bytes.length / 1024 / 1024).toFixed(2)} MiB`;
    };
    break;
  case 'lottery':
    work = async () => {
      const res = await fetch(`${base}/api/admin/courseapplicantlist/lottery/`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: Number(args[0]),
          win_num: String(args[1] ?? 100),
          // a course still taking applications is drawn early only with a stated reason (decision 034)
          override_reason: 'ベンチマークの測定',
        }),
      });
      const answer = await res.json();
      if (!res.ok) throw new Error(`lottery ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      note = `${answer.win_count} won, ${answer.lose_count} lost, ${answer.wait_count} waiting`;
    };
    break;
  default:
    console.error(`unknown operation ${op}`);
    process.exit(2);
}

const before = status();
const peakReset = resetPeak();
const probe = startProbe();
await new Promise((r) => setTimeout(r, 300));
probe.start();
const t0 = performance.now();
await work();
const ms = performance.now() - t0;
const { lat, errors } = await probe.stop();
const after = status();
const f = (x) => x.toFixed(1);
const summary = (xs) => {
  xs.sort((a, b) => a - b);
  const pct = (p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] : Number.NaN);
  return `p50 ${f(pct(0.5))} p99 ${f(pct(0.99))} max ${f(pct(1))}`;
};
console.log(
  `${op.padEnd(15)} ${f(ms).padStart(8)} ms | RSS ${f(before.rss)} → ${f(after.rss)} MiB, peak ${f(after.hwm)}${peakReset ? '' : ' (lifetime)'} (+${f(after.hwm - before.rss)}) | health (n=${lat.health.length}) ${summary(lat.health)} | loop ${summary(lat.loop)} ms${errors ? ` errors ${errors}` : ''} | ${note}`,
);
