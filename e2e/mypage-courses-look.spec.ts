import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginStudent, showDisplayPrefs, test } from './fixtures';

/**
 * Every course screen of the my-page in the blue and the black scheme with the large font: the choice
 * survives a reload, axe finds nothing, and at 375 px (the phone project) nothing scrolls sideways.
 * Read-only on the demo data of 24040001, so the desktop and phone projects can share the database; the
 * courses are picked through the API, so what other journeys do to the demo applications does not matter.
 * A screenshot of each screen is kept with the results.
 */

const SCHEMES = [
  { label: '青', theme: 'blue' },
  { label: '黒', theme: 'black' },
] as const;

/**
 * Demo courses to show, picked through the API as the student sees them (other journeys may change the
 * demo applications meanwhile): one the student can apply to, one application the student can cancel.
 */
async function pickCourses(page: Page): Promise<{ applyTo: number; cancelOf: number }> {
  const accepting = await (await page.request.get('/api/mypage/acceptingcourselist/')).json();
  let applyTo = 0;
  for (const row of accepting.data_list as { id: number }[]) {
    const detail = await (await page.request.get('/api/mypage/course/', { params: { id: row.id } })).json();
    if (detail.is_disp_applybtn) {
      applyTo = row.id;
      break;
    }
  }
  const applied = await (await page.request.get('/api/mypage/appliedcourselist/')).json();
  const cancelOf = (applied.data_list as { course_id: number; is_cancelable: boolean }[]).find(
    (r) => r.is_cancelable,
  )?.course_id;
  expect(applyTo, 'a demo course 24040001 can apply to').toBeGreaterThan(0);
  expect(cancelOf, 'an application of 24040001 that can be cancelled').toBeTruthy();
  return { applyTo, cancelOf: cancelOf ?? 0 };
}

const choose = (page: Page, group: '背景色' | '文字サイズ', label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

for (const scheme of SCHEMES) {
  test(`[マイページ][講座] 背景色「${scheme.label}」・大きい文字で講座の画面がすべて読みやすい @phone`, async ({
    page,
  }, testInfo) => {
    await loginStudent(page);
    const { applyTo, cancelOf } = await pickCourses(page);

    await page.goto('/mypage/course/search/accepting');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await showDisplayPrefs(page);
    await choose(page, '背景色', scheme.label);
    await choose(page, '文字サイズ', '大きい');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme.theme);
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');

    const screens: [path: string, heading: string | RegExp][] = [
      ['/mypage/course/search/accepting', '講座を探す'],
      ['/mypage/course/search/before', '講座を探す'],
      [`/mypage/course/detail/${applyTo}`, /.+/],
      [`/mypage/course/applicant/${applyTo}`, '講座の申込内容の確認'],
      ['/mypage/course/applied', '申込状況・受講履歴'],
      ['/mypage/course/attended', '申込状況・受講履歴'],
      [`/mypage/course/cancel/${cancelOf}`, '申込のキャンセル'],
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
