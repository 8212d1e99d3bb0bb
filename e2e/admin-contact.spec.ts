import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, applicantsOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

// 「連絡が必要な学生」 (decisions 065, 087): the list, one row a person with every reason still open, a call recorded
// from a row and from the student's page, a reason gone once it is settled, the work list's card, and what a
// university's admin (authority 2) reads there. Each journey draws a course of its own.

type ApplicantRow = { user_id: number; name: string; lottery_status: string };

const KANA = ['イチ', 'ニ', 'サン'];

/**
 * A lottery course of three students who take no mail, drawn with one day to confirm: three people on the list,
 * the two winners each with two reasons (deadline near and result unread; a letter to post), the 補欠 with one.
 */
async function drawnWithoutMail(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  const courseName = `E2E連絡の講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName, capacity: '3', ...over });
  for (const [i, kana] of KANA.entries()) {
    const loginId = await addStudentAsAdmin(request, {
      generation: '2514',
      password: 'contactpass1',
      fields: { name: `連絡 ${tag.slice(-4)}${i + 1}`, name_kana: `レンラク ${kana}`, is_email: '0' },
    });
    await addApplicantAsAdmin(request, courseId, loginId);
  }
  await drawAsAdmin(request, courseId, { confirm_days: '1' });
  const rows = await applicantsOf<ApplicantRow>(request, courseId);
  const winner = rows.find((r) => r.lottery_status === '2') as ApplicantRow;
  return { courseId, courseName, winner };
}

const table = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: '連絡が必要な学生' });

test('[管理][連絡] 結果を見ていない当選者に電話し、結果を一覧と学生の記録に残す @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId, courseName, winner } = await drawnWithoutMail(request);
  await request.dispose();

  await loginAdmin(page);
  // the work list's card leads to the list
  await page.goto('/admin/top');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '連絡が必要な学生' }) });
  await expect(card.getByText(/^\d+人$/)).toBeVisible();
  await card.getByRole('link', { name: '確定の期限が近く、結果を見ていない当選者' }).click();
  await expect(page).toHaveURL(/\/admin\/contact\?reason=deadline$/);
  await expect(page.getByRole('heading', { level: 1, name: '連絡が必要な学生' })).toBeVisible();
  await expect(page.getByRole('button', { name: '確定期限が近い・未読 連絡の理由' })).toBeVisible();

  // the course's people, one row each: the winners with both their reasons, the 補欠 with her letter
  await page.goto(`/admin/contact?course_id=${courseId}`);
  const rows = table(page).getByRole('row').filter({ hasText: courseName });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '確定期限が近い・未読' })).toHaveCount(2);
  await expect(rows.filter({ hasText: '郵送が必要' })).toHaveCount(3);
  const row = rows.filter({ hasText: winner.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('確定期限が近い・未読', { exact: true })).toBeVisible();
  await expect(row.getByText('郵送が必要', { exact: true })).toBeVisible();
  await expect(row.getByText('マイページ：未読').first()).toBeVisible();
  await expect(row.getByText('メール：メールなし').first()).toBeVisible();
  await expect(row.getByRole('link', { name: '03-1111-2514' })).toHaveAttribute('href', 'tel:0311112514');
  await expect(row.getByText('なし', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // a call: 不在, with a note; the row then says so
  await row.getByRole('button', { name: `${winner.name}さんへの電話を記録` }).click();
  const dialog = page.getByRole('dialog', { name: '電話連絡の記録' });
  await expect(dialog.getByText(courseName)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByText('不在', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: '不在' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /メモ/ }).fill('夕方にもう一度かける');
  await dialog.getByRole('button', { name: '記録する' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${winner.name}さんへの電話を記録しました。`)).toBeVisible();
  await expect(row.getByText(/不在（事務局 管理者）/)).toBeVisible();

  // the student's page keeps the call and shows how the result reached them
  await row.getByRole('link', { name: winner.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  const record = page.getByRole('region', { name: '連絡の記録' });
  await expect(record.getByText(/不在（事務局 管理者）/)).toBeVisible();
  await expect(record.getByText('夕方にもう一度かける')).toBeVisible();
  await expect(record.getByText(/メール：メールなし　マイページ：未読/)).toBeVisible();
  await expect(record.getByText(/この学生はメールを受け取りません/)).toBeVisible();
  await record.getByRole('button', { name: '電話連絡を記録' }).click();
  await page
    .getByRole('dialog', { name: '電話連絡の記録' })
    .getByRole('button', { name: '記録する' })
    .click();
  await expect(record.getByText('電話連絡を記録しました。')).toBeVisible();
  await expect(record.getByText(/本人と話した（事務局 管理者）/)).toBeVisible();
  await expectAccessible(page);
});

test('[管理][連絡] 日数の誤りはその欄に知らせ、CSVと宛名ラベルをダウンロードできる', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId } = await drawnWithoutMail(request);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/contact?course_id=${courseId}`);
  // a header and one row a person
  await expect(table(page).getByRole('row')).toHaveCount(4);
  const days = page.getByRole('textbox', { name: /確定の期限まで/ });
  await days.fill('99');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('1から14までの日数を入力してください')).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');

  await days.fill('14');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/days=14/);

  const csv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSVダウンロード' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  // one record a person, her reasons a line each inside its cells
  const text = (await readFile(await file.path())).subarray(3).toString('utf8');
  expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 3);
  expect(text).toContain('"確定期限が近い・未読\n郵送が必要"');
  const labels = page.waitForEvent('download');
  await page.getByRole('link', { name: /宛名ラベル/ }).click();
  expect((await labels).suggestedFilename()).toMatch(/\.csv$/);
  await expectAccessible(page);
});

test('[管理][連絡][権限] 大学の担当者は自校の講座の当選者を氏名カナで見て、電話の記録はしない', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  // the university's own course, run by it (the course list's journey expects that of every U01 course)
  const { courseId, courseName } = await drawnWithoutMail(request, {
    univ_id: 'U01',
    organ: 'みなと学院大学',
  });
  await request.dispose();

  await loginAdmin(page, ACCOUNTS.univ);
  // a link meant for the office (郵送が必要) still shows what authority 2 may read
  await page.goto(`/admin/contact?course_id=${courseId}&reason=letter`);
  await expect(page.getByRole('heading', { level: 1, name: '連絡が必要な学生' })).toBeVisible();
  const rows = table(page).getByRole('row').filter({ hasText: courseName });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText(/^レンラク (イチ|ニ|サン)$/)).toBeVisible();
  // neither the reason's filter nor its column
  await expect(page.getByText('連絡の理由')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '学生番号' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /電話を記録/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /宛名ラベル/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][連絡] 1人1行で連絡することを並べ、事務局が代理で確定すると、その人の行が一覧から消える', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId, courseName, winner } = await drawnWithoutMail(request);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/contact?course_id=${courseId}`);
  const row = table(page).getByRole('row').filter({ hasText: winner.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('listitem').filter({ hasText: /^確定期限が近い・未読/ })).toHaveCount(1);
  await expect(row.getByRole('listitem').filter({ hasText: /^郵送が必要/ })).toHaveCount(1);
  await expectAccessible(page);

  // the reply slip came back: the office records it on the applicant's page, by 郵送・FAX
  await row.getByRole('link', { name: courseName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  await page.getByRole('button', { name: '代理で確定・辞退' }).click();
  const dialog = page.getByRole('dialog', { name: '代理で確定・辞退' });
  await dialog
    .getByRole('radiogroup', { name: /確認した方法/ })
    .getByText('郵送・FAX', { exact: true })
    .click();
  await expect(dialog.getByRole('radio', { name: '郵送・FAX' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /確認した内容/ }).fill('返信票（受講します）が届いた');
  await dialog.getByRole('button', { name: 'この内容で手続きする' }).click();
  await expect(page.getByText(/^事務局が代理で確定（.+ 郵送・FAX・事務局 管理者）$/)).toBeVisible();

  // both her reasons were about that seat: nothing is left to ask of her
  await page.goto(`/admin/contact?course_id=${courseId}`);
  await expect(table(page).getByRole('row').filter({ hasText: courseName })).toHaveCount(2);
  await expect(table(page).getByRole('row').filter({ hasText: winner.name })).toHaveCount(0);
  await expectAccessible(page);
});
