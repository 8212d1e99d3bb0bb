import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Network lines Chromium prints for answers the app expects and handles (401 before login, 403 another university's course, 422 wrong password…). */
const EXPECTED_NETWORK =
  /Failed to load resource: the server responded with a status of (401|403|404|409|422|429)/;

export const test = base.extend<{ consoleErrors: string[] }>({
  // every journey fails on a console error or an uncaught exception (epic-stack)
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED_NETWORK.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(String(err)));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const ACCOUNTS = {
  admin: { login_id: 'admin', password: 'adminpass1' },
  univ: { login_id: 'univ01', password: 'univpass01' },
  student1: { login_id: '24040001', password: 'student01' },
  student2: { login_id: '24040002', password: 'student02' },
} as const;

/** Logs in through the API (the browser context keeps the cookie), as a fixture should. */
export async function loginAdmin(
  page: Page,
  account: { login_id: string; password: string } = ACCOUNTS.admin,
) {
  const res = await page.request.post('/api/auth/admin/login/', { data: account });
  expect(res.status()).toBe(200);
}

export async function loginStudent(
  page: Page,
  account: { login_id: string; password: string } = ACCOUNTS.student1,
) {
  const res = await page.request.post('/api/auth/mypage/login/', { data: account });
  expect(res.status()).toBe(200);
}

/** Every screen a journey visits ends with an axe scan (WCAG 2.2 AA) that finds nothing. */
export async function expectAccessible(page: Page) {
  // Scan the settled screen: a colour transition caught half-way (150 ms) reads as a contrast failure
  // that no user sees for longer than that. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
        .map((a) => a.finished),
    ).then(() => undefined),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Opens a list's search form when it is folded behind 「絞り込み」 (folded at first below 640 px,
 * open on wider screens), so one journey line serves the desktop and the phone project.
 */
export async function openSearchForm(page: Page) {
  const toggle = page.getByRole('button', { name: /^絞り込み/ });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/**
 * Shows the 背景色 and 文字サイズ choices: inline in the header of a wide screen, below 640 px behind
 * 「表示設定」 (logged out) or 「設定」 (logged in, with the greeting and ログアウト). Call once the header is
 * on the page.
 */
export async function showDisplayPrefs(page: Page) {
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(表示設定|設定)$/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click();
}

/**
 * Logs the student out as a user does: ログアウト in the header of a wide screen, inside 「設定」 on a phone
 * (the header is one line there).
 */
export async function logoutStudent(page: Page) {
  await showDisplayPrefs(page);
  await page.getByRole('button', { name: 'ログアウト' }).click();
}

/**
 * One of a page's tabs (ui/tabs.tsx): a link in a navigation inside the main content; the tab of the page
 * on screen carries aria-current="page".
 */
export function pageTab(page: Page, name: string | RegExp) {
  return page
    .getByRole('main')
    .getByRole('navigation')
    .getByRole('link', { name, exact: typeof name === 'string' });
}
