import { adminApi, applicantsOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * One person, one record (decisions 069, 071): an admission awaiting approval shows its likely duplicate;
 * the office finds 「高橋 一郎」 and 「髙橋　一郎」 among the roster's likely duplicates, compares them, merges
 * them (the course won in a draw and the units move, the old login stops working), and undoes it from the
 * audit viewer. The journey makes its own two records (generation 2519).
 */

test('[管理][学生] 承認の前に、同じ人の可能性が高い登録を点数と理由つきで知らせる', async ({ page }) => {
  await loginAdmin(page);
  // the demo's admission 山田　花子 typed again for 24040001 山田 花子 (another journey may reject her:
  // a rejected admission keeps its approval page)
  await page.goto(`/admin/student?name=${encodeURIComponent('山田')}`);
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const admission = page.locator('a[href^="/admin/student/approval/"]').first();
  await admission.click();
  await expect(page.getByRole('heading', { level: 1, name: '学生の承認' })).toBeVisible();
  const notice = page
    .getByRole('region', { name: /同じ人がすでに登録されているかもしれません/ })
    .or(page.getByText('同じ人がすでに登録されているかもしれません').locator('..'));
  await expect(page.getByText('同じ人がすでに登録されているかもしれません')).toBeVisible();
  await expect(notice.first()).toContainText('山田 花子（学生番号 24040001');
  await expect(notice.first()).toContainText('似ている点：氏名一致・フリガナ一致・生年月日一致');
  await expectAccessible(page);

  // the duplicate page lists the scored candidates above the seven groups
  const userId = page.url().split('/').pop() as string;
  await page.goto(`/admin/student/duplicate/${userId}`);
  const scored = page.getByRole('region', { name: '同じ人の可能性が高い登録（点数の高い順）' });
  // (the import journey may have registered another 山田　花子 meanwhile: she is listed too)
  await expect(scored.getByRole('rowheader', { name: '山田 花子（ヤマダ ハナコ）' })).toBeVisible();
  await expect(scored.getByRole('row').filter({ hasText: '24040001' })).toContainText('点');
  await expectAccessible(page);
});

test('[管理][学生] 高橋 一郎と髙橋　一郎を統合し、操作の記録から取り消す', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  // a birthday and phone of this run's own, so the pair is this journey's
  const day = String(1 + (Number.parseInt(tag.slice(-3), 36) % 28)).padStart(2, '0');
  const birthday = `1947-10-${day}`;
  const phone = `03-66${day}-${String(Number.parseInt(tag.slice(-4), 36) % 10_000).padStart(4, '0')}`;
  const request = await adminApi(playwright);
  const keepId = await addStudentAsAdmin(request, {
    generation: '2519',
    password: 'mergepass1',
    fields: { name: '高橋 一郎', name_kana: 'タカハシ イチロウ', birthday, phone_1: phone, total_units: '8' },
  });
  const mail = `ichiro.${tag}@example.jp`;
  const otherId = await addStudentAsAdmin(request, {
    generation: '2519',
    password: 'mergepass2',
    fields: {
      name: '髙橋　一郎',
      name_kana: 'たかはし いちろう',
      birthday,
      phone_1: phone.replace(/-/g, ''),
      mail_1: mail,
      mail_1_confirm: mail,
      total_units: '3',
    },
  });
  // 髙橋 won a seat in a draw
  const courseName = `統合の講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName });
  // the course asks its fee before the first class, and 髙橋 has paid it at the counter
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
  await addApplicantAsAdmin(request, courseId, otherId);
  await drawAsAdmin(request, courseId);
  const [won] = await applicantsOf<{ course_applicant_id: number; login_id: string }>(request, courseId);
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
  const canLogIn = async (loginId: string, password: string) =>
    (
      await page.request.post('/api/auth/mypage/login/', { data: { login_id: loginId, password } })
    ).status() === 200;
  expect(await canLogIn(otherId, 'mergepass2')).toBe(true);

  // the roster's likely duplicates, scanned now
  await loginAdmin(page);
  await page.goto('/admin/student');
  await page.getByRole('link', { name: '重複の疑いがある学生' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '重複の疑いがある学生' })).toBeVisible();
  await page.getByRole('button', { name: '今すぐ確認し直す' }).click();
  const pair = page.getByRole('row').filter({ hasText: otherId });
  await expect(pair).toBeVisible({ timeout: 30_000 });
  await expect(pair).toContainText('氏名（異体字）');
  await expect(pair).toContainText('生年月日一致');
  await expect(pair).toContainText('電話一致');
  await expectAccessible(page);

  // side by side: choose 髙橋's mail address, see the course move, merge
  await pair.getByRole('link', { name: '比べて統合する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '2つの登録を比べて統合する' })).toBeVisible();
  const mergeUrl = page.url();
  await expect(page.getByText(`高橋 一郎（学生番号 ${keepId}）`)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'メールアドレス1' }).getByText(`統合する登録：${mail}`).click();
  await expect(page.getByText(`${courseName}`)).toBeVisible();
  await expect(page.getByText('統合する登録の申込（当選）：残す登録へ移します')).toBeVisible();
  await expect(page.getByText('累計単位は合計します（8 ＋ 3 ＝ 11）。')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '内容を確認する' }).click();
  await expect(page.getByText('統合する登録の内容にする項目：メールアドレス1')).toBeVisible();
  await page.getByRole('button', { name: '統合する', exact: true }).click();
  await expect(page.getByText('統合完了')).toBeVisible();
  await expectAccessible(page);

  // 高橋 has the course, the units and the mail; 髙橋's login no longer works
  await page.getByRole('link', { name: '残した学生の詳細へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  await expect(page.getByText(mail)).toBeVisible();
  await expect(page.locator('dt', { hasText: /^単位$/ }).locator('+ dd')).toContainText(
    '入学前からの繰越 11単位',
  );
  const keptUrl = page.url();
  await page.goto(`${keptUrl}?tab=2`);
  await expect(page.getByRole('link', { name: courseName })).toBeVisible();
  expect(await canLogIn(otherId, 'mergepass2')).toBe(false);
  // the payment came with the seat: 高橋's seat reads 入金済み, and his disclosure holds the receipt
  const seatOf = (loginId: string) => page.getByTestId('payment-seat').filter({ hasText: loginId });
  await page.goto(`/admin/course/detail/${courseId}/payments`);
  await expect(seatOf(keepId).getByTestId('payment-state')).toHaveText('入金済み');
  await page.goto(keptUrl.replace('/student/detail/', '/student/disclosure/'));
  await expect(page.getByRole('heading', { name: 'お支払い・領収書・返金' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'お支払い・領収書・返金', exact: true })).toContainText(
    receiptNo,
  );

  // the audit viewer: the merge, and its undo
  await page.goto('/admin/audit');
  await page.getByRole('textbox', { name: /学生番号/ }).fill(keepId);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByTestId('audit-student')).toContainText(keepId);
  const merged = page
    .getByRole('table', { name: '操作の記録' })
    .getByRole('row')
    .filter({ hasText: '学生の統合' })
    // this run's merge: the phone project's run of this journey merges a pair of its own on the same server
    .filter({ hasText: keepId });
  await expect(merged).toBeVisible();
  await merged.getByRole('link', { name: 'この統合を確認・取り消す' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '学生の統合の取り消し' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '統合を取り消す' }).click();
  await expect(page.getByText('取り消しました')).toBeVisible();
  expect(await canLogIn(otherId, 'mergepass2')).toBe(true);
  // the payment went back with the seat
  await page.goto(`/admin/course/detail/${courseId}/payments`);
  await expect(seatOf(otherId).getByTestId('payment-state')).toHaveText('入金済み');
  // 髙橋's own record: the merge and its undo, each once
  await page.goto('/admin/audit');
  await page.getByRole('textbox', { name: /学生番号/ }).fill(otherId);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByTestId('audit-student')).toHaveText(`髙橋　一郎（${otherId}）さんの記録`);
  const table = page.getByRole('table', { name: '操作の記録' });
  await expect(table.getByRole('rowheader', { name: /^学生の統合の取り消し/ })).toHaveCount(1);
  await expect(table.getByRole('rowheader', { name: /^学生の統合 / })).toHaveCount(1);

  // at 375 px the comparison reads without sideways scrolling
  const phone375 = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await phone375.context().addCookies(await page.context().cookies());
  // (undone: both records are there again to compare)
  await phone375.goto(mergeUrl);
  await expect(phone375.getByRole('heading', { level: 1, name: '2つの登録を比べて統合する' })).toBeVisible();
  expect(await phone375.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone375.close();
});
