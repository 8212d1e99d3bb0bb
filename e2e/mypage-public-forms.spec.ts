import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

// Admissions add pending students with a name of their own per run (never approved or rejected here), so
// the journeys that count pending admissions, which read the count loosely, are not disturbed.

/** The field labelled `label` (a required field's label ends with 「必須」). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

/** Digits as kanji numerals: a name unique to this run that still reads as a name. */
const kanjiDigits = (n: number) =>
  String(n)
    .slice(-6)
    .replace(/\d/g, (d) => '〇一二三四五六七八九'[Number(d)]!);

test('[マイページ][入学申込み] 郵便番号から町名を入れて申し込み、管理画面の承認待ちに出る @phone', async ({
  page,
}) => {
  const given = `花${kanjiDigits(Date.now())}`;
  await page.goto('/mypage/admission');
  await expect(page.getByRole('heading', { level: 1, name: '入学申込み' })).toBeVisible();
  await expect(page.getByText(/10月27日 13:30から入学説明会/)).toBeVisible();
  await expect(page.getByText(/20〜30分/)).toBeVisible();
  await expect(page.getByText(/約1時間/)).toBeVisible();
  await expect(field(page, '生年月日')).toHaveValue(/^\d{4}-01-01$/);
  await expect(page.getByText(/年度末（3月31日）時点の年齢：5[56]歳/)).toBeVisible();
  await expectAccessible(page);

  await field(page, '姓').fill('入学');
  await field(page, '名').fill(given);
  await field(page, '郵便番号').pressSequentially('1050011');
  await expect(field(page, '郵便番号')).toHaveValue('105-0011');
  await field(page, '郵便番号').press('Tab');
  await expect(field(page, '町名')).toHaveValue('港区芝公園');
  await field(page, '丁目').fill('4');
  await field(page, '番地').fill('2-8');
  await field(page, '電話番号1').fill('0312345678');
  // an address of its own per run: one address may make only a few admissions a day
  const mail = `admission-${Date.now()}@example.jp`;
  await field(page, 'メールアドレス1').fill(mail);
  await field(page, 'メールアドレス1（確認）').fill(mail);

  // the agreement is required
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('内容に同意のうえ、チェックを入れてください').first()).toBeVisible();
  await page.locator('label').filter({ hasText: '個人情報の取り扱いに同意して申し込む' }).click();
  await page.getByRole('button', { name: '確認画面へ' }).click();

  await expect(page.getByRole('heading', { name: '申込み内容の確認' })).toBeVisible();
  await expect(page.getByText(`入学 ${given}`)).toBeVisible();
  await expect(page.getByText('東京都港区芝公園4丁目2-8')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '申し込む' }).click();

  await expect(page.getByRole('heading', { name: '申込みを受け付けました' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^\d{2,4}-\d{2,4}-\d{4}$/ })).toBeVisible();
  await expectAccessible(page);

  await loginAdmin(page);
  await page.goto('/admin/student?approval_status=0');
  await field(page, '氏名').fill(`入学 ${given}`);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: `入学 ${given}` });
  await expect(row.getByRole('cell', { name: '承認待ち' })).toBeVisible();
});

test('[マイページ][入学申込み] ログイン中の学生はトップへ移る', async ({ page }) => {
  await loginStudent(page);
  await page.goto('/mypage/admission');
  await expect(page).toHaveURL(/\/mypage\/top$/);
});

test('[マイページ][お問い合わせ] 入力・確認・戻る・送信して受付画面を出す @phone', async ({ page }) => {
  await page.goto('/mypage/inquiry');
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '回答不要' })).toBeChecked();
  await expectAccessible(page);

  await page
    .getByRole('radiogroup', { name: /お問い合わせの種類/ })
    .getByText('その他の質問・相談', { exact: true })
    .click();
  await field(page, 'お問い合わせの詳細').fill('講座の見学はできますか。');
  await field(page, '氏名').fill('鈴木 一郎');
  await field(page, 'メールアドレス').fill('inquiry@example.jp');
  await field(page, 'メールアドレス（確認）').fill('inquiry@example.jp');
  await field(page, '電話番号').fill('03-1234-5678');
  await page.locator('label').filter({ hasText: '個人情報の取り扱いに同意して送信する' }).click();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('ハイフンなしで電話番号を入力してください').first()).toBeVisible();
  await expectAccessible(page);

  await field(page, '電話番号').fill('0312345678');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText('講座の見学はできますか。')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '戻る' }).click();
  await expect(field(page, '氏名')).toHaveValue('鈴木 一郎');
  await expect(field(page, '電話番号')).toHaveValue('0312345678');
  await expect(page.getByRole('radio', { name: 'その他の質問・相談' })).toBeChecked();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '送信する' }).click();

  await expect(page.getByRole('heading', { name: 'お問い合わせを受け付けました' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'トップへ戻る' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});
