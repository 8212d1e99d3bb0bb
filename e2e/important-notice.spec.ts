import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, pageTab, test } from './fixtures';

/**
 * A notice the office marks 「重要」 (issue 35 §1, decision 065): the student sees it marked on the my-page; the
 * office follows, in the notice's 配信先一覧, who has read it and how its mail went, and posts it to those it
 * has not reached — one A4 letter each, recorded as printed, with their labels. The journey writes to a
 * generation of its own (2517), so no other journey's my-page changes.
 */

const GENERATION = '2517';
const PASSWORD = 'imppass01';

/** Picks a radio choice the way a user does: a click on its visible label (the radio is visually hidden). */
const pick = (page: Page, group: string, label: string) =>
  page
    .getByRole('radiogroup', { name: new RegExp(group) })
    .getByText(label, { exact: true })
    .click();

/** A field by its label, whether or not it carries the 「必須」 badge. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

test('[管理][お知らせ] 重要なお知らせを作り、読んでいない方とメールの届き方を確かめ、届いていない方へ郵送する', async ({
  page,
  playwright,
}) => {
  const tag = uniqueTag();
  const request = await adminApi(playwright);
  // one takes mail, two take none (the default of the helper: is_email 0)
  const reader = await addStudentAsAdmin(request, {
    generation: GENERATION,
    password: PASSWORD,
    fields: { name: `重要 ${tag.slice(-4)}1`, is_email: '1' },
  });
  const unreached = [
    await addStudentAsAdmin(request, {
      generation: GENERATION,
      password: PASSWORD,
      fields: { name: `重要 ${tag.slice(-4)}2` },
    }),
    await addStudentAsAdmin(request, {
      generation: GENERATION,
      password: PASSWORD,
      fields: { name: `重要 ${tag.slice(-4)}3` },
    }),
  ].sort();
  await request.dispose();
  const title = `E2E重要なお知らせ${tag}`;

  // the office writes it, marked 重要, to the generation, by mail
  await loginAdmin(page);
  await page.goto('/admin/notification/detail/new/0');
  await expect(
    page.getByRole('radiogroup', { name: /重要度/ }).getByRole('radio', { name: '通常' }),
  ).toBeChecked();
  await field(page, 'タイトル').fill(title);
  await field(page, '本文').fill('受講証の更新をお願いします。\n3月末までに窓口へお越しください。');
  await pick(page, '配信先', '期生');
  await field(page, '期生ID').fill(GENERATION);
  await pick(page, '重要度', '重要');
  await expectAccessible(page);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: '重要度' })).toBeVisible();
  await expect(page.getByText('対象：3人（うちメール 1人）', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを登録しました')).toBeVisible();
  const detailLink = page.getByRole('link', { name: 'お知らせ詳細へ' });
  const noticeId = Number(/detail\/(\d+)$/.exec((await detailLink.getAttribute('href')) ?? '')?.[1]);
  expect(noticeId).toBeGreaterThan(0);

  // the student who takes mail sees it marked 重要 on the top page, and reads it
  await loginStudent(page, { login_id: reader, password: PASSWORD });
  await page.goto('/mypage/top');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('重要', { exact: true })).toBeVisible();
  await expect(item.getByText('未読', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await item.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('重要', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // the office: the publisher list says who read it, and how its mail went to each
  await page.goto(`/admin/notification/detail/${noticeId}`);
  await expect(page.getByRole('main').getByText('重要', { exact: true }).first()).toBeVisible();
  await pageTab(page, '配信先一覧').click();
  await expect(page.getByText('重要なお知らせです')).toBeVisible();
  const table = page.getByRole('table', { name: '配信先一覧' });
  const rowOf = (loginId: string) => table.getByRole('row').filter({ hasText: loginId });
  await expect(rowOf(reader)).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
  await expect(rowOf(reader)).toContainText(/送信待ち|送信済み/);
  for (const loginId of unreached) {
    await expect(rowOf(loginId)).toContainText('未読');
    await expect(rowOf(loginId)).toContainText('メールなし');
  }
  await expectAccessible(page);

  // posted to those it has not reached: the two without mail, one A4 letter each
  await page.getByRole('link', { name: '郵送用に印刷する' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/notification/detail/${noticeId}/letters$`));
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの郵送' })).toBeVisible();
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('radio', { name: 'まだ読んでいない方のうち、メールが届いていない方' }),
  ).toBeChecked();
  await expect(page.getByTestId('letters-count')).toHaveText('お知らせ 2通');
  const sheets = page.getByTestId('letter');
  await expect(sheets).toHaveCount(2);
  for (const [i, loginId] of unreached.entries()) {
    await expect(sheets.nth(i).getByText(`学生番号 ${loginId}`, { exact: true })).toBeVisible();
    await expect(sheets.nth(i).getByRole('heading', { level: 3 })).toContainText(title);
    await expect(
      sheets.nth(i).getByText('3月末までに窓口へお越しください。', { exact: false }),
    ).toBeVisible();
  }
  await expectAccessible(page);

  // on paper the letters alone, one a page
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
  const breaks = await sheets.evaluateAll((all) => all.map((el) => getComputedStyle(el).breakAfter));
  expect(breaks).toEqual(['page', 'auto']);
  await page.emulateMedia({ media: 'screen' });

  // the labels of the same letters
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '宛名ラベル（CSV）' }).click();
  const text = (await readFile(await (await download).path())).subarray(3).toString('utf8');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header).toBe('郵便番号,住所1,住所2,氏名,学生番号');
  expect(rows.map((r) => r.split(',').at(-1)).sort()).toEqual(unreached);

  // printed (the browser's printing answers at once here), then recorded
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: '印刷する' }).click();
  await expect(page.getByText('2通のお知らせを「印刷済み」にしました。')).toBeVisible();
  await expect(page.getByTestId('letters-count')).toHaveText('お知らせ 2通（うち印刷済み 2通）');
  await expectAccessible(page);

  // the publisher list says so, and the unread filter shows who is left
  await page.getByRole('link', { name: '配信先一覧へ' }).click();
  for (const loginId of unreached) await expect(rowOf(loginId)).toContainText(/印刷済み（\d{4}年/);
  await page.getByRole('button', { name: /既読状況/ }).click();
  await page.getByRole('option', { name: '未読', exact: true }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/is_read=0/);
  await expect(rowOf(reader)).toHaveCount(0);
  await expect(rowOf(unreached[0] as string)).toBeVisible();
});

test('[管理][お知らせ] お知らせの郵送画面をスマートフォン幅(375px)で読む @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const list = await request.get('/api/admin/notice/list/?title=%E5%B9%B4%E6%9C%AB%E5%B9%B4%E5%A7%8B');
  const noticeId = ((await list.json()) as { data_list: { id: number }[] }).data_list[0]?.id;
  await request.dispose();
  expect(noticeId).toBeGreaterThan(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAdmin(page);
  // the demo's notice to everyone marked 重要: the students without mail who have not read it
  await page.goto(`/admin/notification/detail/${noticeId}/letters`);
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの郵送' })).toBeVisible();
  await expect(page.getByTestId('letter').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
