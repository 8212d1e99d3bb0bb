// Load benchmark of the hot read paths against a running Manabi (loopback only, bounded in time).
//   npm start   (in another terminal)   then   npm run bench [-- http://127.0.0.1:3000 10 20]
// args: base URL, seconds per endpoint (default 10), concurrent connections (default 20).
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 20);
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
