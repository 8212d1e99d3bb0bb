import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * The cycle the README's "try it in five minutes" walks through on the demo data itself: 24040001 won the
 * one seat of はじめての水彩画 (C2612) and declines it; 24040002, 補欠1 there, is moved up at once. The only
 * journey that changes C2612 (not tagged @phone: the phone project shares the server and would find the seat
 * already given away).
 */

const COURSE = 'はじめての水彩画';
/** the lists load after the page (on a busy machine, more than the default 10 s) */
const LOADED = { timeout: 30_000 };
const card = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: COURSE }) });

test('[マイページ][デモ] 24040001が当選を辞退すると、補欠1番の24040002が繰り上がる', async ({ page }) => {
  // 24040002 waits as 補欠1
  await loginStudent(page, ACCOUNTS.student2);
  await page.goto('/mypage/course/applied');
  await expect(card(page).getByText('補欠 1番')).toBeVisible(LOADED);
  await page.request.get('/api/auth/mypage/logout/');

  // 24040001 has the result and a deadline, and declines
  await loginStudent(page, ACCOUNTS.student1);
  await page.goto('/mypage/top');
  await expect(page.getByText(`【抽選結果】「${COURSE}」`).first()).toBeVisible(LOADED);
  await page.goto('/mypage/course/applied');
  await expect(card(page).getByText(/「受講を確定する」か「辞退する」を押してください/)).toBeVisible(LOADED);
  await card(page)
    .getByRole('button', { name: /^辞退する/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '受講を辞退しますか' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '辞退する' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'を辞退しました。' })).toBeVisible();
  await page.request.get('/api/auth/mypage/logout/');

  // the seat went to 24040002 in the same moment: told on the my-page, and asked to confirm
  await loginStudent(page, ACCOUNTS.student2);
  await page.goto('/mypage/top');
  await expect(page.getByText(`【繰り上げ当選】「${COURSE}」`).first()).toBeVisible(LOADED);
  await page.goto('/mypage/course/applied');
  await expect(card(page).getByRole('button', { name: /^受講を確定する/ })).toBeVisible(LOADED);
  await expect(card(page).getByText('補欠 1番')).toHaveCount(0);
  await expectAccessible(page);
});
