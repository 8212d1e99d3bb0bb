import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

// The desktop journey registers student numbers of its own (2612xxxx); the @phone journey only looks at a
// file (it runs in both projects against one database) and writes nothing.
const NEW_IDS = ['26120001', '26120002', '26120003'] as const;
const HEADER = '学生番号,期生ID,氏名,氏名カナ,町名,番地,生年月日,性別,電話番号1,申込日';

/** A file on disk, as a user picks one. */
function fileOf(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'manabi-preview-')), name);
  writeFileSync(path, text);
  return path;
}

const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;
// a registered student whose phone in the file is not the stored one (SPEC §2: not updated)
const changed = `${ACCOUNTS.student2.login_id},2404,佐藤 次郎,サトウ ジロウ,港区芝,1-1,1950/1/1,男性,03-9999-0000,2024/4/1`;
const fresh = (id: string, name: string) =>
  `${id},2612,${name},シタミ,港区芝公園,4-2,1952/6/7,女性,03-1111-2222,2026/10/1`;
// the demo's 山田 花子 (24040001) typed again: a full-width space, the reading in hiragana; another town keeps
// her out of the duplicate screen's name-town-birthday group, which another journey reads
const twin = (id: string) =>
  `${id},2612,山田　花子,やまだ はなこ,港区六本木,6-1,1958/5/12,女性,03-5555-9999,2026/10/1`;

async function openStudentUpload(page: Page) {
  await loginAdmin(page);
  await page.goto('/admin/student');
  await page.getByRole('button', { name: '学生CSVアップロード' }).click();
  const dialog = page.getByRole('dialog', { name: '学生のCSVアップロード' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('[管理][学生] 学生CSVを登録の前に確かめ、直したファイルをその内容のとおりに登録する', async ({
  page,
}) => {
  const dialog = await openStudentUpload(page);
  const file = dialog.getByLabel(/CSVファイル/);

  // a registered student that differs, a new student, and a row in error
  await file.setInputFiles(
    fileOf(
      'first.csv',
      csv(
        changed,
        fresh(NEW_IDS[0], '下見 一子'),
        `${NEW_IDS[1]},2612,下見 二子,シタミ,港区芝公園,4-2,1952/6/31,女性,,2026/10/1`,
      ),
    ),
  );
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  const heading = dialog.getByRole('heading', { name: '確認の結果（まだ登録していません）' });
  await expect(heading).toBeFocused();
  const counts = dialog.getByRole('definition');
  await expect(counts).toHaveText(['3件', '1件', '0件', '1件', '1件']);
  await expect(dialog.getByText('誤りのある行が1件あります')).toBeVisible();
  const errors = dialog.getByRole('table', { name: '誤りのある行' });
  await expect(errors.getByRole('row', { name: /4行目 生年月日/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /4行目 電話番号1 この項目を入力してください/ })).toBeVisible();
  const changes = dialog.getByRole('table', {
    name: '登録済み・内容が異なります（この取り込みでは更新しません）',
  });
  await expect(
    changes.getByRole('row', { name: new RegExp(`2行目 ${ACCOUNTS.student2.login_id}`) }),
  ).toContainText('電話番号1：');
  await expect(changes).toContainText('→ 03-9999-0000');
  await expect(dialog.getByRole('table', { name: '新しく登録する行' })).toContainText('下見 一子');
  // nothing can be registered while a row is wrong
  await expect(dialog.getByRole('button', { name: 'この内容で登録する' })).toHaveCount(0);
  await expectAccessible(page);

  // the fixed file: the same rows, the wrong one corrected
  await dialog.getByRole('button', { name: 'やり直す' }).click();
  await expect(file).toBeFocused();
  await file.setInputFiles(
    fileOf(
      'fixed.csv',
      csv(changed, fresh(NEW_IDS[0], '下見 一子'), fresh(NEW_IDS[1], '下見 二子'), twin(NEW_IDS[2])),
    ),
  );
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  await expect(counts).toHaveText(['4件', '3件', '0件', '1件', '0件']);
  // the new 山田　花子 looks like the registered one: named with the score and why (decision 069)
  const twins = dialog.getByRole('table', { name: '重複の疑い' });
  await expect(twins).toContainText(ACCOUNTS.student1.login_id);
  await expect(twins).toContainText('山田 花子');
  await expect(twins).toContainText('生年月日一致');
  await expect(dialog.getByText('この内容で登録できます')).toBeVisible();
  await expect(dialog.getByRole('table', { name: '誤りのある行' })).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'この内容で登録する' }).click();
  await expect(dialog.getByText('アップロードが完了しました')).toBeVisible();
  await expect(dialog).toContainText(
    '3件の学生を登録しました。すでに登録されている学生番号のため登録・更新しなかった行：1件（2行目）。',
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toBeHidden();

  // exactly the file: the three new students, and the registered one's phone as it was
  for (const id of NEW_IDS) {
    const res = await page.request.get(`/api/admin/student/list/?login_id=${id}`);
    expect(((await res.json()) as { total: number }).total).toBe(1);
  }
  const listed = await page.request.get(`/api/admin/student/list/?login_id=${ACCOUNTS.student2.login_id}`);
  const [registered] = ((await listed.json()) as { data_list: { user_id: number }[] }).data_list;
  const detail = await page.request.get(`/api/admin/student/detail/?user_id=${registered?.user_id}`);
  expect(((await detail.json()) as { phone_1: string }).phone_1).not.toBe('03-9999-0000');
});

test('[管理][学生] スマートフォン幅で学生CSVの確認結果を読む @phone', async ({ page }) => {
  const dialog = await openStudentUpload(page);
  await dialog
    .getByLabel(/CSVファイル/)
    .setInputFiles(
      fileOf('phone.csv', csv(changed, `26130001,2613,確認 のみ,カクニン,港区芝,1-1,きのう,女性,,2026/10/1`)),
    );
  await dialog.getByRole('button', { name: '内容を確認する' }).click();
  await expect(dialog.getByRole('heading', { name: '確認の結果（まだ登録していません）' })).toBeFocused();
  await expect(dialog.getByRole('table', { name: '誤りのある行' })).toBeVisible();
  // the page itself never scrolls sideways; a wide table scrolls inside its own region, by keyboard too
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'やり直す' }).click();
  await expect(dialog.getByLabel(/CSVファイル/)).toBeFocused();
});
