import { MSG } from '@manabi/shared/validation/messages';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * Entries of the authority-1 menu (admin/layout/admin-menu.ts): SPEC §2 "Admin area"'s four, the contact
 * list of decision 065 and the audit log of decision 067.
 */
const FULL_MENU = [
  '連絡が必要な学生',
  '学生管理',
  '講座管理',
  '入金・返金',
  '操作の記録',
  '個人情報の保存期間',
  '管理者管理',
  'お知らせ管理',
];

test.describe('[管理][ログイン]', () => {
  test('[管理][ログイン] 正しいIDでログインし、ログアウトする', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('ログインID').fill(ACCOUNTS.admin.login_id);
    await page.getByLabel('パスワード').fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();
    // the menu's cards (the work list above them links to some of the same screens)
    const menu = page.getByRole('main').getByRole('region', { name: 'メニュー' });
    for (const label of FULL_MENU) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    const sideMenu = page.getByRole('navigation', { name: '管理メニュー' });
    for (const label of ['トップ', ...FULL_MENU]) {
      await expect(sideMenu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    // the server session is gone, not only the screen
    const session = await page.request.get('/api/auth/admin/session/?touch=0');
    expect(session.status()).toBe(401);
    await expectAccessible(page);
  });

  test('[管理][ログイン] 誤ったIDとパスワードではエラーを表示する', async ({ page }) => {
    await page.goto('/admin/login');
    // a made-up id: failures count towards the lock of that id only
    await page.getByLabel('ログインID').fill('nosuch01');
    await page.getByLabel('パスワード').fill('wrongpass1');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();

    const failure = page.getByText(MSG.loginFailed);
    await expect(failure).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectAccessible(page);
  });

  test('[管理][ログイン] 空のまま送信すると入力エラーを表示する', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/admin/login/')) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByLabel('ログインID')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(loginCalls).toBe(0);
    await expectAccessible(page);
  });

  test('[管理][ログイン] 一定時間操作がなかった後のログイン画面にお知らせを表示する', async ({ page }) => {
    await page.goto('/admin/login?sessionexp=1');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    await expect(page.getByText(MSG.sessionExpired)).toBeVisible();
    await expectAccessible(page);
  });

  test('[管理][ログイン] ログイン済みでログイン画面を開くとトップへ移動する', async ({ page }) => {
    await loginAdmin(page);
    // a browser that has been in the area holds the user's display copy; the login page looks only then
    await page.goto('/admin/course');
    await expect(page.getByRole('heading', { level: 1, name: '講座管理' })).toBeVisible();
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();
    await expectAccessible(page);
  });

  test('[管理][ログイン] 未ログインで管理画面を開くとログイン画面へ移動する', async ({ page }) => {
    for (const path of ['/admin/course', '/admin/top', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
    }
    // no inactivity notice when there simply was no session
    await expect(page.getByText(MSG.sessionExpired)).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('[管理][権限]', () => {
  test('[管理][権限] 権限2の管理者は講座管理だけを見て、他の管理画面では権限がないと知らされる', async ({
    page,
  }) => {
    await loginAdmin(page, ACCOUNTS.univ);
    await page.goto('/admin/top');
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();

    // each card says what authority 2 may do there (it reads and downloads; the office registers and draws)
    const main = page.getByRole('main');
    const courses = main.getByRole('link', { name: /^講座管理/ });
    await expect(courses).toContainText('自分の大学の講座と申込者を確認し');
    await expect(courses).not.toContainText('登録・申込者の管理・抽選を行います');
    // and the door's check-in of its courses
    await expect(main.getByRole('link', { name: /^受付（出席の記録）/ })).toContainText('自分の大学の講座');
    // and the numbers of its courses
    await expect(main.getByRole('link', { name: /^統計・年次報告/ })).toContainText('自分の大学の講座');
    // and the winners of its courses who have not read their result
    await expect(
      main.getByRole('region', { name: 'メニュー' }).getByRole('link', { name: /^連絡が必要な学生/ }),
    ).toContainText('自分の大学の講座');
    // the menu's cards (the work list above it has links of its own)
    await expect(main.getByRole('region', { name: 'メニュー' }).getByRole('link')).toHaveCount(4);
    const sideMenu = page.getByRole('navigation', { name: '管理メニュー' });
    await expect(sideMenu.getByRole('link')).toHaveText([
      'トップ',
      '連絡が必要な学生',
      '講座管理',
      '受付（出席の記録）',
      '統計・年次報告',
    ]);
    await expectAccessible(page);

    // a refusal is said to be one, not an outage: no 「システムエラー」, and what to do instead
    for (const path of ['/admin/notification/category', '/admin/student', '/admin/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/apierror\?forbidden=1$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'この画面を使う権限がありません' }),
      ).toBeVisible();
      await expect(page.getByText('システムエラー')).toHaveCount(0);
      await expect(page.getByText(MSG.internal)).toHaveCount(0);
      await expect(page.getByText('この作業が必要なときは、事務局にご相談ください。')).toBeVisible();
    }
    await expectAccessible(page);

    await page.goto('/admin/student');
    await page.getByRole('link', { name: '管理画面トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/admin\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();
  });

  test('[管理][権限] 権限1の管理者のトップのカードは、すべての作業を説明する', async ({ page }) => {
    await loginAdmin(page);
    await page.goto('/admin/top');
    await expect(page.getByRole('main').getByRole('link', { name: /^講座管理/ })).toContainText(
      '講座の登録・申込者の管理・抽選を行います。',
    );
    await expect(page.getByRole('region', { name: 'メニュー' }).getByRole('link')).toHaveCount(10);
  });
});

test.describe('[管理][エラー]', () => {
  test('[管理][エラー] 存在しないページはトップへのリンクがある404ページになる', async ({ page }) => {
    await loginAdmin(page);
    await page.goto('/admin/xyz');
    await expect(page).toHaveURL(/\/admin\/xyz$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByText(MSG.notFound)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: '管理画面トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/admin\/top$/);
    await expect(page.getByRole('heading', { level: 1, name: '管理画面トップ' })).toBeVisible();
  });
});
