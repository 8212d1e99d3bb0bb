// What the my-page costs a browser: bytes, requests and the time to first render of
// /mypage/login (logged out) and /mypage/top (logged in), each cold (a new browser context: no cache, no
// storage), against a bare HTML page served by the same server (/bench-blank.html), in Debian's Chromium.
//   node bench/frontend.mjs [baseURL] [runs]        (default http://127.0.0.1:3000, 3 runs; --json for JSON)
// The app must be running with the demo data (SEED_DEMO=1): the top page is opened as student 24040001.
// As a module: `measureFrontend(baseUrl, { studentLogin, runs })` resolves the same figures.
//
// Per page and run:
// - requests: every request the page made until the network was idle (the document included)
// - transferredBytes: bytes on the wire (headers + body as sent, i.e. compressed when it was), from the
//   DevTools protocol's Network.loadingFinished encodedDataLength
// - jsBytes / jsTransferredBytes / jsGzipBytes: the page's JavaScript decoded, as transferred, and gzipped
//   here at level 9 (the figure the bar is written in, whatever the server sent)
// - firstRenderMs: from the start of navigation to the first animation frame after the page's h1 is in the
//   document with its text (recorded by a script the browser runs before the page's own: no CSP change)
// - fcpMs: first-contentful-paint (for the app that may be the spinner shown while the session is checked)
// - dataMs (top only): when the GET /api/mypage/top/ answer had arrived (Resource Timing responseEnd)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, DEMO_STUDENT, studentCookie } from '../scripts/lib/demo-app.mjs';

/** The pages measured: the bare anchor, the login page, the top page; each with the h1 that means "rendered". */
const PAGES = [
  { key: 'blank', path: '/bench-blank.html', h1: 'まなび', loggedIn: false },
  { key: 'login', path: '/mypage/login', h1: 'マイページ ログイン', loggedIn: false },
  { key: 'top', path: '/mypage/top', h1: 'マイページ トップ', loggedIn: true },
];

/**
 * Runs before any script of the page: notes the first frame after an h1 with the expected text is in the
 * document, and the first-contentful-paint.
 */
function probe(expectedH1) {
  const marks = { firstRender: null, fcp: null, appStart: null };
  Object.defineProperty(window, '__benchMarks', { value: marks });
  const seen = () => {
    const h1 = document.querySelector('h1');
    return h1 !== null && h1.textContent.trim() === expectedH1;
  };
  const observer = new MutationObserver(() => {
    if (marks.appStart === null && document.getElementById('root')?.firstChild)
      marks.appStart = performance.now();
    if (marks.firstRender !== null || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      marks.firstRender = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
}

async function loginCookie(baseUrl, studentLogin) {
  const cookie = await studentCookie(baseUrl, studentLogin);
  const eq = cookie.indexOf('=');
  return { name: cookie.slice(0, eq), value: cookie.slice(eq + 1) };
}

/** One cold visit of `page` in a new context: its figures. */
async function visit(browser, baseUrl, page, cookie) {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  try {
    if (page.loggedIn) await context.addCookies([{ ...cookie, url: baseUrl }]);
    await context.addInitScript(probe, page.h1);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    const requests = new Map();
    let t0;
    cdp.on('Network.requestWillBeSent', ({ requestId, request, type, timestamp }) => {
      t0 ??= timestamp;
      requests.set(requestId, {
        url: request.url,
        type,
        transferred: 0,
        finished: false,
        startMs: (timestamp - t0) * 1000,
      });
    });
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const r = requests.get(requestId);
      if (r) {
        r.mimeType = response.mimeType;
        r.status = response.status;
        r.encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '';
      }
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      const r = requests.get(requestId);
      if (r)
        Object.assign(r, { transferred: encodedDataLength, finished: true, endMs: (timestamp - t0) * 1000 });
    });
    const bodies = [];
    tab.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (/javascript/.test(type)) {
        bodies.push(
          response.body().then(
            (body) => ({ url: response.url(), body }),
            () => ({ url: response.url(), body: Buffer.alloc(0) }),
          ),
        );
      }
    });

    await tab.goto(baseUrl + page.path, { waitUntil: 'load' });
    await tab.waitForFunction(() => window.__benchMarks.firstRender !== null, undefined, { timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    const marks = await tab.evaluate(() => ({
      ...window.__benchMarks,
      dataMs: performance.getEntriesByType('resource').find((e) => e.name.includes('/api/mypage/top/'))
        ?.responseEnd,
      sessionMs: performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/auth/mypage/session/'))?.responseEnd,
      domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
      path: location.pathname,
    }));
    if (marks.path !== page.path) throw new Error(`${page.path} ended on ${marks.path}`);

    const js = await Promise.all(bodies);
    const all = [...requests.values()];
    const jsRequests = all.filter((r) => /javascript/.test(r.mimeType ?? ''));
    return {
      requests: all.length,
      transferredBytes: sum(all.map((r) => r.transferred)),
      jsRequests: jsRequests.length,
      jsBytes: sum(js.map((j) => j.body.length)),
      jsTransferredBytes: sum(jsRequests.map((r) => r.transferred)),
      jsGzipBytes: sum(js.map((j) => gzipSync(j.body, { level: 9 }).length)),
      jsEncodings: [...new Set(jsRequests.map((r) => r.encoding || 'identity'))].join(','),
      firstRenderMs: round(marks.firstRender),
      fcpMs: round(marks.fcp),
      dataMs: marks.dataMs === undefined ? null : round(marks.dataMs),
      // when the app's script had run: DOMContentLoaded (module scripts run before it), the app's first
      // element in #root, the session check's answer
      domContentLoadedMs: round(marks.domContentLoaded),
      appStartMs: round(marks.appStart),
      sessionMs: marks.sessionMs === undefined ? null : round(marks.sessionMs),
      // the waterfall: start → end in ms from the document's request, status, encoding, bytes on the wire
      urls: all.map(
        (r) =>
          `${r.startMs.toFixed(0).padStart(5)} → ${(r.endMs ?? Number.NaN).toFixed(0).padStart(5)} ms  ${r.status ?? '-'} ${(r.encoding || 'identity').padEnd(8)} ${String(r.transferred).padStart(7)}  ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
      ),
    };
  } finally {
    await context.close();
  }
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const round = (x) => (x === null || x === undefined ? null : Math.round(x * 10) / 10);
function median(xs) {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const FIGURES = [
  'requests',
  'transferredBytes',
  'jsRequests',
  'jsBytes',
  'jsTransferredBytes',
  'jsGzipBytes',
  'firstRenderMs',
  'fcpMs',
  'dataMs',
  'domContentLoadedMs',
  'appStartMs',
  'sessionMs',
];

/**
 * Measures the three pages `runs` times each (rounds of blank, login, top after one unrecorded warm-up
 * round that starts the browser's own machinery). Resolves per page the runs and their medians, and the
 * ratios of the app pages' first render to the blank page's.
 */
export async function measureFrontend(baseUrl, { studentLogin = DEMO_STUDENT, runs = 3 } = {}) {
  const base = baseUrl.replace(/\/$/, '');
  const cookie = await loginCookie(base, studentLogin);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const results = Object.fromEntries(PAGES.map((p) => [p.key, { path: p.path, runs: [] }]));
    for (const page of PAGES) await visit(browser, base, page, cookie);
    for (let i = 0; i < runs; i++) {
      for (const page of PAGES) results[page.key].runs.push(await visit(browser, base, page, cookie));
    }
    for (const page of PAGES) {
      const r = results[page.key];
      r.median = Object.fromEntries(FIGURES.map((f) => [f, median(r.runs.map((run) => run[f]))]));
      r.jsEncodings = r.runs[0].jsEncodings;
      r.urls = r.runs[0].urls;
    }
    const r2 = (x) => Math.round(x * 100) / 100;
    const ratio = (key) => r2(results[key].median.firstRenderMs / results.blank.median.firstRenderMs);
    // each round opens the three pages one after the other: a page's ratio to the blank page of its own
    // round cancels some of the drift of a shared machine
    const perRound = (key) =>
      r2(median(results[key].runs.map((run, i) => run.firstRenderMs / results.blank.runs[i].firstRenderMs)));
    return {
      baseUrl: base,
      browser: browser.version(),
      runs,
      pages: results,
      ratios: {
        loginFirstRender: ratio('login'),
        topFirstRender: ratio('top'),
        loginFirstRenderPerRound: perRound('login'),
        topFirstRenderPerRound: perRound('top'),
      },
    };
  } finally {
    await browser.close();
  }
}

const kib = (n) => (n === null ? '–' : (n / 1024).toFixed(1));

function print(result) {
  console.log(`${result.baseUrl}, Chromium ${result.browser}, cold, median of ${result.runs} runs`);
  const head = [
    'page'.padEnd(18),
    'req'.padStart(4),
    'wire KiB'.padStart(9),
    'JS KiB'.padStart(7),
    'JS wire'.padStart(8),
    'JS gzip'.padStart(8),
    'JS enc'.padStart(9),
    'render ms'.padStart(10),
    'FCP ms'.padStart(7),
    'data ms'.padStart(8),
    '× blank'.padStart(8),
  ];
  console.log(head.join(' '));
  for (const [key, page] of Object.entries(result.pages)) {
    const m = page.median;
    const ratio = key === 'blank' ? 1 : m.firstRenderMs / result.pages.blank.median.firstRenderMs;
    console.log(
      [
        page.path.padEnd(18),
        String(m.requests).padStart(4),
        kib(m.transferredBytes).padStart(9),
        kib(m.jsBytes).padStart(7),
        kib(m.jsTransferredBytes).padStart(8),
        kib(m.jsGzipBytes).padStart(8),
        (page.jsEncodings || '–').padStart(9),
        String(m.firstRenderMs).padStart(10),
        String(m.fcpMs ?? '–').padStart(7),
        String(m.dataMs ?? '–').padStart(8),
        ratio.toFixed(2).padStart(8),
      ].join(' '),
    );
  }
  console.log(
    `  first render ÷ the blank page of the same round (median): login ${result.ratios.loginFirstRenderPerRound}, top ${result.ratios.topFirstRenderPerRound}`,
  );
  for (const [key, page] of Object.entries(result.pages)) {
    const m = page.median;
    console.log(
      `  ${key}: first render per run ${page.runs.map((r) => r.firstRenderMs).join(', ')} ms; median DOMContentLoaded ${m.domContentLoadedMs}, app's first element ${m.appStartMs ?? '–'}, session answered ${m.sessionMs ?? '–'} ms`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const base = args[0] ?? 'http://127.0.0.1:3000';
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\/?$/.test(base)) {
    console.error('bench only targets this machine (loopback addresses)');
    process.exit(2);
  }
  const result = await measureFrontend(base, { runs: Number(args[1] ?? 3) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    print(result);
    if (process.argv.includes('--urls')) {
      for (const [key, page] of Object.entries(result.pages)) {
        console.log(`\n${key}:`);
        for (const line of page.urls) console.log(`  ${line}`);
      }
    }
  }
}
