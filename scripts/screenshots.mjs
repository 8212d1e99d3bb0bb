#!/usr/bin/env node
// README screenshots: the my-page as a 70-year-old reads it on a phone — 375 px, 文字サイズ 大きい,
// 背景色 黒 — top, course search, a course detail and the applied list, and the course detail printed to A4
// (PDF by Chromium). Starts the built app on a fresh embedded database with the demo data; run `npm run build`
// first. Writes docs/screenshots/mypage-*-375.png and docs/screenshots/course-detail-print.pdf (and .png).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, DEMO_STUDENT, startDemoApp, waitForHealth } from './lib/demo-app.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/screenshots');
const port = Number(process.env.SCREENSHOT_PORT ?? 3790);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'manabi-shots-'));

const app = startDemoApp({ port, dataDir });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', ...CHROMIUM_FLAGS],
});
try {
  await waitForHealth(base, app);
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  await context.addInitScript(() => {
    localStorage.setItem('screen-color', 'black');
    localStorage.setItem('color-standard', 'large');
  });
  const login = await context.request.post('/api/auth/mypage/login/', {
    data: DEMO_STUDENT,
  });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  const page = await context.newPage();
  const shot = async (path, name, ready) => {
    await page.goto(path);
    await ready.waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  };
  await shot('/mypage/top', 'mypage-top-375', page.getByRole('heading', { level: 1 }));
  const firstCard = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 }).first();
  await shot('/mypage/course/search/accepting', 'mypage-search-375', firstCard);
  // the first accepting course's detail
  const detailPath = await firstCard.getByRole('link').getAttribute('href');
  if (!detailPath) throw new Error('no accepting course in the demo data');
  await shot(detailPath, 'mypage-detail-375', page.getByRole('heading', { level: 1 }));
  await shot('/mypage/course/applied', 'mypage-applied-375', page.getByRole('heading', { level: 1 }));

  // the detail printed on A4, as a student's printer would get it (print stylesheet, standard desktop width)
  const desk = await context
    .browser()
    .newContext({ baseURL: base, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  await desk.addCookies(await context.cookies());
  const printPage = await desk.newPage();
  await printPage.goto(detailPath);
  await printPage.getByRole('heading', { level: 1 }).waitFor();
  await printPage.waitForLoadState('networkidle');
  await printPage.pdf({
    path: join(out, 'course-detail-print.pdf'),
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: true,
  });
  console.log('docs/screenshots/course-detail-print.pdf');
  // and a picture of it for the README: print media at the A4 text width (186 mm ≈ 703 px)
  await printPage.setViewportSize({ width: 703, height: 1000 });
  await printPage.emulateMedia({ media: 'print' });
  await printPage.screenshot({ path: join(out, 'course-detail-print.png'), fullPage: true });
  console.log('docs/screenshots/course-detail-print.png');
} finally {
  await browser.close();
  app.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
