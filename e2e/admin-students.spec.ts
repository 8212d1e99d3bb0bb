import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

// These journeys never approve or reject a demo admission (another journey does). The upload journey
// registers student numbers of its own (2609xxxx); the @phone journey writes nothing (it runs in both
// projects against one database).
const NEW_IDS = ['26090001', '26090002'] as const;
const CSV_HEADER = '学生番号,期生ID,氏名,氏名カナ,町名,生年月日,承認状況,学生種別,申込日';

/** A file on disk, as a user picks one. */
function fileOf(name: string, bytes: Buffer | string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'manabi-students-')), name);
  writeFileSync(path, bytes);
  return path;
}

/** Empties the conditions, fills some and searches. */
async function search(page: Page, fields: Record<string, string> = {}) {
  await page.getByRole('button', { name: '条件をクリア' }).click();
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('検索中...')).toHaveCount(0);
}

const table = (page: Page) => page.getByRole('table', { name: '学生一覧' });
/** The row whose 学生番号 cell reads `loginId`. */
const rowOf = (page: Page, loginId: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: loginId, exact: true }) });

test('[管理][学生] 氏名カナで検索して学生を開く', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await expect(page.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible();
  await expect(page.getByRole('link', { name: '学生を新規登録' })).toHaveAttribute(
    'href',
    '/admin/student/detail/new/0',
  );
  await expect(page.getByText(/件 \/ 全\d+件/)).toBeVisible();
  await expectAccessible(page);

  await search(page, { 氏名カナ: 'ヤマダ' });
  await expect(page).toHaveURL(/name_kana=/);
  const row = rowOf(page, ACCOUNTS.student1.login_id);
  await expect(row.getByRole('cell', { name: '承認済み' })).toBeVisible();
  const link = row.getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/admin\/student\/detail\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('[管理][学生] 高橋で探すと髙橋も見つかる（異体字を区別しない）', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  // the demo's 「高橋 一郎」 (24040003) and 「髙橋　一郎」 (25040002): one search finds both, typed either way
  for (const typed of ['高橋 一郎', '髙橋一郎']) {
    await search(page, { 氏名: typed });
    await expect(rowOf(page, '24040003')).toBeVisible();
    await expect(rowOf(page, '25040002')).toBeVisible();
    await expect(rowOf(page, '25040002')).toContainText('髙橋');
  }
  await expectAccessible(page);
});

test('[管理][学生] 未承認の学生の人数から承認待ちの学生を表示する', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  const heading = page.getByRole('heading', { name: /^未承認の学生：\d+人$/ });
  await expect(heading).toBeVisible();
  const count = Number((await heading.textContent())?.match(/(\d+)人/)?.[1]);
  expect(count).toBeGreaterThan(0);

  await page.getByRole('button', { name: '未承認の学生を表示' }).click();
  await expect(page).toHaveURL(/approval_status=0/);
  await expect(page.getByText('検索中...')).toHaveCount(0);
  // other journeys approve and reject demo admissions meanwhile: the total is checked loosely
  await expect(page.getByText(/全\d+件/)).toBeVisible();
  // the search form shows the condition
  await expect(page.locator('#field-approval_status')).toContainText('承認待ち');
  // 伊藤 洋子 stays pending in every journey (高橋 誠 and 山田　花子 are decided by the approval journeys)
  const pending = table(page).getByRole('row').filter({ hasText: '伊藤 洋子' });
  await expect(pending.getByRole('cell', { name: '承認待ち' })).toBeVisible();
  await expect(pending.getByRole('cell', { name: '未登録' })).toBeVisible();
  await expect(pending.getByRole('link', { name: '伊藤 洋子' })).toHaveAttribute(
    'href',
    /^\/admin\/student\/approval\/\d+$/,
  );
  await expectAccessible(page);
});

test('[管理][学生] 表示件数と並べ替え、検索結果のCSVダウンロード', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await page.getByRole('button', { name: /表示件数/ }).click();
  await page.getByRole('option', { name: '50件' }).click();
  await expect(page).toHaveURL(/size=50/);

  const sortButton = table(page).getByRole('button', { name: /学生番号/ });
  await sortButton.click();
  await expect(page).toHaveURL(/sort=login_id/);
  await expect(table(page).getByRole('columnheader', { name: /学生番号/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const firstIds = async () =>
    (await table(page).getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  // the smallest 学生番号 of the demo first (the roster's oldest cohort), the largest first the other way
  const first = await firstIds();
  expect(first).toMatch(/^\d{8}$/);
  await sortButton.click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(table(page).getByRole('columnheader', { name: /学生番号/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByText('検索中...')).toHaveCount(0);
  expect((await firstIds()) > first).toBe(true);

  // the whole search as CSV: BOM, header row, one line a student
  await search(page, { 学生番号: '2404' });
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSVダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^student_\d{14}\.csv$/);
  const text = readFileSync((await download.path()) as string, 'utf8');
  expect(text.startsWith(`\uFEFF${CSV_HEADER}\r\n`)).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines).toContain(
    '24040001,2404,山田 花子,ヤマダ ハナコ,港区芝公園,1958年5月12日,承認済み,正規生,2024年3月15日',
  );
  await expectAccessible(page);
});

test('[管理][学生] Shift_JISのCSVで学生を登録し、登録済みの学生番号は数えて飛ばす', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await page.getByRole('button', { name: '学生CSVアップロード' }).click();
  const dialog = page.getByRole('dialog', { name: '学生のCSVアップロード' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'すでに登録されている学生（学生番号が同じ学生）は登録も更新もされません。',
  );
  await expect(dialog.getByRole('radio', { name: '正規生' })).toBeChecked();
  await expectAccessible(page);

  // a wrong row: nothing registered, the row named on the file field
  const file = dialog.getByLabel(/CSVファイル/);
  const header = '学生番号,期生ID,氏名,氏名カナ,町名,番地,生年月日,性別,電話番号1,申込日';
  await file.setInputFiles(
    fileOf(
      'bad.csv',
      `${header}\r\n${NEW_IDS[0]},2609,,テスト,港区芝,1-1,1950/1/1,女性,03-1111-2222,2026/9/1\r\n`,
    ),
  );
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  // the preview names the row and the column; with an error there is nothing to register
  const errors = dialog.getByRole('table', { name: '誤りのある行' });
  await expect(errors.getByRole('row', { name: /2行目 氏名 この項目を入力してください/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'この内容で登録する' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'やり直す' }).click();
  await expect(file).toBeFocused();

  // Shift_JIS as Excel saves it: two new students and one already registered (skipped, counted)
  await dialog.getByText('聴講生', { exact: true }).click();
  const csv = [
    header,
    `${NEW_IDS[0]},2609,取込　髙子,トリコミ タカコ,港区芝,1-1,1950/1/1,女性,03-1111-2222,2026/9/1`,
    `${ACCOUNTS.student1.login_id},2404,上書き しない,ウワガキ,港区芝,1-1,1950/1/1,女性,03-1111-2222,2026/9/1`,
    `${NEW_IDS[1]},2609,取込 次郎,トリコミ ジロウ,港区三田,2-2,1951/2/3,男性,03-3333-4444,2026/9/1`,
  ].join('\r\n');
  await file.setInputFiles(fileOf('students.csv', iconv.encode(`${csv}\r\n`, 'cp932')));
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  await expect(dialog.getByRole('heading', { name: '確認の結果（まだ登録していません）' })).toBeFocused();
  await dialog.getByRole('button', { name: 'この内容で登録する' }).click();
  await expect(dialog.getByText('アップロードが完了しました')).toBeVisible();
  await expect(dialog).toContainText(
    '2件の学生を登録しました。すでに登録されている学生番号のため登録・更新しなかった行：1件（3行目）。',
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toBeHidden();

  await search(page, { 氏名カナ: 'トリコミ タカコ' });
  const row = rowOf(page, NEW_IDS[0]);
  await expect(row.getByRole('rowheader')).toHaveText('取込　髙子');
  await expect(row.getByRole('cell', { name: '聴講生' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '承認済み' })).toBeVisible();
  await search(page, { 学生番号: ACCOUNTS.student1.login_id });
  await expect(rowOf(page, ACCOUNTS.student1.login_id).getByRole('rowheader')).toHaveText('山田 花子');
});

test('[管理][学生] 重複の確認：入学申込の山田　花子に24040001が氏名・町名・生年月日で一致する', async ({
  page,
}) => {
  await loginAdmin(page);
  // the approval journey may reject her meanwhile (rejected admissions keep their duplicate screen): search
  // by name, whatever the approval status
  await page.goto(`/admin/student?name=${encodeURIComponent('山田')}`);
  await expect(page.getByText('検索中...')).toHaveCount(0);
  // 山田 花子 (24040001) matches too: her admission is the row linking to the approval screen
  const admission = table(page).locator('a[href^="/admin/student/approval/"]');
  await expect(admission).toHaveCount(1);
  const href = (await admission.getAttribute('href')) as string;
  const userId = href.split('/').pop() as string;

  await page.goto(`/admin/student/duplicate/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: '重複の確認' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('山田\u3000花子');
  const group = page.getByRole('region', { name: /^氏名・町名・生年月日が一致：\d+件$/ });
  await expect(group).toBeVisible();
  const link = group.getByRole('link', { name: ACCOUNTS.student1.login_id });
  await expect(link).toHaveAttribute('href', /^\/admin\/student\/detail\/\d+$/);
  await expect(group.getByRole('rowheader', { name: '山田 花子' })).toBeVisible();
  // an empty group has no heading or table of its own: the empty ones are named once, in one line
  await expect(page.getByRole('heading', { name: /：0件$/ })).toHaveCount(0);
  await expect(page.getByText(/^次の組み合わせでは見つかりませんでした：.*生年月日のみ一致/)).toBeVisible();
  await expect(page.getByText('該当する学生はいません')).toHaveCount(0);
  await expectAccessible(page);

  // an approved student has no duplicate screen
  const approvedId = (await link.getAttribute('href'))?.split('/').pop();
  await page.goto(`/admin/student/duplicate/${approvedId}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][学生] 重複の確認：似ている学生がいなければ、そのことを一度だけ伝える', async ({ page }) => {
  // an admission of its own whose name, town and birthday no one else has
  const tag = uniqueTag();
  const mail = `duplicate-${tag}@example.jp`;
  const birthday = `19${20 + Math.floor(Math.random() * 10)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const admitted = await page.request.post('/api/mypage/admission/', {
    data: {
      name_l: '重複',
      name_f: `無子${tag}`.slice(0, 14),
      name_kana_l: 'チョウフク',
      name_kana_f: 'ナシコ',
      postcode: '105-0011',
      street_name1: `港区芝公園${tag}`.slice(0, 30),
      street_name2: '',
      address: '1-1',
      birthday,
      phone1: '03-1234-5678',
      mail1: mail,
      mail1_confirm: mail,
      is_attendance: '1',
    },
  });
  expect(admitted.status(), await admitted.text()).toBe(200);

  await loginAdmin(page);
  await page.goto(`/admin/student?name=${encodeURIComponent(`無子${tag}`.slice(0, 14))}`);
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const admission = table(page).locator('a[href^="/admin/student/approval/"]');
  await expect(admission).toHaveCount(1);
  const userId = ((await admission.getAttribute('href')) as string).split('/').pop() as string;

  await page.goto(`/admin/student/duplicate/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: '重複の確認' })).toBeVisible();
  await expect(page.getByText('似ている学生は見つかりませんでした。')).toHaveCount(1);
  // no group headings, no empty tables
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['確認する学生']);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][学生] 学生CSVのひな形は見出しだけで、そのままアップロードできる形', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await page.getByRole('button', { name: '学生CSVアップロード' }).click();
  const dialog = page.getByRole('dialog', { name: '学生のCSVアップロード' });
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'ひな形（見出しだけのCSV）をダウンロード' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('student_template.csv');
  const template = readFileSync((await download.path()) as string, 'utf8');
  // BOM, then one line: the headers the upload reads, as the modal lists them
  expect(template.startsWith('\uFEFF学生番号,期生ID,氏名,氏名カナ,')).toBe(true);
  const lines = template.slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  await expect(dialog).toContainText(
    `1行目に次の見出しを入れてください（列の順番は自由です）：${lines[0]?.split(',').join('、')}。`,
  );
  await expectAccessible(page);

  // the template as saved is read by the upload: its header passes, and it is refused only for having no rows
  // (saved under its own name: the download's temporary path has no .csv)
  await dialog.getByLabel(/CSVファイル/).setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'text/csv',
    buffer: readFileSync((await download.path()) as string),
  });
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  await expect(dialog).toContainText('CSVファイルに登録するデータの行がありません。');
});

test('[管理][学生] スマートフォン幅で学生を検索する @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await expect(page.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible();
  await search(page, { 氏名カナ: 'サトウ' });
  await expect(rowOf(page, ACCOUNTS.student2.login_id)).toBeVisible();
  await expectAccessible(page);
});
