import { readFile } from 'node:fs/promises';
import { adminApi, applicantsOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, pageTab, test } from './fixtures';

/**
 * 「操作の記録」 (issue 36 §4, decision 067): the office finds who did what to a student — an entry made from
 * another client of the API and one made on our pages — in the audit page and on the student's own tab, and
 * downloads the search. Authority 2 cannot open it. The journey makes a student of its own (generation 2518).
 */

test('[管理][操作の記録] 学生について行われた操作を、記録の画面と学生の「操作の記録」タブで確かめる', async ({
  page,
  playwright,
}) => {
  const tag = uniqueTag();
  const name = `記録 ${tag.slice(-4)}`;
  const request = await adminApi(playwright);
  // registered by another client of the API (this request context is not a page of ours)
  const loginId = await addStudentAsAdmin(request, {
    generation: '2518',
    password: 'audpass01',
    fields: { name },
  });
  await request.dispose();

  // the office looks the student up in 操作の記録
  await loginAdmin(page);
  await page.goto('/admin/top');
  await page.getByRole('link', { name: '操作の記録' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '操作の記録' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /学生番号/ }).fill(loginId);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByTestId('audit-student')).toHaveText(`${name}（${loginId}）さんの記録`);
  const table = page.getByRole('table', { name: '操作の記録' });
  const created = table.getByRole('row').filter({ hasText: '学生の登録' });
  await expect(created).toContainText('経路：API');
  await expect(created).toContainText('事務局 管理者');
  await expect(created.getByRole('link', { name: `${name}（${loginId}）` })).toBeVisible();

  // the student's page: record a call, then the 操作の記録 tab shows it, made on the screen
  await created.getByRole('link', { name: `${name}（${loginId}）` }).click();
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  const record = page.getByRole('region', { name: '連絡の記録' });
  await record.getByRole('button', { name: '電話連絡を記録' }).click();
  const dialog = page.getByRole('dialog', { name: '電話連絡の記録' });
  await dialog.getByRole('textbox', { name: /メモ/ }).fill('住所の確認をお願いした');
  await dialog.getByRole('button', { name: '記録する' }).click();
  await expect(record.getByText('電話連絡を記録しました。')).toBeVisible();
  await pageTab(page, '操作の記録').click();
  await expect(page).toHaveURL(/tab=3$/);
  const timeline = page.getByRole('table', { name: '操作の記録' });
  const call = timeline.getByRole('row').filter({ hasText: '電話連絡の記録' });
  await expect(call).toContainText('経路：画面');
  // the entry says the outcome; the note stays in the student's 連絡の記録
  await expect(call).toContainText('電話の結果：本人と話した');
  await expect(timeline.getByRole('row').filter({ hasText: '学生の登録' })).toBeVisible();
  // newest first
  await expect(timeline.getByRole('row').nth(1)).toContainText('電話連絡の記録');
  await expectAccessible(page);

  // all of them, searchable, and the CSV of the search
  await page.getByRole('link', { name: 'すべての記録を検索・ダウンロードする' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?user_id=\d+$/);
  await expect(page.getByTestId('audit-student')).toHaveText(`${name}（${loginId}）さんの記録`);
  // 「操作」 (not 「操作した職員」): the drop-down's button is named by its label and its value
  await page.getByRole('button', { name: /操作(\s|$)/ }).click();
  await page.getByRole('option', { name: '電話連絡の記録', exact: true }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/action=call/);
  await expect(page.getByRole('table', { name: '操作の記録' }).getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /CSVダウンロード/ }).click();
  const text = (await readFile(await (await download).path())).subarray(3).toString('utf8');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header).toBe('日時,操作した人,操作,学生番号,氏名,講座,経路,内容');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`電話連絡の記録,${loginId},${name},,画面,`);
  await expectAccessible(page);

  // a bad 学生番号 is said on its field
  await page.getByRole('textbox', { name: /学生番号/ }).fill('123');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('学生番号は8桁の数字で入力してください').first()).toBeVisible();
});

test('[管理][操作の記録] 入金の記録を事務局の言葉で読み、異体字の氏名でも探せる', async ({
  page,
  playwright,
}) => {
  const tag = uniqueTag();
  // a student whose name is written with 髙, found by the office typing 高
  const name = `髙木 記録${tag.slice(-4)}`;
  const request = await adminApi(playwright);
  const loginId = await addStudentAsAdmin(request, {
    generation: '2518',
    password: 'audpass02',
    fields: { name },
  });
  const courseName = `記録の講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName });
  const fee = await (await request.get(`/api/admin/course/fee/?course_id=${courseId}`)).json();
  const feeSaved = await request.post('/api/admin/course/fee/update/', {
    data: {
      course_id: courseId,
      required: '1',
      how_to_pay: '窓口でお支払いください。',
      pay_days: '30',
      pay_by_date: '',
      auto_lapse: '0',
      refund_days: '',
      refund_note: '',
      updated_at: fee.updated_at,
    },
  });
  expect(feeSaved.status(), await feeSaved.text()).toBe(200);
  await addApplicantAsAdmin(request, courseId, loginId);
  await drawAsAdmin(request, courseId);
  const [won] = await applicantsOf<{ course_applicant_id: number }>(request, courseId);
  const paid = await request.post('/api/admin/payment/add/', {
    data: {
      application_id: won?.course_applicant_id,
      amount: '3500',
      paid_on: '2026-11-20',
      method: 'counter',
      receipt_no: '',
      note: '',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { receipt_no: receiptNo } = (await paid.json()) as { receipt_no: string };
  await request.dispose();

  await loginAdmin(page);
  await page.goto('/admin/audit');
  await page.getByRole('textbox', { name: /学生の氏名/ }).fill(`高木 記録${tag.slice(-4)}`);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/name=/);
  const table = page.getByRole('table', { name: '操作の記録' });
  const payment = table.getByRole('row').filter({ hasText: '入金の記録' });
  await expect(payment).toContainText(`${name}（${loginId}）`);
  // the course by its name and 講座ID, the money in yen, the method and the receipt in words
  await expect(payment).toContainText(courseName);
  await expect(payment).toContainText('金額：3,500円');
  await expect(payment).toContainText('入金日：2026年11月20日');
  await expect(payment).toContainText('入金方法：窓口');
  await expect(payment).toContainText(`領収書番号：${receiptNo}`);
  await expect(table.getByRole('row').filter({ hasText: '申込の登録' })).toContainText('申込方法：電話');
  // no key, code or record number left as the database keeps it
  const text = (await table.textContent()) ?? '';
  expect(text).not.toMatch(/[a-z]+_[a-z]+|amount|receipt|counter|manual|source/);
  await expectAccessible(page);
});

test('[管理][操作の記録] 講座の「操作の記録」タブに、講座の登録が出る', async ({ page, playwright }) => {
  const request = await adminApi(playwright);
  const courseId = await addCourseAsAdmin(request);
  await request.dispose();
  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/1`);
  await pageTab(page, '操作の記録').click();
  await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/3$`));
  await expect(page.getByRole('heading', { level: 1, name: '操作の記録' })).toBeVisible();
  const row = page
    .getByRole('table', { name: '操作の記録' })
    .getByRole('row')
    .filter({ hasText: '講座の登録' });
  await expect(row).toContainText('経路：API');
  await expectAccessible(page);
});

test('[管理][操作の記録] 大学の担当者は操作の記録を開けない', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/apierror\?forbidden=1$/);
  await page.goto('/admin/top');
  await expect(page.getByRole('link', { name: '操作の記録' })).toHaveCount(0);
});

test('[管理][操作の記録] スマートフォン幅(375px)で操作の記録を読む @phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAdmin(page);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: '操作の記録' })).toBeVisible();
  await expect(page.getByRole('table', { name: '操作の記録' }).getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
