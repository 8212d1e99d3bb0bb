import { readFileSync } from 'node:fs';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

test('[管理][お知らせカテゴリ] 新規登録して一覧に表示され、変更できる', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/notification/category');
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせカテゴリ管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'カテゴリ一覧' })).toContainText('重要なお知らせ');
  await expectAccessible(page);

  // new: input → validation → confirm → complete
  await page.getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/admin\/notification\/category\/edit\/new\/0$/);
  await expect(page.getByRole('heading', { level: 1, name: 'カテゴリの新規登録' })).toBeVisible();
  const name = `E2E講座案内${Date.now() % 100000}`;
  await page.getByLabel('カテゴリ名').fill('あ'.repeat(31));
  await page.getByLabel('表示順').fill('-1');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('31文字以上は入力できません').first()).toBeVisible();
  await expect(page.getByText('0または正の整数のみを入力してください').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('カテゴリ名').fill(name);
  await page.getByLabel('表示順').fill('９'); // full-width digits are forgiven
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByLabel('カテゴリ名')).toHaveCount(0); // read-only now
  await expectAccessible(page);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('カテゴリを登録しました。')).toBeVisible();
  await expectAccessible(page);

  // listed, sorted by 表示順, and searchable
  await page.getByRole('link', { name: 'カテゴリ一覧へ戻る' }).click();
  const table = page.getByRole('table', { name: 'カテゴリ一覧' });
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('9');
  await page.getByLabel('カテゴリ名').fill('E2E講座');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/category_name=/);
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one match

  // sort by name descending with the header button
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await table.getByRole('button', { name: /カテゴリ名/ }).click();
  await table.getByRole('button', { name: /カテゴリ名/ }).click();
  await expect(table.locator('th[aria-sort="descending"]')).toHaveCount(1);

  // update: the form starts from the saved values
  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'カテゴリの変更' })).toBeVisible();
  await expect(page.getByLabel('カテゴリ名')).toHaveValue(name);
  await page.getByLabel('カテゴリ名').fill(`${name}（改）`);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(page.getByLabel('カテゴリ名')).toHaveValue(`${name}（改）`);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('カテゴリを更新しました。')).toBeVisible();
  await page.getByRole('link', { name: 'カテゴリ一覧へ戻る' }).click();
  await expect(page.getByRole('table', { name: 'カテゴリ一覧' })).toContainText(`${name}（改）`);
});

test('[管理][お知らせカテゴリ] 他の人が先に更新していたら、上書きせずに知らせる', async ({ page }) => {
  await loginAdmin(page);
  const created = await page.request.post('/api/admin/notice/category/add/', {
    data: { category_name: `競合テスト${Date.now() % 100000}`, sort_number: '50' },
  });
  const { id } = await created.json();
  await page.goto(`/admin/notification/category/edit/update/${id}`);
  await expect(page.getByLabel('カテゴリ名')).toHaveValue(/競合テスト/);

  // someone else saves first
  const current = await (await page.request.get(`/api/admin/notice/category/detail/?id=${id}`)).json();
  await page.request.post('/api/admin/notice/category/update/', {
    data: { id, category_name: '先に保存された名前', sort_number: '50', updated_at: current.updated_at },
  });

  await page.getByLabel('カテゴリ名').fill('後から保存する名前');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('ほかの人が先に更新しました', { exact: false })).toBeVisible();
  const after = await (await page.request.get(`/api/admin/notice/category/detail/?id=${id}`)).json();
  expect(after.category_name).toBe('先に保存された名前');
});

test('[管理][お知らせカテゴリ] 存在しないカテゴリは404ページへ', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/notification/category/edit/update/999999');
  await expect(page).toHaveURL(/\/admin\/404$/);
  await page.goto('/admin/notification/category/edit/other/1');
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][お知らせカテゴリ] 一覧をCSVでダウンロードできる（Excel向け、数式は無効化）', async ({
  page,
}) => {
  await loginAdmin(page);
  const hostile = `=SUM(1,2)*${Date.now() % 1000}`; // a formula with a comma: guarded and quoted
  const added = await page.request.post('/api/admin/notice/category/add/', {
    data: { category_name: hostile, sort_number: '99' },
  });
  expect(added.status()).toBe(200);
  await page.goto('/admin/notification/category');
  await expect(page.getByRole('table', { name: 'カテゴリ一覧' })).toContainText(hostile);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSVダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^notice_category_\d{14}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff); // BOM: Excel opens it as UTF-8
  expect(text).toContain('カテゴリID,カテゴリ名,表示順,更新日時\r\n');
  expect(text).toContain('重要なお知らせ');
  // the cell starts with a quote mark, so Excel shows the text instead of running a formula
  expect(text).toContain(`,"'${hostile}",99,`);
  await expectAccessible(page);
});

test('[管理][お知らせカテゴリ] 一覧のページ送りと表示件数の切り替え', async ({ page }) => {
  await loginAdmin(page);
  const prefix = `頁${Date.now() % 100000}-`;
  for (let i = 1; i <= 11; i++) {
    const res = await page.request.post('/api/admin/notice/category/add/', {
      data: { category_name: `${prefix}${String(i).padStart(2, '0')}`, sort_number: String(100 + i) },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto(`/admin/notification/category?category_name=${encodeURIComponent(prefix)}`);
  await expect(page.getByText('1 - 10件 / 全11件')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'ページ送り' });
  await pager.getByRole('button', { name: '2ページ目' }).click();
  await expect(page.getByText('11 - 11件 / 全11件')).toBeVisible();
  await expect(page).toHaveURL(/page=2/); // the table state lives in the URL
  await expect(page.getByRole('table', { name: 'カテゴリ一覧' })).toContainText(`${prefix}11`);
  await expectAccessible(page);

  // a larger page size goes back to page 1
  await page.getByRole('button', { name: /表示件数/ }).click();
  await page.getByRole('option', { name: '50件' }).click();
  await expect(page.getByText('1 - 11件 / 全11件')).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
});
