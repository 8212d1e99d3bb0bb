import { MSG } from '@manabi/shared/validation/messages';
import type { Page } from '@playwright/test';
import { SHORT_IDLE_URL } from '../playwright.config';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * The inactivity warning and automatic logout (WCAG 2.2.1; SPEC §4 "Session expiry leads to login with
 * sessionexp=1"), against the server started with SESSION_IDLE_SECONDS=12: the warning opens about 6 s
 * before the end (lead = min(60, timeout / 2)) and the page leaves for the login page at the end.
 * Nothing here touches the session except where a step says so.
 */
test.use({ baseURL: SHORT_IDLE_URL });

/** Long enough for the 12 s idle timeout plus the app's 1 s ticks; bounded so a hang fails fast. */
const IDLE_WAIT = { timeout: 20_000 };

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'まもなく自動的にログアウトします' });

test.describe('[共通][自動ログアウト]', () => {
  test('[マイページ][自動ログアウト] 警告で「ログインを続ける」と延長され、操作しないとログイン画面へ戻る', async ({
    page,
  }) => {
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
    await expect(warning(page)).toHaveCount(0);

    // 1st warning: keep the session
    await expect(warning(page)).toBeVisible(IDLE_WAIT);
    await expect(warning(page)).toContainText('で自動的にログアウトします。');
    const keep = warning(page).getByRole('button', { name: 'ログインを続ける' });
    await expect(keep).toBeFocused();
    await keep.click();
    await expect(warning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    const afterExtend = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(afterExtend.status()).toBe(200);
    // extended: the full idle timeout again, minus the time the click took
    expect((await afterExtend.json()).idle_remaining_sec).toBeGreaterThan(8);

    // 2nd warning: check it, then leave it alone until the session ends
    await expect(warning(page)).toBeVisible(IDLE_WAIT);
    await expectAccessible(page);
    await expect(page).toHaveURL(/\/mypage\/login\?sessionexp=1$/, IDLE_WAIT);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
    const afterExpiry = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(afterExpiry.status()).toBe(401);
    await expectAccessible(page);
  });

  test('[管理][自動ログアウト] 操作しないと警告の後にログイン画面へ戻る', async ({ page }) => {
    await loginAdmin(page);
    await page.goto('/admin/top');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();
    await expectAccessible(page);

    await expect(warning(page)).toBeVisible(IDLE_WAIT);
    await expect(page).toHaveURL(/\/admin\/login\?sessionexp=1$/, IDLE_WAIT);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toBeVisible();
    const afterExpiry = await page.request.get('/api/auth/admin/session/?touch=0');
    expect(afterExpiry.status()).toBe(401);
    await expectAccessible(page);
  });

  test('[マイページ][自動ログアウト] 警告で「ログアウトする」を押すとお知らせなしでログイン画面へ戻る', async ({
    page,
  }) => {
    await loginStudent(page, ACCOUNTS.student2);
    await page.goto('/mypage/top');
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();

    await expect(warning(page)).toBeVisible(IDLE_WAIT);
    await warning(page).getByRole('button', { name: 'ログアウトする' }).click();
    await expect(page).toHaveURL(/\/mypage\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toHaveCount(0);
    const afterLogout = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(afterLogout.status()).toBe(401);
  });
});
