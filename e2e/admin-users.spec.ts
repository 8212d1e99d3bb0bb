import { readFileSync } from 'node:fs';
import { ADMIN_USER_MSG } from '@manabi/shared/schemas/admin-user';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * Admin users: list, search, CSV, the new/update form with the server check. Desktop and phone
 * share one database per run: the @phone journey only reads; the desktop ones write admins of their own
 * (names starting 「E2E」), never the demo ones.
 */

/** Picks a radio choice the way a user does: a click on its visible label (the radio is visually hidden). */
const pick = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

/** A field by its label, whether or not it carries the 「必須」 badge. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

const table = (page: Page) => page.getByRole('table', { name: '管理者一覧' });

/** Empties the condition, types a name and searches. */
async function searchName(page: Page, name: string) {
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await page.getByLabel('氏名', { exact: true }).fill(name);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('検索中...')).toHaveCount(0);
}

/** A complete add body for admins the journeys make through the API. */
const addBody = (name: string, password = 'e2e-admin-1') => ({
  name,
  mail: 'e2e-admin@example.jp',
  mail2: 'e2e-admin@example.jp',
  password,
  password2: password,
  authority: '1',
  university_id: '',
  is_rejection: '0',
  is_email: '0',
});

test('[管理][管理者] 管理者を新規登録する（未登録の大学IDは断られ、ログインIDが表示される）', async ({
  page,
  browser,
}) => {
  await loginAdmin(page);
  await page.goto('/admin/admin');
  await expect(page.getByRole('heading', { level: 1, name: '管理者管理' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '管理者を新規登録' }).click();
  await expect(page).toHaveURL(/\/admin\/admin\/register\/new\/0$/);
  await expect(page.getByRole('heading', { level: 1, name: '管理者の新規登録' })).toBeVisible();
  // 大学ID is asked only of a 大学担当
  await expect(field(page, '大学ID')).toHaveCount(0);
  await expectAccessible(page);

  await field(page, '氏名').fill('E2E 大学担当者');
  await field(page, 'メールアドレス').fill('e2e-univ@example.jp');
  await field(page, 'メールアドレス（確認）').fill('e2e-univ@example.jp');
  await field(page, 'パスワード').fill('e2e-univ-01');
  await field(page, 'パスワード（確認）').fill('e2e-univ-01');
  await pick(page, '権限', '大学担当（閲覧・出欠のみ）');
  await field(page, '大学ID').fill('NOSUCH');

  // the server check refuses an unknown university: the message is on the field, the step stays
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(field(page, '大学ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(ADMIN_USER_MSG.universityUnknown).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '入力', exact: true })).toBeVisible();
  await expectAccessible(page);

  await field(page, '大学ID').fill('U01');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText('e2e-univ@example.jp')).toBeVisible();
  await expect(page.getByText('設定する（画面には表示しません）')).toBeVisible();
  await expect(page.getByText('e2e-univ-01')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '完了' })).toBeVisible();
  const idText = page.getByText(/^ログインID：a\d{6}$/);
  await expect(idText).toBeVisible();
  const loginId = ((await idText.textContent()) ?? '').replace('ログインID：', '');
  await expectAccessible(page);
  await page.getByRole('link', { name: '管理者一覧へ戻る' }).click();
  await expect(page).toHaveURL(/\/admin\/admin$/);
  await expect(table(page).getByRole('cell', { name: loginId, exact: true })).toBeVisible();

  // the new admin logs in with the assigned id and sees the 大学担当 menu
  const context = await browser.newContext({ baseURL: page.url().replace(/\/admin\/admin$/, '') });
  const other = await context.newPage();
  await other.goto('/admin/login');
  await other.getByLabel('ログインID').fill(loginId);
  await other.getByLabel('パスワード').fill('e2e-univ-01');
  await other.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(other).toHaveURL(/\/admin\/top$/);
  await expect(other.getByRole('navigation', { name: '管理メニュー' }).getByRole('link')).toHaveText([
    'トップ',
    '連絡が必要な学生',
    '講座管理',
    '受付（出席の記録）',
    '統計・年次報告',
  ]);
  await context.close();
});

test('[管理][管理者] 名前で検索して管理者情報を変更する', async ({ page }) => {
  await loginAdmin(page);
  const res = await page.request.post('/api/admin/adminuser/add/', { data: addBody('E2E 変更前') });
  expect(res.status()).toBe(200);
  const { id, login_id } = await res.json();

  await page.goto('/admin/admin');
  await searchName(page, '変更前');
  await expect(page).toHaveURL(/name=/);
  const rows = table(page).getByRole('row');
  await expect(rows).toHaveCount(2); // header + the one admin
  await rows.nth(1).getByRole('link', { name: 'E2E 変更前' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/admin/register/update/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '管理者情報の変更' })).toBeVisible();
  await expect(field(page, '氏名')).toHaveValue('E2E 変更前');
  await expect(page.getByText(/変更する場合のみ入力/).first()).toBeVisible();
  await expectAccessible(page);

  await field(page, '氏名').fill('E2E 変更後');
  await pick(page, 'ログイン停止', 'ログインを停止する');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText('（変更しない）')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('更新完了')).toBeVisible();
  await expect(page.getByText(`ログインID：${login_id}`, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: '管理者一覧へ戻る' }).click();
  await searchName(page, '変更後');
  const row = table(page).getByRole('row').filter({ hasText: 'E2E 変更後' });
  await expect(row.getByRole('cell', { name: '停止中' })).toBeVisible();
  // refused: the changed admin can no longer log in
  const login = await page.request.post('/api/auth/admin/login/', {
    data: { login_id, password: 'e2e-admin-1' },
  });
  expect(login.status()).toBe(403);
});

test('[管理][管理者] 自分の権限とログインは変更できない', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/admin');
  await searchName(page, '事務局');
  await table(page).getByRole('link', { name: '事務局 管理者' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '管理者情報の変更' })).toBeVisible();
  await pick(page, 'ログイン停止', 'ログインを停止する');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText(ADMIN_USER_MSG.ownRejection).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '入力', exact: true })).toBeVisible();
  await expectAccessible(page);
  // nothing was written: the demo admin still logs in
  expect((await page.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
});

test('[管理][管理者] 検索結果をCSVでダウンロードする', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/admin');
  await searchName(page, '管理者');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^admin_\d{14}\.csv$/);
  const text = readFileSync((await download.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff); // BOM: Excel opens it as UTF-8
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('ログインID,氏名,メールアドレス,権限,大学ID,ログイン停止,メール送信');
  expect(lines).toContain(
    'admin,事務局 管理者,admin@manabi.example.jp,全権限（事務局）,,ログインできる,送信しない',
  );
  await expectAccessible(page);
});

test('[管理][管理者] 大学担当の管理者はエラー画面へ、存在しない管理者は404へ', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  for (const path of ['/admin/admin', '/admin/admin/register/new/0']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/apierror\?forbidden=1$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'この画面を使う権限がありません' }),
    ).toBeVisible();
  }
  await expectAccessible(page);

  await loginAdmin(page);
  await page.goto('/admin/admin/register/update/999999');
  await expect(page).toHaveURL(/\/admin\/404$/);
  await expectAccessible(page);
});

test('[管理][管理者] スマートフォン幅で管理者を検索し、登録画面を開く @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/admin');
  await expect(page.getByRole('heading', { level: 1, name: '管理者管理' })).toBeVisible();
  await searchName(page, '学院');
  const row = table(page).getByRole('row').filter({ hasText: 'univ01' });
  await expect(row.getByRole('cell', { name: 'U01' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '管理者を新規登録' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '管理者の新規登録' })).toBeVisible();
  await pick(page, '権限', '大学担当（閲覧・出欠のみ）');
  await expect(field(page, '大学ID')).toBeVisible();
  await expectAccessible(page);
});
