import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, pageTab, test } from './fixtures';

/**
 * The programme in numbers (decision 059): /admin/statistics. Other journeys change the demo data meanwhile,
 * so the numbers are read as the page shows them and checked against each other (a heading against its
 * table, a table against its CSV), never against a number written here.
 */

/** The fiscal year of today in Tokyo (April–March), as the screen's default. */
function currentFiscalYear(): number {
  const [y, m] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  return (m ?? 4) >= 4 ? (y ?? 0) : (y ?? 0) - 1;
}

const figure = (page: Page, subject: string) =>
  page.locator('section.m-figure').filter({ has: page.getByRole('heading', { level: 3, name: subject }) });

/** A CSV the browser saved: its name, and its text after the BOM (which must be there). */
async function saved(download: Download) {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the BOM Excel needs to read UTF-8').toEqual([0xef, 0xbb, 0xbf]);
  return {
    name: download.suggestedFilename(),
    lines: bytes.subarray(3).toString('utf8').trim().split('\r\n'),
  };
}

test('[管理][統計] 年度を変え、集計の単位を切り替え、グラフと表とCSVと印刷を確かめる', async ({ page }) => {
  // one journey through the whole report, scanned by axe three times (about 25 s alone; the default 90 s
  // is too close when another browser shares the two cores)
  test.setTimeout(180_000);
  const fy = currentFiscalYear();
  await loginAdmin(page);
  await page.goto('/admin/top');
  await page
    .getByRole('navigation', { name: '管理メニュー' })
    .getByRole('link', { name: '統計・年次報告' })
    .click();
  await expect(page).toHaveURL(/\/admin\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: '統計・年次報告' })).toBeVisible();
  await expect(page.getByText(`表示している期間：${fy}年度（令和${fy - 2018}年度）`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '概要' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^年齢別（年度末の年齢）/ })).toBeVisible();
  await expectAccessible(page);

  // applications are 件 and people 人, side by side, and the people are those of the 内訳 below
  const summary = page.locator('#summary');
  const sentence = (await summary.locator('p').first().textContent()) ?? '';
  const said = sentence.match(/申込み ([\d,]+)件がありました（申し込んだ人 ([\d,]+)人）/);
  expect(said, sentence).toBeTruthy();
  const card = (label: string) =>
    summary.locator('.m-card').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  await expect(card('申込み').locator('dd').first()).toHaveText(`${said?.[1]}件`);
  await expect(card('申し込んだ人').locator('dd')).toHaveText(`${said?.[2]}人`);
  await expect(page.locator('#students')).toContainText(`この期間の講座に申し込んだ人は ${said?.[2]}人です`);
  // 倍率 says what it is over, next to it; the notes say which year a course counts in
  await expect(card('倍率').locator('dd').nth(1)).toHaveText(
    /^定員を超える申込みがあった [\d,]+講座の、申込み ÷ 定員$|^定員を超える申込みがあった講座はありません$/,
  );
  await expect(summary).toContainText('講座は、最初の授業日がある年度（期間）に数えます');
  await expect(page.locator('#groups')).toContainText('倍率：定員を超える申込みがあった講座だけで数えた');
  // the CSV uses the same words, each with its unit
  const [summaryCsv] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('link', { name: /^CSVでダウンロード\s?（概要）$/ }).click(),
  ]);
  const summaryLines = (await saved(summaryCsv)).lines;
  expect(summaryLines[0]).toMatch(
    /^期間開始日,期間終了日,講座数,定員（人）,申込み（件）,倍率（倍）,倍率を数えた講座,当選（件）,/,
  );
  expect(summaryLines[1]?.split(',')[4]).toBe(said?.[1]?.replace(/,/g, ''));

  // the fiscal year goes into the URL; the back button returns to the one before
  await page.getByRole('button', { name: /年度(\s|$)/ }).click();
  await page.getByRole('option', { name: `${fy - 1}年度（令和${fy - 2019}年度）`, exact: true }).click();
  await page.getByRole('button', { name: 'この期間で表示する' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?fy=${fy - 1}$`));
  await expect(page.getByText(`表示している期間：${fy - 1}年度（令和${fy - 2019}年度）`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/statistics$/);
  await expect(page.getByText(`表示している期間：${fy}年度（令和${fy - 2018}年度）`)).toBeVisible();

  // 主催者別: the tab reads the groups again, and the URL keeps the choice
  await pageTab(page, '主催者別').click();
  await expect(page).toHaveURL(/group=organiser/);
  const organisers = figure(page, '主催者別の申込みと受講（申込みの多い順）');
  await expect(organisers.getByRole('columnheader', { name: '主催者' })).toBeVisible();
  await expect(organisers.getByRole('heading', { level: 3 })).toContainText(
    /申込みが最も多いのは|この期間の申込みはありません/,
  );

  // a chart's heading states its finding, and the table under it has the same number
  const ages = figure(page, '年齢別（年度末の年齢）');
  const finding = (await ages.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const top = finding.match(/最も多いのは (.+)（(\d+)人）/);
  if (top) {
    await expect(ages.getByRole('row', { name: new RegExp(`^${top[1]} `) }).getByRole('cell')).toHaveText(
      `${top[2]}人`,
    );
  } else {
    expect(finding).toContain('該当する人はいません');
  }
  const table = ages.getByRole('table', { name: '年齢別（年度末の年齢）' });
  await expect(table.getByRole('row')).toHaveCount(1 + 8);
  // the chart: one tab stop, and the arrow keys read its points aloud (Recharts' accessibility layer)
  const chart = ages.locator('svg[role="application"]');
  await chart.focus();
  await expect(chart).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(ages.locator('.recharts-tooltip-wrapper [role="status"]')).toContainText('人数');

  // the table as CSV, streamed by the server: BOM, the header, one line per age band
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    ages.getByRole('link', { name: /^CSVでダウンロード\s?（年齢別（年度末の年齢））$/ }).click(),
  ]);
  const full = await saved(csv);
  expect(full.name).toMatch(/^statistics_ages_\d{14}\.csv$/);
  expect(full.lines[0]).toBe('年齢（年度末）,人数');
  expect(full.lines).toHaveLength(1 + 8);
  // the public version: nobody counted as 1 or 2
  const [open] = await Promise.all([
    page.waitForEvent('download'),
    ages.getByRole('link', { name: /^公開用（3人未満を伏せる）/ }).click(),
  ]);
  const publicCsv = await saved(open);
  expect(publicCsv.name).toMatch(/^statistics_ages_public_\d{14}\.csv$/);
  expect(publicCsv.lines.slice(1).map((line) => line.split(',').at(-1))).not.toContain('1');
  expect(publicCsv.lines.slice(1).map((line) => line.split(',').at(-1))).not.toContain('2');

  // 公開版 on screen masks the small cells of the demographic tables too
  const people = page.locator('#students td');
  await expect(people.first()).toBeVisible();
  await page.getByText('公開版にする').click();
  await expect(page).toHaveURL(/public=1/);
  await expect(people.filter({ hasText: /^[12]人$/ })).toHaveCount(0);
  await expectAccessible(page);

  // the printed 年次報告, once every read is in: a title page, and no menu, header or buttons
  await expect(page.getByRole('button', { name: '年次報告を印刷' })).toBeEnabled();
  await expect(page.getByText('集計しています')).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  const title = page.locator('.m-title-page');
  await expect(title).toBeVisible();
  await expect(title).toContainText('年次報告');
  await expect(title).toContainText(`${fy}年度（令和${fy - 2018}年度）`);
  await expect(title).toContainText(/作成日：\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeHidden();
  await expect(page.getByRole('button', { name: '年次報告を印刷' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: '推移' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('[管理][統計] 期間の指定が正しくないときは、その欄に理由が出る', async ({ page }) => {
  await loginAdmin(page);
  // a hand-edited address: the server's message goes on the field it concerns
  await page.goto('/admin/statistics?from=2026-04-01');
  await expect(page.getByText('期間の開始日と終了日を両方入力してください').first()).toBeVisible();
  await expect(page.getByLabel(/終了日/)).toHaveAttribute('aria-invalid', 'true');
  // and the form itself refuses an end before the start
  await page.getByLabel(/開始日/).fill('2026-09-30');
  await page.getByLabel(/終了日/).fill('2026-04-01');
  await page.getByRole('button', { name: 'この期間で表示する' }).click();
  await expect(page.getByText('終了日は開始日以降の日付を入力してください')).toBeVisible();
  await expectAccessible(page);
});

test('[管理][統計] 権限2の管理者は自分の大学の数字を見て、入学の承認と却下は見えない', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto('/admin/top');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^統計・年次報告/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '統計・年次報告' })).toBeVisible();
  // the university by its name, not its id
  await expect(page.getByText('（みなと学院大学 の講座についての数字です）')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '受講者の内訳' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^性別/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^入学の承認と却下/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][統計] スマートフォンの幅でも表は横にスクロールして読める @phone', async ({ page }) => {
  // 375 px in the desktop project as well as in the phone one
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAdmin(page);
  await page.goto('/admin/statistics');
  await expect(page.getByRole('heading', { level: 1, name: '統計・年次報告' })).toBeVisible();
  // the widest table (a course's figures) scrolls inside its labelled region, not the page
  const region = page.getByRole('region', { name: /^講座別の申込みと受講（申込みの多い順）の表/ });
  await expect(region.getByRole('row').nth(1)).toBeVisible();
  const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
