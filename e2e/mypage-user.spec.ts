import type { APIRequestContext, Page } from '@playwright/test';
import { addStudentAsAdmin } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * My-page user info (SPEC §2 user, user/update, user/password). Every write uses a student the
 * journey adds itself through the admin API (generation 2512): 24040001 and 24040002 are never changed.
 */

/** An approved student of generation 2512 with mail 1, added as admin; the admin is logged out after. */
async function addStudent(page: Page, loginId: string, password: string) {
  await loginAdmin(page);
  const mail = `user${loginId}@example.jp`;
  await addStudentAsAdmin(page.request, {
    generation: '2512',
    loginId,
    password,
    fields: {
      name: '利用 太郎',
      name_kana: 'リヨウ タロウ',
      birthday: '1960-01-01',
      phone_1: '03-1111-2512',
      mail_1: mail,
      mail_1_confirm: mail,
      emergency_name: '利用 花子',
      emergency_emereletion: '妻',
      emergency_phone: '03-1111-2513',
      filing_date: '2025-12-01',
    },
  });
  await page.request.get('/api/auth/admin/logout/');
}

const newLoginId = () => `2512${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-4)}`;

const loginStatus = async (request: APIRequestContext, login_id: string, password: string) =>
  (await request.post('/api/auth/mypage/login/', { data: { login_id, password } })).status();

test.describe('[マイページ][利用者情報]', () => {
  test('[マイページ][利用者情報] 自分の情報を表示する @phone', async ({ page }) => {
    await loginStudent(page, ACCOUNTS.student1);
    await page.goto('/mypage/user');
    await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
    await expect(page.getByText(ACCOUNTS.student1.login_id, { exact: true })).toBeVisible();
    // the address as it is written: 芝公園, 丁目 4, 番地 2-8 reads 4丁目 2-8, not 「芝公園42-8」
    await expect(page.getByText('東京都港区芝公園4丁目2-8')).toBeVisible();
    await expect(page.getByText('芝公園42-8')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '連絡先の変更' })).toHaveAttribute(
      'href',
      '/mypage/user/update',
    );
    await expect(page.getByRole('link', { name: 'パスワードの変更' })).toHaveAttribute(
      'href',
      '/mypage/user/password',
    );
    await expect(page.getByRole('link', { name: /利用マニュアル/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: /よくあるご質問/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
  });

  test('[マイページ][利用者情報] 連絡先を変更する（確認・完了）', async ({ page }) => {
    const loginId = newLoginId();
    await addStudent(page, loginId, 'userpass2512');
    await loginStudent(page, { login_id: loginId, password: 'userpass2512' });
    await page.goto('/mypage/user');
    await expect(page.getByText('利用 花子')).toBeVisible();
    await expect(page.getByText('港区芝公園1-1')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: '連絡先の変更' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '連絡先の変更' })).toBeVisible();
    const phone2 = page.getByRole('textbox', { name: /電話番号2/ });
    await phone2.fill('09012345678');
    await phone2.blur();
    await expect(phone2).toHaveValue('090-1234-5678');
    await page.getByRole('textbox', { name: /メールアドレス2/ }).fill(`second${loginId}@example.jp`);
    await expectAccessible(page);
    await page.getByRole('button', { name: '変更内容を確認' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '変更内容の確認' })).toBeVisible();
    await expect(page.getByText('090-1234-5678')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '戻る' }).click();
    await expect(phone2).toHaveValue('090-1234-5678');
    await page.getByRole('button', { name: '変更内容を確認' }).click();
    await page.getByRole('button', { name: '変更を確定' }).click();
    await expect(page.getByText('連絡先の変更が完了しました')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: '利用者情報へ戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/user$/);
    await expect(page.getByText('090-1234-5678')).toBeVisible();
    await expect(page.getByText(`second${loginId}@example.jp`)).toBeVisible();
  });

  test('[マイページ][利用者情報] 現在のパスワード違いを表示し、変更後は新しいパスワードでログインする', async ({
    page,
  }) => {
    const loginId = newLoginId();
    await addStudent(page, loginId, 'oldpass2512');
    await loginStudent(page, { login_id: loginId, password: 'oldpass2512' });
    await page.goto('/mypage/user/password');
    await expect(page.getByRole('heading', { level: 1, name: 'パスワードの変更' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('現在のパスワード').fill('wrongpass1');
    await page.getByLabel(/^新しいパスワード(?!（確認）)/).fill('newpass2512');
    await page.getByLabel('新しいパスワード（確認）').fill('newpass2512');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('現在のパスワードが違います').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('現在のパスワード').fill('oldpass2512');
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('パスワードの変更が完了しました')).toBeVisible();
    await expectAccessible(page);

    expect(await loginStatus(page.request, loginId, 'oldpass2512')).not.toBe(200);
    expect(await loginStatus(page.request, loginId, 'newpass2512')).toBe(200);
  });
});
