import type { Browser, BrowserContext, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { addStudentAsAdmin } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * 住所変更の届出 (decision 040): the student sends a new address from the my-page on a phone (375 px,
 * 文字サイズ 大きい), the office approves or returns it on the student's page at 1280 px, and the student
 * sees the outcome. Each journey adds its own student (generation 2540); the demo students stay as they are.
 */

const OLD_TOWN = '品川区東大井';

async function addStudent(playwright: Parameters<typeof adminApi>[0], name: string) {
  const request = await adminApi(playwright);
  const loginId = await addStudentAsAdmin(request, {
    generation: '2540',
    password: 'addrpass2540',
    fields: {
      name,
      postcode: '140-0011',
      street_name1: OLD_TOWN,
      street_name2: '1丁目',
      address: '1-1',
    },
  });
  await request.dispose();
  return loginId;
}

/**
 * The student's phone: 375 px, touch, 文字サイズ 大きい, logged in. Its console errors are collected like
 * the fixture's page's (returned for the end of the journey).
 */
async function studentPhone(browser: Browser, loginId: string) {
  const context: BrowserContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => localStorage.setItem('color-standard', 'large'));
  const errors: string[] = [];
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of (401|403|404|409|422)/.test(msg.text()))
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  const login = await page.request.post('/api/auth/mypage/login/', {
    data: { login_id: loginId, password: 'addrpass2540' },
  });
  expect(login.status()).toBe(200);
  return { page, context, errors };
}

/** The student's pending request, opened from the student list's count at 1280 px. */
async function openPendingRequest(page: Page, name: string) {
  await page.goto('/admin/student');
  await expect(page.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /確認待ちの住所変更の届出：[1-9]\d*件/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '届出を確認する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '住所変更の届出（確認待ち）' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name: '住所変更の届出（確認待ち）' })).toBeVisible();
  await expectAccessible(page);
}

test('[マイページ][住所変更] スマホ・大きい文字で届け出て、事務局が承認すると新しい住所になる', async ({
  page,
  browser,
  playwright,
}) => {
  // two browsers (the student's phone and the office) in one journey, each screen scanned by axe
  test.slow();
  const name = '住所 一郎';
  const loginId = await addStudent(playwright, name);
  const phone = await studentPhone(browser, loginId);
  const sp = phone.page;

  // the user page says how to change the address, and gives the office's phone for the rest
  await sp.goto('/mypage/user');
  await expect(sp.getByRole('heading', { name: '住所が変わったとき' })).toBeVisible();
  await expect(sp.getByRole('link', { name: '03-0000-0000' })).toHaveAttribute('href', 'tel:0300000000');
  await expectAccessible(sp);
  await sp.getByRole('link', { name: '住所変更の届出' }).click();
  await expect(sp.getByRole('heading', { level: 1, name: '住所変更の届出' })).toBeVisible();

  // the postcode fills the prefecture and the town, as on the office's student form
  await sp.getByRole('textbox', { name: /郵便番号/ }).fill('1050011');
  await sp.getByRole('textbox', { name: /郵便番号/ }).blur();
  await expect(sp.getByRole('textbox', { name: /町名/ })).toHaveValue('港区芝公園');
  await expect(sp.getByRole('textbox', { name: /都道府県/ })).toHaveValue('東京都');
  await sp.getByRole('textbox', { name: /丁目/ }).fill('4丁目');
  await sp.getByRole('textbox', { name: /番地/ }).fill('2-8');
  await expectAccessible(sp);
  await sp.getByRole('button', { name: '届出内容を確認' }).click();
  await expect(sp.getByRole('heading', { name: '届出内容の確認' })).toBeVisible();
  await expectAccessible(sp);
  await sp.getByRole('button', { name: 'この住所で届け出る' }).click();
  await expect(sp.getByText('住所変更を届け出ました')).toBeVisible();
  await expectAccessible(sp);

  // pending: the record still holds the old address, and the page says the request is being checked
  await sp.getByRole('link', { name: '利用者情報へ戻る' }).click();
  await expect(sp.getByText('住所変更の届出を事務局で確認中です')).toBeVisible();
  await expect(sp.getByText(`東京都${OLD_TOWN}1丁目1-1`)).toBeVisible();
  await expectAccessible(sp);

  // the office approves it on the student's page
  await loginAdmin(page);
  await openPendingRequest(page, name);
  await expect(page.getByText('東京都港区芝公園4丁目2-8')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: /処理/ })
    .getByText(/^承認する/)
    .click();
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await page.getByRole('button', { name: '確定する' }).click();
  await expect(page.getByText('住所変更を承認しました')).toBeVisible();
  // the student detail writes the address as the letters do
  await expect(page.getByText('東京都港区芝公園4丁目2-8', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // the student sees the new address, and a my-page notice says so
  await sp.goto('/mypage/user');
  await expect(sp.getByText('東京都港区芝公園4丁目2-8')).toBeVisible();
  await expect(sp.getByText('住所変更の届出を事務局で確認中です')).toHaveCount(0);
  await sp.goto('/mypage/news/2');
  await expect(sp.getByText('住所変更の届出を承認しました').first()).toBeVisible();
  await expectAccessible(sp);
  expect(phone.errors, 'console errors on the phone').toEqual([]);
  await phone.context.close();
});

test('[マイページ][住所変更] 事務局が理由を書いて返却すると、学生に理由が見え、住所は変わらない', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow();
  const name = '住所 二郎';
  const loginId = await addStudent(playwright, name);
  const phone = await studentPhone(browser, loginId);
  const sent = await phone.page.request.post('/api/mypage/user/address/request/', {
    data: {
      postcode: '105-0011',
      pref: '東京都',
      street_name1: '港区芝公園',
      street_name2: '',
      address: '99-99',
      street_name3: '',
      updated_at: '',
    },
  });
  expect(sent.status()).toBe(200);

  await loginAdmin(page);
  await openPendingRequest(page, name);
  await page
    .getByRole('radiogroup', { name: /処理/ })
    .getByText(/^返却する/)
    .click();
  // a return needs its reason
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await expect(page.getByText('返却の理由を入力してください').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /返却の理由/ }).fill('番地が見当たりません。');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  await page.getByRole('button', { name: '確定する' }).click();
  await expect(page.getByText('届出を返却しました')).toBeVisible();
  await expect(page.getByText(`東京都${OLD_TOWN}1丁目1-1`, { exact: true })).toBeVisible();

  const sp = phone.page;
  await sp.goto('/mypage/user');
  await expect(sp.getByText('住所変更の届出が返却されました')).toBeVisible();
  await expect(sp.getByText('理由：番地が見当たりません。')).toBeVisible();
  await expect(sp.getByText(`東京都${OLD_TOWN}1丁目1-1`)).toBeVisible();
  await expectAccessible(sp);
  // correcting it starts from the returned address
  await sp.getByRole('link', { name: '住所変更の届出' }).click();
  await expect(sp.getByRole('textbox', { name: /番地/ })).toHaveValue('99-99');
  expect(phone.errors, 'console errors on the phone').toEqual([]);
  await phone.context.close();
});
