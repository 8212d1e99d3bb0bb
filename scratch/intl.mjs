import { chromium } from '@playwright/test';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const variant of ['en', 'en-tokyo', 'ja-tokyo', 'number-ja', 'date-getters']) {
  const p = await b.newPage();
  await p.goto('about:blank');
  const r = await p.evaluate((v) => {
    const s = performance.now();
    if (v === 'en') new Intl.DateTimeFormat('en-US', { year: 'numeric' }).format(new Date());
    if (v === 'en-tokyo')
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date());
    if (v === 'ja-tokyo')
      new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', weekday: 'short' }).format(new Date());
    if (v === 'number-ja') (1234).toLocaleString('ja-JP');
    if (v === 'date-getters') new Date(Date.now() + 9 * 3600e3).getUTCDate();
    return (performance.now() - s).toFixed(2);
  }, variant);
  console.log(variant, r);
  await p.close();
}
await b.close();
