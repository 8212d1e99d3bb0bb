import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * 保有個人情報の開示 (decision 076): the office opens the demo's 24040001 山田 花子, follows the link from her
 * detail page, reads every section of what is held about her, and takes it as a JSON file. Read only: the
 * journey changes nothing but the audit log (each opening is recorded there).
 */

type Student = { user_id: number; login_id: string | null };

/** 24040001's record id (the demo seeds a handful of students, from 1). */
async function demoStudentId(playwright: Parameters<typeof adminApi>[0]): Promise<number> {
  const request = await adminApi(playwright);
  try {
    for (let id = 1; id <= 12; id++) {
      const res = await request.get(`/api/admin/student/detail/?user_id=${id}`);
      if (res.status() === 200 && ((await res.json()) as Student).login_id === ACCOUNTS.student1.login_id)
        return id;
    }
    throw new Error('24040001 is not among the demo students');
  } finally {
    await request.dispose();
  }
}

async function openDisclosure(page: Page, id: number) {
  await loginAdmin(page);
  await page.goto(`/admin/student/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  await page.getByRole('link', { name: '保有個人情報の開示' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/student/disclosure/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '保有個人情報の開示' })).toBeVisible();
  await expect(page.getByText('山田 花子（学生番号 24040001）')).toBeVisible();
}

test('[管理][学生] 学生詳細から保有個人情報の開示を開き、各項目を確かめてJSONファイルで受け取る', async ({
  page,
  playwright,
}) => {
  const id = await demoStudentId(playwright);
  await openDisclosure(page, id);
  await expect(page.getByText(/^作成日：\d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
  for (const heading of [
    '登録内容',
    '講座の申込み・抽選・出欠・単位',
    'お支払い・領収書・返金',
    'ご本人あてのお知らせ',
    'お知らせを読んだ記録・メールや郵送でお送りした記録',
    'お送りしたメール',
    '電話連絡の記録',
    '住所変更の届出',
    'お問い合わせ',
    'カレンダー連携',
    '同じ方の登録の確認と統合',
    '操作の記録',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  // the first page names the person and every section with how much it holds
  const contents = page.getByRole('region', { name: '目次' });
  await expect(contents.getByRole('listitem')).toHaveCount(12);
  await expect(contents).toContainText('お支払い・領収書・返金（');
  // on paper too: the contents print on the first page with the person, and a long section may run on across
  // pages — kept whole, the record was pushed off the first page and left it near-empty
  await page.emulateMedia({ media: 'print' });
  await expect(contents).toBeVisible();
  const keptWhole = await page
    .getByRole('region', { name: '登録内容' })
    .evaluate((el) => [el, ...el.querySelectorAll('dl')].map((e) => getComputedStyle(e).breakInside));
  expect(keptWhole.every((v) => v === 'auto')).toBe(true);
  await page.emulateMedia({ media: 'screen' });
  const record = page.getByRole('region', { name: '登録内容' });
  await expect(record.getByText('24040001', { exact: true })).toBeVisible();
  await expect(record.getByText('記載していない情報と理由')).toBeVisible();
  await expect(record.getByText('パスワード', { exact: true })).toBeVisible();
  // the demo student has applied to courses: each under its name, with where it stands
  await expect(
    page
      .getByRole('region', { name: '講座の申込み・抽選・出欠・単位' })
      .getByRole('heading', { level: 3 })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '印刷する' })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'JSONファイルをダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^disclosure-24040001-\d{8}\.json$/);
  const doc = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    title: string;
    student: { login_id: string; name: string };
    record: { items: { key: string; value: string }[] };
  };
  expect(doc.title).toBe('保有個人情報の開示');
  expect(doc.student).toMatchObject({ login_id: '24040001', name: '山田 花子' });
  expect(doc.record.items.find((i) => i.key === 'loginId')?.value).toBe('24040001');

  // both readings are in her audit trail now, on the page as on the file
  await page.reload();
  await expect(
    page.getByRole('region', { name: '操作の記録', exact: true }).getByText('保有個人情報の開示').first(),
  ).toBeVisible();
});

test('[管理][学生] スマートフォン幅(375px)で保有個人情報の開示を読む @phone', async ({
  page,
  playwright,
}) => {
  const id = await demoStudentId(playwright);
  await openDisclosure(page, id);
  await expect(page.getByRole('heading', { level: 2, name: '操作の記録' })).toBeVisible();
  // the page itself never scrolls sideways: wide tables scroll in their own region
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
