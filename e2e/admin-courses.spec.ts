import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/** Picks a 公開状態 choice the way a user does: a click on its visible label (the radio is visually hidden). */
const pickControl = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: '公開状態' }).getByText(label, { exact: true }).click();

const CSV_HEADER = '講座名,実施団体,申込期間FROM,申込期間TO,開催日時,申込者数,画像URL';

/** Empties every condition (公開状態 back to 公開) and searches: every public course, whatever the date. */
async function searchAll(page: Page) {
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/control=1/);
  await expect(page.getByText('検索中...')).toHaveCount(0);
}

test('[管理][講座] 講座を検索して並べ替え、CSVをダウンロードする', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course');
  await expect(page.getByRole('heading', { level: 1, name: '講座管理' })).toBeVisible();
  await expect(page.getByRole('link', { name: '講座を新規登録' })).toHaveAttribute(
    'href',
    '/admin/course/new',
  );
  await expect(page.getByRole('link', { name: 'トップへ戻る' })).toBeVisible();

  // the first search: the current fiscal year (1 April – 31 March) and 公開
  await expect(page.getByLabel('申込期間FROM（開始日）')).toHaveValue(/^\d{4}-04-01$/);
  await expect(page.getByLabel('申込期間TO（終了日）')).toHaveValue(/^\d{4}-03-31$/);
  await expect(page.getByRole('radio', { name: '公開', exact: true })).toBeChecked();
  const table = page.getByRole('table', { name: '講座一覧' });
  await expect(page.getByText(/件 \/ 全\d+件/)).toBeVisible();
  await expectAccessible(page);

  // everything public: the demo courses, never the non-public one
  await searchAll(page);
  await page.getByRole('button', { name: /表示件数/ }).click();
  await page.getByRole('option', { name: '50件' }).click();
  await expect(page).toHaveURL(/size=50/);
  await expect(table).toContainText('江戸の町と暮らし');
  await expect(table).toContainText('はじめての健康ヨガ');
  await expect(table).toContainText('みなと学院大学');
  await expect(table).not.toContainText('【非公開】講師研修講座');
  await expect(table.getByRole('link', { name: '江戸の町と暮らし' })).toHaveAttribute(
    'href',
    /^\/admin\/course\/detail\/\d+\/1$/,
  );

  // page size: 10 a page by default
  await page.getByRole('button', { name: /表示件数/ }).click();
  await page.getByRole('option', { name: '10件' }).click();
  await expect(page.getByText(/^1 - 10件 \/ 全\d+件$/)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);

  // sort by 講座名 with the header button: ascending, then descending
  const nameHeader = table.getByRole('columnheader', { name: /講座名/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=course_name&dir=desc/);

  // search by name; the conditions live in the URL and survive a reload
  await page.getByLabel('講座名').fill('健康');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/course_name=%E5%81%A5%E5%BA%B7/);
  await expect(table).toContainText('はじめての健康ヨガ');
  await expect(table).not.toContainText('江戸の町と暮らし');
  await page.reload();
  await expect(page.getByLabel('講座名')).toHaveValue('健康');
  await expect(table).toContainText('はじめての健康ヨガ');
  await expect(table).not.toContainText('江戸の町と暮らし');

  // CSV: BOM, header row, the listed courses
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^course_\d{14}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.slice(1).split('\r\n')[0]).toBe(CSV_HEADER);
  expect(csv).toContain('はじめての健康ヨガ');
  expect(csv).not.toContain('江戸の町と暮らし');

  // validation from the shared schema
  await page.getByLabel('講座名').fill('あ'.repeat(101));
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('101文字以上は入力できません').first()).toBeVisible();
  await expectAccessible(page);
});

test('[管理][講座] 条件をクリアし、非公開の講座を探し、検索条件を閉じて開く', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course');
  await expect(page.getByLabel('申込期間FROM（開始日）')).toHaveValue(/^\d{4}-04-01$/);

  // clear empties every field and puts 公開状態 back to 公開
  await page.getByLabel('講座名').fill('講師');
  await pickControl(page, '非公開');
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await expect(page.getByLabel('講座名')).toHaveValue('');
  await expect(page.getByLabel('申込期間FROM（開始日）')).toHaveValue('');
  await expect(page.getByLabel('申込期間TO（終了日）')).toHaveValue('');
  await expect(page.getByRole('radio', { name: '公開', exact: true })).toBeChecked();

  // 非公開 lists the non-public course only
  await pickControl(page, '非公開');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/control=2/);
  const table = page.getByRole('table', { name: '講座一覧' });
  await expect(table).toContainText('【非公開】講師研修講座');
  await expect(table).not.toContainText('江戸の町と暮らし');

  // the disclosure button folds and opens the form
  const toggle = page.getByRole('button', { name: '検索条件を閉じる' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  const opener = page.getByRole('button', { name: '検索条件を開く' });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('講座名')).toBeHidden();
  await expectAccessible(page);
  await opener.click();
  await expect(page.getByRole('button', { name: '検索条件を閉じる' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByLabel('講座名')).toBeVisible();
});

test('[管理][講座] 大学の管理者には自分の大学の講座だけが表示される', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto('/admin/course');
  await expect(page.getByRole('heading', { level: 1, name: '講座管理' })).toBeVisible();
  await expect(page.getByRole('link', { name: '講座を新規登録' })).toHaveCount(0);
  await searchAll(page);

  const table = page.getByRole('table', { name: '講座一覧' });
  await expect(table).toContainText('みなと学院大学');
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i)).toContainText('みなと学院大学');
  }
  await expect(table).not.toContainText('江戸の町と暮らし');
  await expect(table).not.toContainText('東都文化大学');
  await expectAccessible(page);
});

test('[管理][講座] 講座IDと状態の列があり、講座IDで探し、状態で絞り込める', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course');
  await searchAll(page);
  const table = page.getByRole('table', { name: '講座一覧' });
  await expect(table.getByRole('columnheader', { name: /講座ID/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /状態/ })).toBeVisible();

  // the keyword finds a course by its code
  await page.getByLabel('キーワード').fill('C2601');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/keyword=C2601/);
  await expect(page.getByText('1 - 1件 / 全1件')).toBeVisible();
  const edo = table.getByRole('row').filter({ hasText: '江戸の町と暮らし' });
  await expect(edo).toContainText('C2601');
  // applications open a week ago and close in two weeks
  await expect(edo).toContainText('受付中');
  await expectAccessible(page);

  // 講座ID from its start: every C26 course, sortable by the code
  await page.getByLabel('キーワード').fill('');
  await page.getByLabel('講座ID').fill('c26');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(table).toContainText('C2601');
  await expect(table).not.toContainText('C2501');
  const codeHeader = table.getByRole('columnheader', { name: /講座ID/ });
  await codeHeader.getByRole('button').click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText('C2601');
  await codeHeader.getByRole('button').click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).not.toContainText('C2601');

  // 状態: only the courses whose applications have not opened yet
  await page.getByLabel('講座ID').fill('');
  await page.locator('form').getByRole('button', { name: /状態/ }).click();
  await page.getByRole('option', { name: '受付前', exact: true }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/state=before/);
  await expect(table).toContainText('スマートフォン入門');
  await expect(table).not.toContainText('江戸の町と暮らし');
  // retried as a whole: the rows of the previous search may still be on screen when the new ones arrive
  const states = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  await expect(states.first()).toBeVisible();
  await expect(states.filter({ hasNotText: '受付前' })).toHaveCount(0);
  await expectAccessible(page);
});
