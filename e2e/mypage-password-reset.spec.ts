import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { MAIL_FILE, MAIL_URL } from '../playwright.config';
import { addStudentAsAdmin } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * The my-page password reset (SPEC §2, §4, §8). The full journey runs against the app whose
 * mail goes to the SMTP catcher of scripts/e2e-mail-server.mjs (MAIL_URL) and reads the link out of the
 * mail it received (MAIL_FILE). It uses a student it adds itself: no other journey's password changes.
 */

const MAIL_SENT = 'メールを送信しました';

async function requestResetMail(page: Page, loginId: string, mail: string) {
  await page.goto('/mypage/password');
  await expect(page.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
  await page.getByLabel('学生番号').fill(loginId);
  await page.getByLabel('メールアドレス').fill(mail);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('heading', { level: 2, name: MAIL_SENT })).toBeVisible();
}

test.describe('[マイページ][パスワード再設定]', () => {
  test('[マイページ][パスワード再設定] 誤ったメールアドレスでも同じ送信済み画面を表示する @phone', async ({
    page,
  }) => {
    await page.goto('/mypage/password');
    await expectAccessible(page);
    await requestResetMail(page, ACCOUNTS.student1.login_id, 'not-registered@example.jp');
    await expect(
      page.getByText('ご登録のメールアドレスにパスワード再設定のご案内をお送りしました'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'ログイン画面へ戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/login$/);
  });

  test('[マイページ][パスワード再設定] 無効なURLでは再送のリンクを表示する @phone', async ({ page }) => {
    await page.goto('/mypage/passwordsetting/this-is-not-a-valid-token');
    await expect(page.getByRole('heading', { level: 1, name: '無効なURL' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: '再設定のメールを申し込む' }).click();
    await expect(page).toHaveURL(/\/mypage\/password$/);
  });
});

/** An approved student with a mail address, added through the admin API of the mail app. */
async function addStudent(request: APIRequestContext, loginId: string, mail: string, password: string) {
  await addStudentAsAdmin(request, {
    generation: '2511',
    loginId,
    password,
    fields: {
      name: '再設 太郎',
      name_kana: 'サイセツ タロウ',
      birthday: '1960-01-01',
      phone_1: '03-1111-2511',
      mail_1: mail,
      mail_1_confirm: mail,
      emergency_name: '',
      emergency_emereletion: '',
      emergency_phone: '',
      filing_date: '2025-11-01',
    },
  });
}

/** The reset link of the newest mail the catcher received for `to`. */
async function resetLinkFor(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      let lines: string[] = [];
      try {
        lines = readFileSync(MAIL_FILE, 'utf8').trim().split('\n').filter(Boolean);
      } catch {
        return '';
      }
      const mails = lines.map((l) => JSON.parse(l) as { to: string; subject: string; text: string });
      const mail = mails.filter((m) => m.to.includes(to)).at(-1);
      link = /https?:\/\/\S+\/mypage\/passwordsetting\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test.describe('[マイページ][パスワード再設定] メールのリンクから', () => {
  test.use({ baseURL: MAIL_URL });

  test('[マイページ][パスワード再設定] 届いたメールのリンクで新しいパスワードを設定し、ログインする', async ({
    page,
    browser,
  }) => {
    const loginId = `2511${String(Date.now()).slice(-4)}`;
    const mail = `reset${loginId}@example.jp`;
    await loginAdmin(page);
    await addStudent(page.request, loginId, mail, 'oldpass2511');
    await page.request.get('/api/auth/admin/logout/');

    // another browser where the student is logged in: the reset ends that session
    const other = await browser.newContext({ baseURL: MAIL_URL });
    const login = await other.request.post('/api/auth/mypage/login/', {
      data: { login_id: loginId, password: 'oldpass2511' },
    });
    expect(login.status()).toBe(200);

    await requestResetMail(page, loginId, mail);
    const link = await resetLinkFor(mail);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^新しいパスワード(?!（確認）)/).fill('newpass2511');
    await page.getByLabel('新しいパスワード（確認）').fill('newpass2511');
    await page.getByRole('button', { name: '設定する' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'パスワードを設定しました' })).toBeVisible();
    await expectAccessible(page);

    expect((await other.request.get('/api/auth/mypage/session/?touch=0')).status()).toBe(401);
    await other.close();

    // the link is used up
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: '無効なURL' })).toBeVisible();

    await page.goto('/mypage/login');
    await page.getByLabel('学生番号').fill(loginId);
    await page.getByLabel('パスワード').fill('newpass2511');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
  });
});
