import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * The first screen on a phone shows content: at 375 × 740 with the large font and the black
 * scheme, the course search shows the first course's name without scrolling; the display choices fold
 * into 「設定」 (with the greeting and ログアウト) and the search form into 「絞り込み」, which counts the conditions in force. On a wide
 * screen the choices stay in the header and the form stays open. Read-only on the demo data (24040001).
 */

const PHONE = { width: 375, height: 740 };
/** A demo course that is always accepting (demo dates follow today). */
const DEMO_COURSE = 'みなと学院大学 公開講座「海と港の経済学」';
const DEMO_KEYWORD = '海と港の経済学';

const html = (page: Page) => page.locator('html');
const searchToggle = (page: Page) => page.getByRole('button', { name: /^絞り込み/ });
const resultsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^受付中の講座/ });
const courseNames = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 });
const radio = (page: Page, group: '背景色' | '文字サイズ', label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });
/** A choice picked as a user does: a tap on its visible label. */
const choose = (page: Page, group: '背景色' | '文字サイズ', label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

/** Saves the scheme and font as the app does (localStorage keys of lib/prefs.ts) before the page loads. */
async function savePrefs(page: Page, prefs: { color: string; font: string }) {
  await page.goto('/mypage/login');
  await page.evaluate(({ color, font }) => {
    localStorage.setItem('screen-color', color);
    localStorage.setItem('color-standard', font);
  }, prefs);
}

test('[マイページ][最初の画面] スマートフォン幅・大きい文字・黒で、講座名が最初の画面に見え、表示設定と絞り込みが使える @phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginStudent(page);
  await savePrefs(page, { color: 'black', font: 'large' });

  await page.goto('/mypage/course/search/accepting');
  await expect(html(page)).toHaveAttribute('data-theme', 'black');
  await expect(html(page)).toHaveAttribute('data-font', 'large');
  const firstName = courseNames(page).first();
  await expect(firstName).toBeVisible();
  await expect(page.getByText('読み込み中...')).toHaveCount(0);
  // the first course's name is on the first screen, not below a screenful of settings and fields
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await firstName.boundingBox();
  expect(box, 'the first course name has a box').not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  // folded: no radio buttons in the header, no search fields above the list
  await expect(page.getByRole('radiogroup', { name: '背景色' })).toHaveCount(0);
  await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'キーワード' })).toBeHidden();
  await expectAccessible(page);

  // 設定 by keyboard: Enter opens it, the font changes with the arrow keys, Escape closes it
  const prefsButton = page.getByRole('button', { name: '設定', exact: true });
  await expect(prefsButton).toHaveAttribute('aria-expanded', 'false');
  await prefsButton.focus();
  await page.keyboard.press('Enter');
  const prefsDialog = page.getByRole('dialog', { name: '設定' });
  await expect(prefsDialog).toBeVisible();
  await expect(prefsButton).toHaveAttribute('aria-expanded', 'true');
  await expect(radio(page, '背景色', '黒')).toBeChecked();
  await expect(radio(page, '文字サイズ', '大きい')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(radio(page, '背景色', '黒')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(radio(page, '文字サイズ', '大きい')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(radio(page, '文字サイズ', '標準')).toBeChecked();
  await expect(html(page)).not.toHaveAttribute('data-font', 'large');
  await page.keyboard.press('Escape');
  await expect(prefsDialog).toBeHidden();
  await expect(prefsButton).toBeFocused();
  await expect(prefsButton).toHaveAttribute('aria-expanded', 'false');

  // remembered after a reload
  await page.reload();
  await expect(courseNames(page).first()).toBeVisible();
  await expect(html(page)).not.toHaveAttribute('data-font', 'large');
  await expect(html(page)).toHaveAttribute('data-theme', 'black');

  // by touch, and in the blue scheme too: the popover passes axe; 閉じる closes it
  await prefsButton.click();
  await choose(page, '背景色', '青');
  await expect(html(page)).toHaveAttribute('data-theme', 'blue');
  await expectAccessible(page);
  await choose(page, '背景色', '黒');
  await choose(page, '文字サイズ', '大きい');
  await expect(html(page)).toHaveAttribute('data-font', 'large');
  await expectAccessible(page);
  await prefsDialog.getByRole('button', { name: '閉じる' }).click();
  await expect(prefsDialog).toBeHidden();
  // the scripts the page fetches from here on: the folded form's code is not among them until it opens
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const formCode = () => scripts.filter((path) => /\/course-search-form-[^/]*\.js$/.test(path));
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-font', 'large');
  await expect(html(page)).toHaveAttribute('data-theme', 'black');

  // 絞り込み opens the form; a search folds it again, says 1 condition and moves focus to the results
  await expect(resultsHeading(page)).toContainText(/（全\d+件）/);
  expect(scripts.length, 'the page was loaded afresh').toBeGreaterThan(0);
  expect(formCode(), 'no search form code before 絞り込み is opened').toEqual([]);
  await searchToggle(page).click();
  await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'true');
  const keyword = page.getByRole('textbox', { name: 'キーワード' });
  await expect(keyword).toBeVisible();
  expect(formCode(), 'the form code is fetched when 絞り込み opens').toHaveLength(1);
  await expectAccessible(page);
  await keyword.fill(DEMO_KEYWORD);
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(resultsHeading(page)).toContainText('（全1件）');
  await expect(courseNames(page)).toHaveText([DEMO_COURSE]);
  await expect(searchToggle(page)).toHaveAccessibleName(/^絞り込み.*1/);
  await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(keyword).toBeHidden();
  await expect(resultsHeading(page)).toBeFocused();
  await expect(page.getByText(`キーワード「${DEMO_KEYWORD}」`)).toBeVisible();
  await expectAccessible(page);

  // the condition stays after a reload (it is in the URL); 条件をクリア lists everything again
  await page.reload();
  await expect(searchToggle(page)).toHaveAccessibleName(/^絞り込み.*1/);
  await expect(resultsHeading(page)).toContainText('（全1件）');
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(searchToggle(page)).toHaveAccessibleName('絞り込み');
  await expect(searchToggle(page)).toBeFocused();
  await expect(resultsHeading(page)).not.toContainText('（全1件）');
  await expect(resultsHeading(page)).toContainText(/（全\d+件）/);
  await expect(page.getByText(`キーワード「${DEMO_KEYWORD}」`)).toHaveCount(0);
  await searchToggle(page).click();
  await expect(keyword).toHaveValue('');
  await expectAccessible(page);
});

test('[マイページ][最初の画面] 広い画面では背景色と文字サイズが見出しに並び、検索欄は開いている', async ({
  page,
}) => {
  await loginStudent(page);
  await page.goto('/mypage/course/search/accepting');
  await expect(courseNames(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '設定', exact: true })).toHaveCount(0);
  await choose(page, '文字サイズ', '大きい');
  await expect(html(page)).toHaveAttribute('data-font', 'large');
  await page.reload();
  await expect(radio(page, '文字サイズ', '大きい')).toBeChecked();
  await expect(html(page)).toHaveAttribute('data-font', 'large');
  await choose(page, '文字サイズ', '標準');
  await expect(html(page)).not.toHaveAttribute('data-font', 'large');

  // the form is open at first; a search keeps it open and counts the condition on 絞り込み
  await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(DEMO_KEYWORD);
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(resultsHeading(page)).toContainText('（全1件）');
  await expect(searchToggle(page)).toHaveAccessibleName(/^絞り込み.*1/);
  await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  // folded, the condition in force is still said
  await searchToggle(page).click();
  await expect(page.getByRole('textbox', { name: 'キーワード' })).toBeHidden();
  await expect(page.getByText(`キーワード「${DEMO_KEYWORD}」`)).toBeVisible();
  await expectAccessible(page);
});
