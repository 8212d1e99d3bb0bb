import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * A course's state follows its last class (decision 089): the demo's finished courses have no dated
 * sessions, and the office has recorded their last class (attendance of the final session, 受講済み), so they
 * read 終了 — not 開講中 by the weekly rhythm of their 回数 — while a course still being attended stays 開講中.
 */

/** A course's row in the office's list, found by its code (the 講座ID cell). */
const rowOf = (page: Page, code: string) =>
  page
    .getByRole('table', { name: '講座一覧' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: code, exact: true }) });

/** Searches the list by the start of the code (one page is enough for each search below). */
async function searchCode(page: Page, code: string) {
  await page.getByLabel('講座ID').fill(code);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`course_id=${code}`));
  await expect(page.getByText('検索中...')).toHaveCount(0);
}

test('[管理][講座] 終わった講座は「終了」、受講中の講座は「開講中」と一覧に出る', async ({ page }) => {
  await loginAdmin(page);
  // every public course whatever its dates
  await page.goto('/admin/course');
  await page.getByRole('button', { name: '条件をクリア' }).click();

  // 港区の歴史散歩 (C2501): fifteen classes held and recorded; みなと学院大学「世界の港町」 (C2503): six of
  // fifteen so far
  await searchCode(page, 'C250');
  for (const code of ['C2501', 'C2502']) await expect(rowOf(page, code)).toContainText('終了');
  await expect(rowOf(page, 'C2503')).toContainText('開講中');
  // 【終了】相続と遺言の基礎 (C2623): ten classes of ten recorded
  await searchCode(page, 'C262');
  await expect(rowOf(page, 'C2623')).toContainText('終了');
  await expectAccessible(page);

  // the state filter reads the same rule on the server
  await page.locator('form').getByRole('button', { name: /状態/ }).click();
  await page.getByRole('option', { name: '終了', exact: true }).click();
  await searchCode(page, 'C250');
  await expect(page).toHaveURL(/state=ended/);
  await expect(rowOf(page, 'C2501')).toBeVisible();
  await expect(rowOf(page, 'C2503')).toHaveCount(0);
});
