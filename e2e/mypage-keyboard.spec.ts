import type { Locator, Page } from '@playwright/test';
import { addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * The my-page with the keyboard alone: after the page a journey starts on, every step is a key
 * press — Tab / Shift+Tab to reach a control (which proves it is in the tab order), Enter / Space / Escape
 * to use it — and what a screen reader relies on is asserted as ARIA: the live regions that announce the
 * search count, the form errors and the completion, and where focus lands. Each journey adds its own
 * course and a student of generation 2514 through the admin API, so no other journey's data is touched.
 */

/** Most presses a control may be away in tab order; more means it is effectively unreachable. */
const MAX_TABS = 40;

/** A short description of the focused element, for failure messages. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most MAX_TABS times; fails naming what has focus
 * instead. Returns the number of presses.
 */
async function tabTo(page: Page, target: Locator, what: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target, `${what} is on the page`).toBeAttached();
  for (let presses = 0; presses <= MAX_TABS; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(
    `${what}: not reached in ${MAX_TABS} presses of ${key}; focus is on ${await focusedElement(page)}`,
  );
}

/**
 * The focused control shows the focus ring (styles.css: 4px outline for :focus-visible and react-aria's
 * data-focus-visible, which sits on the label of a visually hidden checkbox or radio).
 */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const shown = el.closest('label[data-focus-visible]') ?? el;
    const style = getComputedStyle(shown);
    return {
      marked: shown.matches(':focus-visible') || shown.hasAttribute('data-focus-visible'),
      outline: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
    };
  });
  expect(ring.marked, 'focus-visible').toBe(true);
  expect(ring.outline).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

/** A student of generation 2514 (this file's), added as admin; the admin is logged out again. */
async function addStudent(page: Page, password: string): Promise<string> {
  await loginAdmin(page);
  const loginId = await addStudentAsAdmin(page.request, { generation: '2514', password });
  await page.request.get('/api/auth/admin/logout/');
  return loginId;
}

test.describe('[マイページ][キーボード]', () => {
  test('[マイページ][キーボード] ログインから検索・申込・申込状況・キャンセルまでキーボードだけで操作でき、結果と完了が読み上げられる', async ({
    page,
  }) => {
    // a first-come course that cannot be cancelled after its period: the agreement is ticked with Space
    const name = `E2Eキーボード講座${uniqueTag()}`;
    await loginAdmin(page);
    await addCourseAsAdmin(page.request, { course_name: name, keyword: 'E2E', cancel: '0', is_lottery: '0' });
    await page.request.get('/api/auth/admin/logout/');
    const password = 'keyboard2514';
    const loginId = await addStudent(page, password);

    // ---- login: an empty submit moves focus to the error summary, whose links lead to the fields
    await page.goto('/mypage/login');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: '本文へ移動' }), 'skip link');
    const idField = page.getByRole('textbox', { name: /学生番号/ });
    await tabTo(page, idField, '学生番号');
    await expectVisibleFocus(idField);
    await page.keyboard.press('Enter');
    const summary = page.getByRole('alert').filter({ hasText: '入力内容にエラーがあります（2件）' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('学生番号');
    await expect(summary).toContainText('パスワード');
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    const toIdField = summary.getByRole('link', { name: /^学生番号：/ });
    await expectVisibleFocus(toIdField);
    await page.keyboard.press('Enter');
    await expect(idField).toBeFocused();
    await page.keyboard.type(loginId);
    const passwordField = page.getByLabel('パスワード');
    await tabTo(page, passwordField, 'パスワード');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');

    // ---- top: focus starts at the page title; the menu is reached by Tab
    const topTitle = page.getByRole('heading', { level: 1, name: 'マイページ トップ' });
    await expect(topTitle).toBeFocused();
    await expectAccessible(page);
    const toSearch = page.getByRole('navigation', { name: 'マイページのメニュー' }).getByRole('link', {
      name: /^講座を探す/,
    });
    await tabTo(page, toSearch, '講座を探す');
    await expectVisibleFocus(toSearch);
    await page.keyboard.press('Enter');

    // ---- search: the count of the results is announced in a polite live region
    await expect(page.getByRole('heading', { level: 1, name: '講座を探す' })).toBeFocused();
    await expectAccessible(page);
    const keyword = page.getByRole('textbox', { name: /キーワード/ });
    await tabTo(page, keyword, 'キーワード');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/keyword=/);
    // role=status is a polite live region: the count is read once the answer is there
    await expect(page.getByRole('status').filter({ hasText: '受付中の講座は全1件です。' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: /受付中の講座（全1件）/ })).toBeVisible();
    await expectAccessible(page);
    // from the search field, the card's link is further on in tab order
    const courseLink = page.getByRole('link', { name, exact: true });
    await tabTo(page, courseLink, 'the course card');
    await expectVisibleFocus(courseLink);
    await page.keyboard.press('Enter');

    // ---- detail → apply
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expectAccessible(page);
    const applyLink = page.getByRole('link', { name: 'この講座に申し込む' });
    await tabTo(page, applyLink, 'この講座に申し込む');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: '講座の申込内容の確認' })).toBeFocused();
    await expectAccessible(page);
    const agree = page.getByRole('checkbox', { name: '上記の注意事項を確認し、同意します' });
    await tabTo(page, agree, 'the agreement');
    await expectVisibleFocus(agree);
    await page.keyboard.press('Space');
    await expect(agree).toBeChecked();
    const confirm = page.getByRole('button', { name: '申込を確定' });
    await tabTo(page, confirm, '申込を確定');
    await expectVisibleFocus(confirm);
    await page.keyboard.press('Enter');

    // ---- completion: focus moves to the title that says it is done, so it is read at once
    const done = page.getByRole('heading', { level: 1, name: '講座の申込が完了しました' });
    await expect(done).toBeFocused();
    await expectAccessible(page);
    await tabTo(page, page.getByRole('link', { name: '申込状況を見る' }), '申込状況を見る');
    await page.keyboard.press('Enter');

    // ---- applied list → cancel
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeFocused();
    const applied = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await expect(applied.getByText('受講が決まりました', { exact: true })).toBeVisible();
    await expectAccessible(page);
    const cancelLink = applied.getByRole('link', { name: /^申込をキャンセルする/ });
    await tabTo(page, cancelLink, 'the cancel link of the course');
    await expectVisibleFocus(cancelLink);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: '申込のキャンセル' })).toBeFocused();
    await expect(page.getByText(name)).toBeVisible();
    await expectAccessible(page);
    const cancel = page.getByRole('button', { name: '受講をキャンセルする' });
    await tabTo(page, cancel, '受講をキャンセルする');
    // 戻る comes just before it: Shift+Tab reaches it, Tab comes back
    await tabTo(page, page.getByRole('link', { name: '戻る' }), '戻る', 'Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 2, name: '講座のキャンセルが完了しました' }),
    ).toBeFocused();
    await expectAccessible(page);
    await tabTo(page, page.getByRole('link', { name: '申込状況へ' }), '申込状況へ');
    await page.keyboard.press('Enter');

    // ---- the list leaves cancelled courses out; ticking キャンセル (Space) shows it as cancelled
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0);
    const cancelled = page
      .getByRole('group', { name: '抽選状況' })
      .getByRole('checkbox', { name: 'キャンセル' });
    await tabTo(page, cancelled, 'the キャンセル tick');
    await page.keyboard.press('Space');
    await expect(cancelled).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: '検索する' }), '検索する');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/lottery_status_4=1/);
    await expect(applied.getByText('キャンセル', { exact: true })).toBeVisible();
    await expect(applied.getByRole('link', { name: /申込をキャンセルする/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^申込状況の一覧は全\d+件です。$/ })).toHaveCount(
      1,
    );
    await expectAccessible(page);
  });

  test('[マイページ][キーボード] トップからお知らせを開いて読み、一覧へ戻る', async ({ page }) => {
    const password = 'keyboard2514';
    await loginStudent(page, { login_id: await addStudent(page, password), password });
    await page.goto('/mypage/top');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
    const news = page.getByRole('region', { name: 'お知らせ' });
    const first = news.getByRole('listitem').first().getByRole('link');
    const title = (await first.textContent()) ?? '';
    expect(title).not.toBe('');
    await expectAccessible(page);

    await tabTo(page, first, 'the newest notice');
    await expectVisibleFocus(first);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
    await expectAccessible(page);
    const back = page.getByRole('link', { name: 'お知らせ一覧へ戻る' });
    await tabTo(page, back, 'お知らせ一覧へ戻る');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mypage\/news\/[12]$/);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expectAccessible(page);
  });

  test('[マイページ][キーボード] 学生証はダイアログで開き、フォーカスは中に留まり、Escape で閉じてボタンに戻る', async ({
    page,
  }) => {
    const password = 'keyboard2514';
    const loginId = await addStudent(page, password);
    await loginStudent(page, { login_id: loginId, password });
    await page.goto('/mypage/top');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();

    const cardButton = page.getByRole('banner').getByRole('button', { name: '学生証' });
    await tabTo(page, cardButton, '学生証');
    await expectVisibleFocus(cardButton);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: '学生証' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(loginId);
    const inDialog = () => dialog.evaluate((d) => d.contains(document.activeElement));
    expect(await inDialog()).toBe(true);
    // the page behind is out of reach: Tab and Shift+Tab stay inside the dialog
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(), `focus after ${key}: ${await focusedElement(page)}`).toBe(true);
    }
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(cardButton).toBeFocused();

    // and the close button works from the keyboard too
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: '閉じる' }), '閉じる');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(cardButton).toBeFocused();
    await expectAccessible(page);
  });

  test('[マイページ][キーボード] スマートフォン幅では「本文へ移動」でメニューを飛ばし、メニューはキーボードで開ける @phone', async ({
    page,
  }) => {
    const password = 'keyboard2514';
    await loginStudent(page, { login_id: await addStudent(page, password), password });
    await page.goto('/mypage/course/applied');
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '本文へ移動' });
    await expectVisibleFocus(skip);
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await expect(main).toBeFocused();
    // the next Tab is inside the main content, past the header and the folded menu
    await page.keyboard.press('Tab');
    expect(
      await main.evaluate((m) => m.contains(document.activeElement) && m !== document.activeElement),
      `focus after Tab: ${await focusedElement(page)}`,
    ).toBe(true);

    // the folded side menu (below 768 px): its button is just before the content, Enter opens it, Tab
    // enters the list
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      const menu = page.getByRole('navigation', { name: 'マイページメニュー' });
      const toggle = menu.getByRole('button', { name: 'メニュー' });
      await tabTo(page, toggle, 'メニュー', 'Shift+Tab');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expectVisibleFocus(toggle);
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: 'トップ' })).toBeFocused();
    }
    await expectAccessible(page);
  });
});
