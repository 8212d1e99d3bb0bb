// Load benchmark of the hot read paths against a running Manabi (loopback only, bounded in time).
//   npm start   (in another terminal)   then   npm run bench [-- http://127.0.0.1:3000 10 20 100000]
// args: base URL, seconds per endpoint (default 10), concurrent connections (default 20), and the size of
// the student roll for the admin student cases (default 0: skipped). With a size, the roll is first topped
// up to it through the CSV upload (generated students, numbers 1000xxxx…; run it on a scratch database).
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 20);
const rollSize = Number(process.argv[5] ?? 0);
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) {
  console.error('bench only targets this machine (loopback addresses)');
  process.exit(2);
}

async function login(area, body) {
  const res = await fetch(`${base}/api/auth/${area}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`login ${area} failed: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

async function run(name, path, cookie) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const res = await fetch(base + path, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) errors++;
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  console.log(
    `${name.padEnd(28)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  p99 ${pct(0.99)} ms  errors ${errors}`,
  );
}

const student = await login('mypage', { login_id: '24040001', password: 'student01' });
const admin = await login('admin', { login_id: 'admin', password: 'adminpass1' });
console.log(`${base}, ${connections} connections, ${seconds} s each`);
await run('GET /api/health', '/api/health', '');
await run('GET /api/mypage/top/', '/api/mypage/top/', student);
await run('GET /api/mypage/newslist/ type=1', '/api/mypage/newslist/?type=1', student);
await run('GET /api/admin/notice/category/list/', '/api/admin/notice/category/list/', admin);

// ---- admin students at the size of the roll (issue 4: list paged on the server, duplicate search) ----

const SURNAMES =
  '佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水 山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本'.split(
    ' ',
  );
const GIVEN =
  '花子 太郎 一郎 和子 健一 誠 洋子 幸子 博 明 節子 清 茂 京子 正 勝 恵子 実 豊 弘子 進 悦子 隆 美智子 修 久美子 稔 典子 武 由美子'.split(
    ' ',
  );
const TOWNS =
  '港区芝公園 港区芝 港区三田 港区高輪 港区白金 港区白金台 港区南麻布 港区元麻布 港区西麻布 港区六本木 港区赤坂 港区南青山 港区北青山 港区虎ノ門 港区新橋 港区浜松町 港区海岸 港区芝浦 港区港南 港区台場'.split(
    ' ',
  );
const pick = (list, i) => list[i % list.length];

/** Row i of the generated roll: 1200 names, 20 towns, birthdays over 1935–1964 (≈ 10 950 days). */
function studentCsvRow(i) {
  const gen = String(1000 + Math.floor(i / 10000));
  const day = new Date(Date.UTC(1935, 0, 1) + ((i * 7919) % 10950) * 86400000).toISOString().slice(0, 10);
  const name = `${pick(SURNAMES, i)} ${pick(GIVEN, Math.floor(i / SURNAMES.length))}`;
  return [
    `${gen}${String(i % 10000).padStart(4, '0')}`,
    gen,
    name,
    pick(TOWNS, Math.floor(i / 7)),
    '1-1',
    day,
    '03-1234-5678',
    '2024-04-01',
  ].join(',');
}

async function api(path, cookie, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { cookie, origin: base, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function topUpRoll(size) {
  const { total } = await api('/api/admin/student/list/?size=10', admin);
  if (total >= size) return total;
  const header = '学生番号,期生ID,氏名,町名,番地,生年月日,電話番号1,申込日';
  const CHUNK = 10000;
  for (let from = 0; from < size - total; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, size - total - from) }, (_, k) =>
      studentCsvRow(from + k),
    );
    const csv = `${header}\r\n${rows.join('\r\n')}\r\n`;
    const t = performance.now();
    const answer = await api('/api/admin/student/upload/', admin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        student: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`,
        student_type: '1',
      }),
    });
    console.log(
      `upload of ${rows.length} students: ${(performance.now() - t).toFixed(0)} ms (${answer.msg.slice(0, 40)})`,
    );
  }
  return (await api('/api/admin/student/list/?size=10', admin)).total;
}

if (rollSize > 0) {
  const roll = await topUpRoll(rollSize);
  const pending = await api('/api/admin/student/list/?approval_status=0&size=10', admin);
  const target = pending.data_list[0];
  console.log(
    `admin students: ${roll} students; duplicate target ${target?.name} (user_id ${target?.user_id})`,
  );
  await run('GET student/list/ page 1', '/api/admin/student/list/', admin);
  await run('GET student/list/ sort=name p500', '/api/admin/student/list/?sort=name&page=500', admin);
  await run(
    'GET student/list/ name contains',
    `/api/admin/student/list/?name=${encodeURIComponent('花子')}`,
    admin,
  );
  await run('GET student/unapploval/count/', '/api/admin/student/unapploval/count/', admin);
  if (target) {
    const d = await api(`/api/admin/student/duplicate/?user_id=${target.user_id}`, admin);
    console.log(`duplicate groups of ${target.user_id}: ${JSON.stringify(d.counts)}`);
    await run('GET student/duplicate/', `/api/admin/student/duplicate/?user_id=${target.user_id}`, admin);
  }
}
