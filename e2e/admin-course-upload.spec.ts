import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, pageTab, test } from './fixtures';

// The applications journey writes to 「やさしい英会話」 (C2606) only: no other journey counts its applicants.
const COURSE_NAME = 'やさしい英会話';
const COURSE_CODE = 'C2606';
// The import journey makes a course of its own code; the @phone journey writes nothing (it runs in both projects).
const NEW_CODE = 'C2901';
const NEW_NAME = 'CSVで登録した講座（テスト）';

/** A CSV file on disk, as a user picks one. */
function csvFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'manabi-upload-')), name);
  writeFileSync(path, text);
  return path;
}

/** Searches the list by course name, whatever the dates. */
async function searchByName(page: Page, name: string) {
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await page.getByLabel('講座名').fill(name);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('検索中...')).toHaveCount(0);
}

const courseRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: '講座一覧' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });

/** The 申込者数 cell (講座ID, 状態, then the course name as the row header; then 実施団体, FROM, TO, 開催日時, 申込者数). */
const applicantCount = (page: Page, name: string) => courseRow(page, name).getByRole('cell').nth(6);

test('[管理][講座] 講座申込情報をCSVでアップロードし、申込者数が増える', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course');
  await searchByName(page, COURSE_NAME);
  await expect(applicantCount(page, COURSE_NAME)).toHaveText('0');

  await page.getByRole('button', { name: '講座申込情報CSVアップロード' }).click();
  const dialog = page.getByRole('dialog', { name: '講座申込情報のCSVアップロード' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    '登録されていない学生（学生番号が見つからない学生）の申込は登録されません。',
  );
  await expect(dialog.getByRole('listitem').filter({ hasText: '学生番号（必須）' })).toBeVisible();
  // the template: the columns the modal lists, in a UTF-8 file with a BOM
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'ひな形（見出しだけのCSV）をダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('course_applicant_template.csv');
  expect(readFileSync((await download.path()) as string, 'utf8')).toBe(
    '\uFEFF講座ID,学生番号,申込方法,備考\r\n',
  );
  await expectAccessible(page);

  // a file without the 学生番号 column: the message on the file field, the form usable again
  const file = dialog.getByLabel(/CSVファイル/);
  await file.setInputFiles(csvFile('bad.csv', '講座ID,備考\r\nC2606,x\r\n'));
  await dialog.getByRole('button', { name: 'アップロード' }).click();
  await expect(dialog.getByText('必要な見出し（項目名）がありません：「学生番号」')).toBeVisible();
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect(file).toBeFocused();

  // two students and one unknown student number (skipped and counted)
  await file.setInputFiles(
    csvFile(
      'applications.csv',
      `\uFEFF講座ID,学生番号,申込方法,備考\r\n${COURSE_CODE},${ACCOUNTS.student1.login_id},電話,\r\n${COURSE_CODE},29999999,,\r\n${COURSE_CODE},${ACCOUNTS.student2.login_id},窓口,"窓口で受付, 代理"\r\n`,
    ),
  );
  await dialog.getByRole('button', { name: 'アップロード' }).click();
  await expect(dialog.getByText('アップロードが完了しました')).toBeVisible();
  await expect(dialog).toContainText(
    '2件の申込を登録しました。未登録の学生のため登録しなかった行：1件（3行目）。',
  );
  await expectAccessible(page);
  // the footer's 閉じる (the title bar's × has the same name)
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toBeHidden();

  // closing reads the list again: the two applications count
  await expect(applicantCount(page, COURSE_NAME)).toHaveText('2');
  await courseRow(page, COURSE_NAME).getByRole('link', { name: COURSE_NAME }).click();
  await pageTab(page, /申込者/).click();
  await expect(page.getByRole('rowheader', { name: ACCOUNTS.student1.login_id })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: ACCOUNTS.student2.login_id })).toBeVisible();
});

test('[管理][講座] 講座をCSVでインポートし、テンプレートをダウンロードする', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course');
  await page.getByRole('button', { name: '講座CSVインポート' }).click();
  const dialog = page.getByRole('dialog', { name: '講座CSVインポート' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('すでに登録されている講座IDの行は登録できません。');

  // the template: BOM and the header row only
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'ひな形（見出しだけのCSV）をダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('course_template.csv');
  const template = readFileSync((await download.path()) as string, 'utf8');
  expect(template.startsWith('\uFEFF講座ID,講座名,内容,実施団体,')).toBe(true);
  expect(template.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1);
  await expectAccessible(page);

  // fill the template's columns: one new course, dates as Excel writes them
  const header = template.slice(1).split('\r\n')[0] as string;
  const values: Record<string, string> = {
    講座ID: NEW_CODE,
    講座名: NEW_NAME,
    内容: '<p>CSVから登録した講座です。</p>',
    実施団体: 'まなび市民大学',
    '申込期間（開始）': '2026/4/1 9:00',
    '申込期間（終了）': '2027/3/31 17:00',
    回数: '5',
    キャンセル: '可',
    単位: '1',
    カテゴリ: '',
    公開状態: '公開',
    抽選: 'なし',
  };
  const row = header.split(',').map((h) => values[h] ?? '');
  await dialog
    .getByLabel(/CSVファイル/)
    .setInputFiles(csvFile('courses.csv', `${header}\r\n${row.join(',')}\r\n`));
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  await expect(dialog.getByRole('table', { name: '新しく登録する行' })).toContainText(NEW_NAME);
  await dialog.getByRole('button', { name: 'この内容で登録する' }).click();
  await expect(dialog).toContainText('1件の講座を登録しました。');
  // the footer's 閉じる (the title bar's × has the same name)
  await dialog.getByRole('button', { name: '閉じる' }).last().click();

  await searchByName(page, NEW_NAME);
  await expect(courseRow(page, NEW_NAME)).toBeVisible();
  await expect(courseRow(page, NEW_NAME)).toContainText('まなび市民大学');
});

test('[管理][講座] 大学の担当者にはCSVアップロードのボタンがない', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto('/admin/course');
  await expect(page.getByRole('heading', { level: 1, name: '講座管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: '講座一覧' })).toBeVisible();
  await expect(page.getByRole('button', { name: '講座申込情報CSVアップロード' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '講座CSVインポート' })).toHaveCount(0);
});

test('[管理][講座] スマートフォン幅(375px)でキーボードからアップロード画面を開き、誤ったファイルの理由を読む @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAdmin(page);
  await page.goto('/admin/course');
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const opener = page.getByRole('button', { name: '講座申込情報CSVアップロード' });
  await expect(opener).toBeVisible();
  expect(await noSideways()).toBe(true);

  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '講座申込情報のCSVアップロード' });
  await expect(dialog).toBeVisible();
  expect(await noSideways()).toBe(true);

  // no header row the server knows: said on the file field; nothing is written
  await dialog.getByLabel(/CSVファイル/).setInputFiles(csvFile('noheader.csv', 'C2606,24040001\r\n'));
  await dialog.getByRole('button', { name: 'アップロード' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('1行目に見出し（項目名）がありません。')).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
