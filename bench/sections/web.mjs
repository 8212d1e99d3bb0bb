// The my-page in a browser: the JavaScript /mypage/login and /mypage/top load (raw, gzip -9 as a build
// would precompress it, and what the server really sends when asked for br/gzip), and the first render
// of /mypage/top in a cold headless Chromium against a bare HTML page served by the same server.
// Debian's Chromium through @playwright/test, as the browser journeys run it.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BARE_PATH } from '../lib/app.mjs';

const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
/** The top page's notices: its data has arrived and rendered. */
const TOP_DATA = 'a[href^="/mypage/news/"]';
// cold starts of a browser on this shared machine vary by half: the median of 3 moved 1.3–2.1× between runs
const SAMPLES = 7;

const cookieOf = (base, cookie) => {
  const [name, value] = cookie.split('=');
  return { name, value, url: base };
};

/** GET with an Accept-Encoding; answers the body's bytes as sent and its Content-Encoding. */
function fetchRaw(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'none' }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The scripts a page loads until the network is quiet. */
async function scriptsOf(browser, base, path, cookie) {
  const context = await browser.newContext();
  if (cookie) await context.addCookies([cookieOf(base, cookie)]);
  const page = await context.newPage();
  const urls = new Set();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.add(req.url());
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { urls: [...urls], landed };
}

async function scriptBytes(urls) {
  let raw = 0;
  let gzip = 0;
  let sent = 0;
  const encodings = new Set();
  for (const url of urls) {
    const plain = await fetchRaw(url, 'identity');
    raw += plain.body.length;
    gzip += gzipSync(plain.body, { level: 9 }).length;
    const asked = await fetchRaw(url, 'br, gzip');
    sent += asked.body.length;
    encodings.add(asked.encoding);
  }
  return { files: urls.length, raw, gzip, sent, encodings: [...encodings] };
}

/** Milliseconds from navigation start to the first frame with an h1 (and with `dataSelector`, if given). */
async function renderOnce(base, path, cookie, dataSelector) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([cookieOf(base, cookie)]);
    await context.addInitScript((sel) => {
      const marks = {};
      window.__benchMarks = marks;
      const check = () => {
        if (marks.h1 === undefined && document.querySelector('h1')?.textContent?.trim())
          marks.h1 = performance.now();
        if (sel && marks.data === undefined && document.querySelector(sel)) marks.data = performance.now();
        if (marks.h1 === undefined || (sel && marks.data === undefined)) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, dataSelector ?? null);
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForFunction(
      (sel) => window.__benchMarks.h1 !== undefined && (!sel || window.__benchMarks.data !== undefined),
      dataSelector ?? null,
      { timeout: 30_000 },
    );
    return await page.evaluate(() => ({
      ...window.__benchMarks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
  } finally {
    await browser.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runWeb({ app, studentCookie, log }) {
  const browser = await chromium.launch(LAUNCH);
  const bytes = {};
  try {
    for (const [key, path, cookie] of [
      ['login', '/mypage/login', null],
      ['top', '/mypage/top', studentCookie],
    ]) {
      const { urls, landed } = await scriptsOf(browser, app.base, path, cookie);
      if (landed !== path) log(`  note: ${path} landed on ${landed}`);
      bytes[key] = { path, landed, ...(await scriptBytes(urls)) };
    }
  } finally {
    await browser.close();
  }
  const top = [];
  const bare = [];
  for (let i = 0; i < SAMPLES; i++) {
    bare.push(await renderOnce(app.base, BARE_PATH, null, null));
    top.push(await renderOnce(app.base, '/mypage/top', studentCookie, TOP_DATA));
  }
  const render = {
    top: median(top.map((m) => m.h1)),
    topData: median(top.map((m) => m.data)),
    topFcp: median(top.map((m) => m.fcp)),
    bare: median(bare.map((m) => m.h1)),
    bareFcp: median(bare.map((m) => m.fcp)),
    samples: SAMPLES,
  };
  log(
    `  render: top h1 ${render.top.toFixed(0)} ms, data ${render.topData.toFixed(0)} ms, bare ${render.bare.toFixed(0)} ms`,
  );
  return { bytes, render };
}
