import { MSG } from '@manabi/shared/validation/messages';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { addStudentAsAdmin } from './data';
import { ACCOUNTS, expect, expectAccessible, loginStudent, test } from './fixtures';

/** The four big buttons of /mypage/top (SPEC §2 "My-page guarded" top). */
const TOP_MENU = ['あなたへのお知らせ', '講座を探す', '申込状況・受講履歴', '利用者情報'];

const loginTitle = (page: Page) => page.getByRole('heading', { level: 1, name: 'マイページ ログイン' });

/** Types the student number and password into the login form and submits it. */
async function submitLogin(page: Page, account: { login_id: string; password: string }) {
  await page.getByLabel('学生番号').fill(account.login_id);
  await page.getByLabel('パスワード').fill(account.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

test.describe('[マイページ][ログイン]', () => {
  test('[マイページ][ログイン] 学生番号でログインし、ログアウトする', async ({ page }) => {
    await page.goto('/mypage/login');
    await expect(loginTitle(page)).toBeVisible();
    await expectAccessible(page);

    await submitLogin(page, ACCOUNTS.student2);
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('佐藤 健一さん、こんにちは')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'マイページのメニュー' });
    for (const label of TOP_MENU) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    await expect(menu.getByRole('link')).toHaveCount(TOP_MENU.length);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/mypage\/login$/);
    await expect(loginTitle(page)).toBeVisible();
    const session = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(session.status()).toBe(401);
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 誤った学生番号とパスワードではエラーを表示する @phone', async ({ page }) => {
    await page.goto('/mypage/login');
    // a made-up id: failures count towards the lock of that id only
    await submitLogin(page, { login_id: 'nosuch02', password: 'wrongpass2' });
    await expect(page.getByText(MSG.loginFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/mypage\/login$/);
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 続けて失敗するとロックされたことを知らせる', async ({ page }) => {
    await page.goto('/mypage/login');
    // a made-up id of this journey only: five failures lock it (unknown ids lock too: no enumeration)
    const answered = () => page.waitForResponse((r) => r.url().includes('/api/auth/mypage/login/'));
    await Promise.all([answered(), submitLogin(page, { login_id: 'nosuch05', password: 'wrongpass0' })]);
    await expect(page.getByText(MSG.loginFailed)).toBeVisible();
    for (let i = 1; i < 5; i++) {
      await Promise.all([answered(), submitLogin(page, { login_id: 'nosuch05', password: `wrongpass${i}` })]);
    }
    await Promise.all([answered(), submitLogin(page, { login_id: 'nosuch05', password: 'wrongpass9' })]);
    await expect(page.getByText(/一時的にロックされています/)).toBeVisible();
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 一定時間操作がなかった後のログイン画面にお知らせを表示する', async ({
    page,
  }) => {
    await page.goto('/mypage/login?sessionexp=1');
    await expect(loginTitle(page)).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toBeVisible();
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 未ログインで開いたページへ、ログイン後に戻る', async ({ page }) => {
    await page.goto('/mypage/news/1');
    await expect(page).toHaveURL(/\/mypage\/login\?next=%2Fmypage%2Fnews%2F1$/);
    await expect(loginTitle(page)).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toHaveCount(0);
    await expectAccessible(page);

    await submitLogin(page, ACCOUNTS.student1);
    await expect(page).toHaveURL(/\/mypage\/news\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByText('山田 花子さん、こんにちは')).toBeVisible();
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 未ログインでトップやルートを開くとnextを付けずにログイン画面へ移動する', async ({
    page,
  }) => {
    for (const path of ['/mypage/top', '/mypage', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/mypage\/login$/);
      await expect(loginTitle(page)).toBeVisible();
    }
  });

  test('[マイページ][ログイン] マイページ以外を指すnextは無視してトップへ移動する', async ({ page }) => {
    for (const next of ['https://evil.example/', '//evil.example', '/admin/top', '/mypage/login']) {
      await page.context().clearCookies();
      await page.goto(`/mypage/login?next=${encodeURIComponent(next)}`);
      await expect(loginTitle(page)).toBeVisible();
      await submitLogin(page, ACCOUNTS.student1);
      await expect(page, `next=${next}`).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/mypage\/top$/);
      await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
    }
  });

  test('[マイページ][ログイン] ログイン済みでログイン画面を開くとトップへ移動する', async ({ page }) => {
    await loginStudent(page);
    // a browser that has been in the my-page holds the user's display copy; the login page looks only then
    await page.goto('/mypage/user');
    await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
    await page.goto('/mypage/login');
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await page.goto('/mypage');
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
    await expectAccessible(page);
  });

  test('[マイページ][ログイン] 退会した学生は、正しいパスワードのときだけ登録が終わったことと事務局の電話番号を知る @phone', async ({
    page,
    playwright,
  }) => {
    // a student of this journey's own, who withdraws on the my-page (decision 072)
    const office = await adminApi(playwright);
    const loginId = await addStudentAsAdmin(office, { generation: '2651', password: 'leftpass51' });
    await office.dispose();
    await loginStudent(page, { login_id: loginId, password: 'leftpass51' });
    const view = await (await page.request.get('/api/mypage/user/withdraw/')).json();
    const withdrawn = await page.request.post('/api/mypage/user/withdraw/', {
      data: { updated_at: view.updated_at, understood: '1', password: 'leftpass51' },
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    await page.context().clearCookies();

    // a wrong password hears what any wrong password hears
    await page.goto('/mypage/login');
    await submitLogin(page, { login_id: loginId, password: 'wrongpass1' });
    await expect(page.getByText(MSG.loginFailed)).toBeVisible();
    await expect(page.getByText('退会')).toHaveCount(0);

    // the right one: the registration has ended, and the office's phone, as a number a phone can call
    await submitLogin(page, { login_id: loginId, password: 'leftpass51' });
    const refusal = page.getByRole('alert').filter({ hasText: 'ご登録' });
    await expect(refusal).toContainText('この学生番号のご登録は、退会の手続きにより終了しています。');
    await expect(refusal).not.toContainText(MSG.loginFailed);
    const phone = refusal.getByRole('link', { name: /^\d{2,4}-\d{2,4}-\d{3,4}$/ });
    await expect(phone).toHaveAttribute('href', /^tel:\d+$/);
    await expect(refusal).toBeFocused();
    await expect(page).toHaveURL(/\/mypage\/login$/);
    await expectAccessible(page);
    const session = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(session.status()).toBe(401);
  });
});

test.describe('[マイページ][エラー]', () => {
  test('[マイページ][エラー] 存在しないページは404ページになり、トップへ戻れる', async ({ page }) => {
    await loginStudent(page);
    for (const path of ['/mypage/xyz', '/mypage/notfound']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
      await expect(page.getByText(MSG.notFound)).toBeVisible();
      // a missing page is not an outage: nothing of 「混み合っているか、障害が」
      await expect(page.getByText(MSG.internal)).toHaveCount(0);
      await expectAccessible(page);
    }
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
  });

  test('[マイページ][エラー] 権限エラーの画面からログアウトできる', async ({ page }) => {
    await loginStudent(page);
    await page.goto('/mypage/apierror?forbidden=1');
    await expect(page.getByRole('heading', { level: 1, name: 'この画面は表示できません' })).toBeVisible();
    await expect(page.getByText(MSG.forbidden)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'ログアウトする' }).click();
    await expect(page).toHaveURL(/\/mypage\/login$/);
    await expect(loginTitle(page)).toBeVisible();
    const session = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(session.status()).toBe(401);
  });

  test('[マイページ][エラー] システムエラーの画面からトップへ戻れる', async ({ page }) => {
    await loginStudent(page);
    await page.goto('/mypage/apierror');
    await expect(page.getByRole('heading', { level: 1, name: 'システムエラー' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
  });
  test('[マイページ][エラー] /mypage/error はログアウトしてログイン画面へ案内する @phone', async ({
    page,
  }) => {
    await loginStudent(page);
    await page.goto('/mypage/error');
    await expect(page.getByRole('heading', { level: 1, name: 'エラーが発生しました' })).toBeVisible();
    await expect(page.getByText(MSG.internal)).toBeVisible();
    await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible();
    const session = await page.request.get('/api/auth/mypage/session/?touch=0');
    expect(session.status()).toBe(401);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expect(page).toHaveURL(/\/mypage\/login$/);
  });

  test('[マイページ][エラー] ログインしていない人のシステムエラー（/error）', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(MSG.internal)).toBeVisible();
    await expectAccessible(page);
  });
});
