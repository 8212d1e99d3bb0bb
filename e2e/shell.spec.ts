import type { Page } from '@playwright/test';
import { tokyoLocal } from './data';
import { expect, expectAccessible, loginStudent, test } from './fixtures';

/** localStorage keys of the original product (packages/web/src/lib/prefs.ts). */
const COLOR_KEY = 'screen-color';
const FONT_KEY = 'color-standard';

const topTitle = (page: Page) => page.getByRole('heading', { level: 1, name: 'マイページ トップ' });
const colorChoice = (page: Page, label: '白' | '青' | '黒') =>
  page.getByRole('radiogroup', { name: '背景色' }).getByRole('radio', { name: label, exact: true });
const fontChoice = (page: Page, label: '標準' | '大きい') =>
  page.getByRole('radiogroup', { name: '文字サイズ' }).getByRole('radio', { name: label, exact: true });
/** Picks a choice the way a user does: a click on its visible label (the radio itself is visually hidden). */
const choose = (page: Page, group: '背景色' | '文字サイズ', label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'マイページメニュー' });

/** The theme attributes on <html> and the saved values, read in one go. */
async function lookOf(page: Page) {
  return page.evaluate(
    ({ colorKey, fontKey }) => ({
      theme: document.documentElement.getAttribute('data-theme'),
      font: document.documentElement.getAttribute('data-font'),
      savedColor: localStorage.getItem(colorKey),
      savedFont: localStorage.getItem(fontKey),
    }),
    { colorKey: COLOR_KEY, fontKey: FONT_KEY },
  );
}

test.describe('[マイページ][共通]', () => {
  test('[マイページ][共通] 背景色と文字サイズの選択が保存され、再読み込み後も表示前に適用される', async ({
    page,
  }) => {
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(topTitle(page)).toBeVisible();
    await expect(colorChoice(page, '白')).toBeChecked();
    await expect(fontChoice(page, '標準')).toBeChecked();
    expect(await lookOf(page)).toEqual({ theme: null, font: null, savedColor: null, savedFont: null });

    await choose(page, '背景色', '青');
    await choose(page, '文字サイズ', '大きい');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
    expect(await lookOf(page)).toEqual({
      theme: 'blue',
      font: 'large',
      savedColor: 'blue',
      savedFont: 'large',
    });
    await expectAccessible(page);

    // Before first paint: reload with the app's scripts emptied, so only public/prefs.js (a synchronous
    // script in <head>) can have set the attributes.
    await page.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.reload();
    expect(await lookOf(page)).toMatchObject({ theme: 'blue', font: 'large' });
    await page.unroute('**/assets/*.js');

    // and with the app running, the choices stay and the radios show them
    await page.reload();
    await expect(topTitle(page)).toBeVisible();
    await expect(colorChoice(page, '青')).toBeChecked();
    await expect(fontChoice(page, '大きい')).toBeChecked();
    expect(await lookOf(page)).toEqual({
      theme: 'blue',
      font: 'large',
      savedColor: 'blue',
      savedFont: 'large',
    });

    await choose(page, '背景色', '黒');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
    await expectAccessible(page);
    await page.reload();
    await expect(topTitle(page)).toBeVisible();
    await expect(colorChoice(page, '黒')).toBeChecked();
    expect(await lookOf(page)).toMatchObject({ theme: 'black', font: 'large', savedColor: 'black' });

    // back to the standard look: white removes the attribute
    await choose(page, '背景色', '白');
    await choose(page, '文字サイズ', '標準');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expect(page.locator('html')).not.toHaveAttribute('data-font');
    expect(await lookOf(page)).toMatchObject({ savedColor: 'white', savedFont: 'medium' });
  });

  test('[マイページ][共通] 青・黒の背景と大きい文字でもログイン画面と利用者情報は読みやすい', async ({
    page,
  }) => {
    // the public pages use the same choices (they are stored in the browser, not per user)
    await page.goto('/mypage/login');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
    await choose(page, '背景色', '黒');
    await choose(page, '文字サイズ', '大きい');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
    await expectAccessible(page);

    await loginStudent(page);
    await page.goto('/mypage/user');
    await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
    await expectAccessible(page);
    await choose(page, '背景色', '青');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');
    await expectAccessible(page);
  });

  test('[マイページ][共通] 管理画面には背景色の選択を適用しない', async ({ page }) => {
    await page.goto('/mypage/login');
    await choose(page, '背景色', '黒');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expectAccessible(page);
  });

  test('[マイページ][共通] 学生証を表示し、Escapeで閉じる', async ({ page }) => {
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(topTitle(page)).toBeVisible();
    await expect(page.getByRole('banner').getByText('山田 花子さん、こんにちは')).toBeVisible();

    const cardButton = page.getByRole('banner').getByRole('button', { name: '学生証', exact: true });
    await cardButton.click();
    const card = page.getByRole('dialog', { name: '学生証' });
    await expect(card).toBeVisible();
    const [year, month] = tokyoLocal(0).split('-').map(Number) as [number, number];
    const fiscalYear = month >= 4 ? year : year - 1;
    const rows: [term: string, value: string][] = [
      ['学生番号', '24040001'],
      ['氏名', '山田 花子'],
      ['生年月日', '1958年5月12日'],
      // the demo issues the log-in students' cards on 1 April of the fiscal year it was seeded in
      ['発行日', `${fiscalYear}年4月1日`],
      ['有効期限', `${fiscalYear + 2}年3月31日`],
    ];
    for (const [term, value] of rows) {
      const row = card.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: term }) });
      await expect(row.getByRole('definition')).toHaveText(value);
    }
    await expect(card.getByText('上記の者は、本学の学生であることを証明します。')).toBeVisible();
    await expect(card.getByText('まなび市民大学 学長')).toBeVisible();
    // the live date-time line: year/month/day hour:minute (Asia/Tokyo)
    await expect(card.locator('time')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(cardButton).toBeFocused();
  });

  test('[マイページ][共通] サイドメニューはトップにはなく、他のページにはある', async ({ page }) => {
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(topTitle(page)).toBeVisible();
    await expect(sideMenu(page)).toHaveCount(0);

    await page.goto('/mypage/user');
    await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
    await expect(sideMenu(page).getByRole('link')).toHaveText([
      'トップ',
      '利用者情報',
      'お知らせ',
      '講座を探す',
      '申込状況・受講履歴',
      '今後の予定',
      /^参加の手引き/,
    ]);
    await expect(sideMenu(page).getByRole('link', { name: '利用者情報' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('contentinfo')).toContainText('© 2024');
    await expectAccessible(page);

    await sideMenu(page).getByRole('link', { name: 'トップ' }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(topTitle(page)).toBeVisible();
    await expect(sideMenu(page)).toHaveCount(0);
  });

  test('[マイページ][共通] Tabキーで最初にスキップリンクへ移り、本文へ移動できる', async ({ page }) => {
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(topTitle(page)).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: '本文へ移動' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // the next Tab continues inside main (on a class day, today's 学生証を表示する; else the student's first
    // application or the first menu button), not in the header
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator('a, button').first()).toBeFocused();
    await expectAccessible(page);

    // the same on a public page
    await page.context().clearCookies();
    await page.goto('/mypage/login');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '本文へ移動' })).toBeFocused();
  });

  test('[マイページ][共通] スマートフォン幅(375px)で横スクロールせず、メニューボタンでサイドメニューを開く @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginStudent(page);
    const noSideways = () =>
      page.evaluate(() => (document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY) <= 375 + 1);

    await page.goto('/mypage/top');
    await expect(topTitle(page)).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);

    await page.goto('/mypage/user');
    await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
    expect(await noSideways()).toBe(true);
    const menuButton = sideMenu(page).getByRole('button', { name: 'メニュー' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(sideMenu(page).getByRole('link', { name: '講座を探す' })).toBeHidden();
    await menuButton.click();
    await expect(sideMenu(page).getByRole('button', { name: 'メニューを閉じる' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(sideMenu(page).getByRole('link', { name: '講座を探す' })).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);

    // the student ID card fits the phone too
    await page.getByRole('button', { name: '学生証' }).click();
    await expect(page.getByRole('dialog', { name: '学生証' })).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);
  });
});
