import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * The office's work list on the back-office top page (decision 057): the cards say a number, why it matters
 * and link to the screen where the work is done. Other journeys change the demo data meanwhile, so the numbers
 * are read as the page shows them; the demo always keeps one admission pending (伊藤 洋子) and a class today
 * (朝の健康体操).
 */

const card = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('[管理][トップ] 今日の仕事のカードから承認待ちの学生の一覧へ進む @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/top');
  await expect(page.getByRole('heading', { name: '今日の仕事' })).toBeVisible();

  const students = card(page, '承認待ちの学生');
  await expect(students.getByText(/^\d+人$/)).toBeVisible();
  const shown = Number((await students.getByText(/^\d+人$/).textContent())?.match(/\d+/)?.[0]);
  expect(shown).toBeGreaterThan(0);

  const classes = card(page, '今日と明日の授業');
  await expect(classes.getByText(/今日\s+10:00〜11:00\s+朝の健康体操（第1回）/)).toBeVisible();
  await expect(classes.getByText(/出席 \d+ \/ \d+ 人/).first()).toBeVisible();
  await expect(classes.getByRole('link', { name: '受付を開く' }).first()).toBeVisible();

  // every card is there, each with its number or its one line
  for (const title of [
    '抽選を待っている講座',
    '確定の期限が近い当選者',
    '繰り上げを待つ補欠',
    '届かなかったメール',
    '止まっている自動処理',
  ]) {
    await expect(card(page, title)).toBeVisible();
  }
  // the demo's undelivered mail, unless the retry journey has already sent it again
  await expect(
    card(page, '届かなかったメール').getByText(/^\d+通$|^届かなかったメールはありません。$/),
  ).toBeVisible();
  // the demo's background jobs run well
  await expect(card(page, '止まっている自動処理').getByText('自動処理はすべて動いています。')).toBeVisible();
  // the menu stays below the cards
  await expect(page.getByRole('heading', { name: 'メニュー' })).toBeVisible();
  await expectAccessible(page);

  await students.getByRole('link', { name: '未承認の学生を一覧で見る' }).click();
  await expect(page).toHaveURL(/\/admin\/student\?approval_status=0/);
  await expect(page.locator('#field-approval_status')).toContainText('承認待ち');
  await expect(page.getByRole('row').filter({ hasText: '伊藤 洋子' })).toBeVisible();
  await expectAccessible(page);
});

test('[管理][トップ] 抽選待ちのカードから講座一覧（抽選待ち）へ進む @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/top');
  const draw = card(page, '抽選を待っている講座');
  await expect(draw).toBeVisible();
  const list = draw.getByRole('link', { name: '抽選待ちの講座を一覧で見る' });
  // the demo's closed lottery courses may all have been drawn by another journey: then the card says so
  if ((await list.count()) === 0) {
    await expect(draw.getByText('抽選を待っている講座はありません。')).toBeVisible();
    return;
  }
  await list.click();
  await expect(page).toHaveURL(/\/admin\/course\?control=1&state=awaiting_draw/);
  await expect(page.locator('#field-state')).toContainText('抽選待ち');
  await expectAccessible(page);
});

test('[管理][トップ] 大学の担当者には自分の大学の講座の仕事だけを表示する @phone', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto('/admin/top');
  await expect(page.getByRole('heading', { name: '今日の仕事' })).toBeVisible();
  await expect(card(page, '今日と明日の授業')).toBeVisible();
  await expect(card(page, '抽選を待っている講座')).toBeVisible();
  // students and the outbox are the office's: no card for them
  await expect(page.getByRole('heading', { name: '承認待ちの学生' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '届かなかったメール' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '止まっている自動処理' })).toHaveCount(0);
  await expectAccessible(page);
});

// desktop only: the demo has one undelivered mail, and a retry sends it on its way for good
test('[管理][トップ] 届かなかったメールの理由を確かめ、再送する', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/top');
  const mail = card(page, '届かなかったメール');
  await expect(mail.getByText('1通')).toBeVisible();
  await expect(mail.getByText('【まなび】講座の日程変更のお知らせ')).toBeVisible();
  // the reason as the mail server gave it, the address itself left out
  await expect(mail.getByText('理由：Error: 552 5.2.2 <（宛先）>: Mailbox full')).toBeVisible();
  await expect(mail).not.toContainText('kazuko@example.jp');
  await expectAccessible(page);

  await mail.getByRole('button', { name: '「【まなび】講座の日程変更のお知らせ」を再送する' }).click();
  await expect(mail.getByText('再送の手配をしました。', { exact: false })).toBeVisible();
  await expect(mail.getByText('届かなかったメールはありません。')).toBeVisible();
  await expectAccessible(page);

  // on its way: after a reload the card still says there is nothing undelivered
  await page.reload();
  await expect(card(page, '届かなかったメール').getByText('届かなかったメールはありません。')).toBeVisible();
});
