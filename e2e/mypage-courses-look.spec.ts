import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * Every course screen of the my-page in the blue and the black scheme with the large font: the choice
 * survives a reload, axe finds nothing, and at 375 px (the phone project) nothing scrolls sideways.
 * Read-only on the demo data of 24040001 (applied to 江戸の町と暮らし, not to はじめての健康ヨガ), so the
 * desktop and phone projects can share the database. A screenshot of each screen is kept with the results.
 */

const SCHEMES = [
  { label: '青', theme: 'blue' },
  { label: '黒', theme: 'black' },
] as const;

/** The course id of a demo course, found as a student would: through the accepting search. */
async function courseId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/mypage/acceptingcourselist/', { params: { keyword: name } });
  expect(res.status()).toBe(200);
  const row = (await res.json()).data_list.find((r: { course_name: string }) => r.course_name === name);
  expect(row, name).toBeTruthy();
  return row.id;
}

const choose = (page: Page, group: '背景色' | '文字サイズ', label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

for (const scheme of SCHEMES) {
  test(`[マイページ][講座] 背景色「${scheme.label}」・大きい文字で講座の画面がすべて読みやすい @phone`, async ({
    page,
  }, testInfo) => {
    await loginStudent(page);
    const edo = await courseId(page, '江戸の町と暮らし');
    const yoga = await courseId(page, 'はじめての健康ヨガ');

    await page.goto('/mypage/course/search/accepting');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await choose(page, '背景色', scheme.label);
    await choose(page, '文字サイズ', '大きい');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme.theme);
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');

    const screens: [path: string, heading: string | RegExp][] = [
      ['/mypage/course/search/accepting', '講座を探す'],
      ['/mypage/course/search/before', '講座を探す'],
      [`/mypage/course/detail/${yoga}`, 'はじめての健康ヨガ'],
      [`/mypage/course/applicant/${yoga}`, /申込/],
      ['/mypage/course/applied', '申込状況・受講履歴'],
      ['/mypage/course/attended', '申込状況・受講履歴'],
      [`/mypage/course/cancel/${edo}`, '申込のキャンセル'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('読み込み中...')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme.theme);
      await expectAccessible(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`${path.replaceAll('/', '_')}-${scheme.theme}.png`),
        fullPage: true,
      });
    }
  });
}
