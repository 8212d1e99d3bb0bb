import { readFileSync } from 'node:fs';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * Payments (decision 078), on the demo's 海と港の経済学 (C2603), which asks its fee before the first class:
 * the office uploads the bank's transfer file (e2e/fixtures/bank-transfers.csv: three lines that match and
 * one that could be either of 高橋 一郎's two records), picks the ambiguous line's student and applies it;
 * asks about a later file's line just like a recorded transfer (and records it once told it is another),
 * says a future-dated line is so, and records nothing from the same file twice (decision 085); shows the
 * course's money in one row that adds up; records a payment by hand and corrects it with a reason; prints a
 * receipt (a part payment's too); the student finds hers on the my-page, dated as the my-page dates the
 * payment; authority 2 reads the payments of its university's course by 氏名カナ, without a button to record
 * or a receipt; a student who has paid is withdrawn with her payments and a refund in view.
 * The journeys change the demo's books: they run in this order.
 */
const HARBOUR = 'みなと学院大学 公開講座「海と港の経済学」';
test.describe.configure({ mode: 'serial' });

/** A CSV of the bank's transfers, as the office would choose it. */
const bankCsv = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(['日付,金額,振込依頼人名', ...rows.map((r) => r.join(','))].join('\r\n')),
});

/** 「1,234円」 → 1234 */
const yen = async (locator: import('@playwright/test').Locator) =>
  Number(((await locator.textContent()) ?? '').replace(/[^0-9]/g, ''));

async function harbourId(page: import('@playwright/test').Page): Promise<number> {
  const res = await page.request.get('/api/admin/courselist/?control=1');
  const { data_list } = (await res.json()) as { data_list: { id: number; course_name: string }[] };
  const row = data_list.find((c) => c.course_name === HARBOUR);
  expect(row, HARBOUR).toBeTruthy();
  return Number(row?.id);
}

test('[管理][入金] 銀行の入金明細を取り込む：3件が一致、1件は候補から選んで記録', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: '入金・返金' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('入金明細のファイル').setInputFiles({
    name: 'bank-transfers.csv',
    mimeType: 'text/csv',
    buffer: readFileSync('e2e/fixtures/bank-transfers.csv'),
  });
  await page.getByRole('button', { name: '内容を確認する' }).click();
  const preview = page.getByTestId('bank-preview');
  await expect(preview).toContainText(
    '4件のうち、一致 3件・候補が複数 1件・確認が必要 0件・該当なし 0件・記録済み 0件',
  );
  await expect(page.getByTestId('bank-line-matched')).toHaveCount(3);
  await expect(page.getByTestId('bank-line-ambiguous')).toHaveCount(1);
  await expectAccessible(page);
  // the office knows it was the record 24040003
  await page.getByRole('button', { name: /5行目の学生/ }).click();
  await page.getByRole('option', { name: /24040003/ }).click();
  await page.getByRole('button', { name: 'この内容で記録する' }).click();
  await expect(page.getByText('4件の入金を記録しました。')).toBeVisible();
  await expectAccessible(page);

  // the seats' states on the course's payments
  await page.goto(`/admin/course/detail/${await harbourId(page)}/payments`);
  await expect(page.getByRole('heading', { level: 1, name: '入金の管理' })).toBeVisible();
  const seat = (loginId: string) => page.getByTestId('payment-seat').filter({ hasText: loginId });
  for (const id of ['25049001', '25049002', '25049003', '24040003', '24040001']) {
    await expect(seat(id).getByTestId('payment-state')).toHaveText('入金済み');
  }
  await expect(seat('25040002').getByTestId('payment-state')).toHaveText('未入金');
  await expectAccessible(page);
});

test('[管理][入金] 前に取り込んだ振込と同じ行は確かめてから記録し、同じファイルは二度記録しない', async ({
  page,
}) => {
  await loginAdmin(page);
  await page.goto('/admin/payments');
  // a later download holds 林 敏夫's transfer again (the same day, amount and words) and a line dated ahead
  await page.getByLabel('入金明細のファイル').setInputFiles(
    bankCsv('later.csv', [
      ['2026/05/01', '3000', '25049002 ﾊﾔｼ ﾄｼｵ'],
      ['2099/01/05', '3000', 'ﾀﾞﾚｶ ﾐﾗｲ'],
    ]),
  );
  await page.getByRole('button', { name: '内容を確認する' }).click();
  const preview = page.getByTestId('bank-preview');
  await expect(preview).toContainText(
    '2件のうち、一致 0件・候補が複数 0件・確認が必要 1件・該当なし 1件・記録済み 0件',
  );
  const asked = page.getByTestId('bank-line-question');
  await expect(asked).toContainText('同じ振込がすでに記録されています');
  await expect(asked).toContainText('林 敏夫');
  await expect(page.getByTestId('bank-line-unmatched')).toContainText('振込日が未来の日付です');
  await expectAccessible(page);
  // left as it is, nothing is recorded
  await page.getByRole('button', { name: 'この内容で記録する' }).click();
  await expect(page.getByText('記録できる行がありません。')).toBeVisible();
  // the office knows 林 敏夫 paid twice: 「別の振込なら記録する」
  await asked.getByRole('checkbox', { name: /別の振込なら記録する/ }).check({ force: true });
  await expect(asked).toContainText('記録する席：林 敏夫（25049002）');
  await page.getByRole('button', { name: 'この内容で記録する' }).click();
  await expect(page.getByText('1件の入金を記録しました。')).toBeVisible();

  // the first file again: every line 記録済み, naming its receipt; nothing to record
  await page.getByLabel('入金明細のファイル').setInputFiles({
    name: 'bank-transfers.csv',
    mimeType: 'text/csv',
    buffer: readFileSync('e2e/fixtures/bank-transfers.csv'),
  });
  await page.getByRole('button', { name: '内容を確認する' }).click();
  await expect(preview).toContainText(
    '4件のうち、一致 0件・候補が複数 0件・確認が必要 0件・該当なし 0件・記録済み 4件',
  );
  await expect(page.getByTestId('bank-line-recorded').first()).toContainText(/記録済み：R-\d{6}/);
  await page.getByRole('button', { name: 'この内容で記録する' }).click();
  await expect(page.getByText('記録できる行がありません。')).toBeVisible();
  await expectAccessible(page);

  // 林 敏夫 has paid twice: 払いすぎ（返金が必要）; the course's money adds up in one row
  await page.goto(`/admin/course/detail/${await harbourId(page)}/payments`);
  const hayashi = page.getByTestId('payment-seat').filter({ hasText: '25049002' });
  await expect(hayashi.getByTestId('payment-state')).toHaveText('払いすぎ（返金が必要）');
  await expect(page.getByText('過入金')).toHaveCount(0);
  const money = (key: string) => yen(page.getByTestId(`money-${key}`));
  const [due, collected, refunded, outstanding, owed] = [
    await money('due'),
    await money('collected'),
    await money('refunded'),
    await money('outstanding'),
    await money('refund_owed'),
  ];
  expect(owed).toBeGreaterThanOrEqual(3000);
  expect(due - collected + refunded).toBe(outstanding - owed);
  await expect(page.getByTestId('money-sum')).toHaveText(
    /^請求額 [\d,]+円 − 入金額 [\d,]+円 ＋ 返金済み [\d,]+円 ＝ 未収額 [\d,]+円 − 払いすぎ（返金が必要） [\d,]+円$/,
  );
  await expectAccessible(page);
});

test('[管理][入金] 入金を手で記録し、理由をつけて訂正する；領収書を印刷する', async ({ page }) => {
  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${await harbourId(page)}/payments`);
  const seat = page.getByTestId('payment-seat').filter({ hasText: '25040002' });
  await seat.getByRole('button', { name: /^入金を記録/ }).click();
  const dialog = page.getByRole('dialog', { name: '入金の記録' });
  await dialog.getByLabel('金額（円）').fill('2000');
  await dialog.getByRole('radio', { name: '窓口' }).check({ force: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '記録する' }).click();
  await expect(seat.getByTestId('payment-state')).toHaveText('一部入金');
  // a part payment has its receipt too
  await expect(seat.getByRole('link', { name: /^領収書/ })).toHaveCount(1);

  await seat.getByRole('button', { name: /^訂正/ }).click();
  const fix = page.getByRole('dialog', { name: '入金の訂正' });
  await fix.getByLabel('金額（円）').fill('3000');
  await fix.getByRole('button', { name: '訂正する' }).click();
  await expect(fix.getByText('訂正の理由を入力してください')).toBeVisible();
  await fix.getByLabel('訂正の理由').fill('受け取った額の入力誤り');
  await fix.getByRole('button', { name: '訂正する' }).click();
  await expect(seat.getByTestId('payment-state')).toHaveText('入金済み');
  await expectAccessible(page);

  await seat.getByRole('link', { name: /^領収書/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '領収書' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText('3,000円');
  await expect(page.getByTestId('receipt')).toContainText(`${HARBOUR} 受講料・教材費として`);
  await expect(page.getByRole('button', { name: '印刷する' })).toBeVisible();
  await expectAccessible(page);
});

test('[マイページ][入金] 学生が申込状況から自分の領収書を開いて印刷できる：入金の日は領収書と同じ、一部の入金にも領収書 @phone', async ({
  page,
}) => {
  // 文字サイズ「大きい」, as a senior on a phone reads it
  await page.addInitScript(() => localStorage.setItem('color-standard', 'large'));
  await loginStudent(page, ACCOUNTS.student1);
  await page.goto('/mypage/course/applied');
  // 海と港の経済学, paid in full: the day the my-page names is the day its receipt names
  const harbour = page.getByRole('listitem').filter({ hasText: '海と港の経済学' }).first();
  const confirmed = /入金を確認しました（(\d+)月(\d+)日）/.exec((await harbour.textContent()) ?? '');
  expect(confirmed, '入金を確認しました（…）').not.toBeNull();
  const link = harbour.getByRole('link', { name: /^領収書/ });
  await expect(link).toHaveCount(1);
  await expect(link).toContainText(`年${confirmed?.[1]}月${confirmed?.[2]}日の入金`);
  // 水彩画, 1,000円 paid of more: a receipt for that part payment
  const part = page.getByRole('listitem').filter({ hasText: '水彩画' }).first();
  await expect(part.getByRole('link', { name: /^領収書（.*1,000円）/ })).toBeVisible();
  await expectAccessible(page);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: '領収書' })).toBeVisible();
  await expect(page.getByTestId('receipt')).toContainText('山田');
  await expect(page.getByTestId('receipt')).toContainText(`${confirmed?.[1]}月${confirmed?.[2]}日`);
  await expect(page.getByRole('button', { name: '印刷する' })).toBeVisible();
  await expectAccessible(page);
});

test('[管理][権限][入金] 権限2は自分の大学の講座の入金を見られるが、記録はできない', async ({ page }) => {
  await loginAdmin(page);
  const id = await harbourId(page);
  await page.context().clearCookies();
  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto(`/admin/course/detail/${id}/payments`);
  await expect(page.getByRole('heading', { level: 1, name: '入金の管理' })).toBeVisible();
  await expect(page.getByTestId('payment-seat').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /入金を記録|訂正|取り消し|返金を記録/ })).toHaveCount(0);
  // SPEC §6: 氏名カナ only — no 氏名, no 学生番号; and no receipt, which is the office's to issue
  await expect(page.getByTestId('payment-seat').filter({ hasText: 'ハヤシ トシオ' })).toHaveCount(1);
  await expect(page.getByText('林 敏夫')).toHaveCount(0);
  await expect(page.getByText('25049002')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^領収書/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/admin/payments');
  await expect(page).toHaveURL(/\/admin\/apierror/);
});

test('[管理][入金] 初回の授業で集めた受講料を、選んだ人の分だけ日付と方法を決めてまとめて記録する', async ({
  page,
}) => {
  await loginAdmin(page);
  // a course of its own (受講料 3,000円 + 教材費 500円) with three winners who owe their fee
  const courseId = await addCourseAsAdmin(page.request, {
    course_name: `まとめて入金${uniqueTag()}`,
    capacity: '3',
  });
  const seen = await (await page.request.get(`/api/admin/course/fee/?course_id=${courseId}`)).json();
  const saved = await page.request.post('/api/admin/course/fee/update/', {
    data: {
      course_id: courseId,
      required: '1',
      how_to_pay: '初回の授業で受付にお支払いください。',
      pay_days: '30',
      pay_by_date: '',
      auto_lapse: '0',
      refund_days: '',
      refund_note: '',
      updated_at: seen.updated_at,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const people: string[] = [];
  for (let i = 0; i < 3; i++) {
    const loginId = await addStudentAsAdmin(page.request, { generation: '2609', password: 'payments2609' });
    await addApplicantAsAdmin(page.request, courseId, loginId);
    people.push(loginId);
  }
  await drawAsAdmin(page.request, courseId, { win_num: '3' });

  await page.goto(`/admin/course/detail/${courseId}/payments`);
  const seat = (loginId: string) => page.getByTestId('payment-seat').filter({ hasText: loginId });
  const record = page.getByRole('button', { name: /^選んだ\d+人の残額を入金として記録する/ });
  await expect(record).toBeDisabled();
  await seat(people[0]!).getByRole('checkbox').check();
  await seat(people[1]!).getByRole('checkbox').check();
  await record.click();
  const dialog = page.getByRole('dialog', { name: '入金をまとめて記録' });
  await expect(dialog.getByText('2人', { exact: true })).toBeVisible();
  await expect(dialog.getByText('7,000円（それぞれの残額）')).toBeVisible();
  await dialog.getByRole('radio', { name: '窓口' }).check({ force: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'まとめて記録する' }).click();
  await expect(page.getByText('2件の入金を記録しました。')).toBeVisible();
  await expect(seat(people[0]!).getByTestId('payment-state')).toHaveText('入金済み');
  await expect(seat(people[1]!).getByTestId('payment-state')).toHaveText('入金済み');
  await expect(seat(people[2]!).getByTestId('payment-state')).toHaveText('未入金');
  await expect(seat(people[0]!).getByRole('cell', { name: '窓口' })).toBeVisible();
  await expect(record).toBeDisabled();
  await expectAccessible(page);
});

test('[管理][退会][入金] 支払った学生を退会にするときは、講座ごとの支払いと返金の検討が示される', async ({
  page,
}) => {
  await loginAdmin(page);
  const courseId = await addCourseAsAdmin(page.request, {
    course_name: `退会と返金${uniqueTag()}`,
    capacity: '1',
  });
  const seen = await (await page.request.get(`/api/admin/course/fee/?course_id=${courseId}`)).json();
  const saved = await page.request.post('/api/admin/course/fee/update/', {
    data: {
      course_id: courseId,
      required: '1',
      how_to_pay: '窓口でお支払いください。',
      pay_days: '30',
      pay_by_date: '',
      auto_lapse: '0',
      refund_days: '',
      refund_note: '',
      updated_at: seen.updated_at,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const loginId = await addStudentAsAdmin(page.request, { generation: '2609', password: 'payments2609' });
  await addApplicantAsAdmin(page.request, courseId, loginId);
  await drawAsAdmin(page.request, courseId, { win_num: '1' });
  const list = await (await page.request.get(`/api/admin/payment/list/?course_id=${courseId}`)).json();
  const seatId = list.list[0].application_id as number;
  const paid = await page.request.post('/api/admin/payment/add/', {
    data: {
      application_id: seatId,
      amount: '3500',
      paid_on: '2026-11-30',
      method: 'counter',
      receipt_no: '',
      note: '',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto(`/admin/student?login_id=${loginId}`);
  await page.getByRole('row').filter({ hasText: loginId }).getByRole('link').first().click();
  await page.getByRole('link', { name: '退会の手続きへ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '退会の手続き' })).toBeVisible();
  const money = page.getByTestId('withdraw-money');
  await expect(money.getByText('返金を検討してください')).toBeVisible();
  await expect(money.getByRole('table', { name: '講座ごとのお支払い' })).toContainText('3,500円');
  await expectAccessible(page);
  await money.getByRole('link', { name: /^入金の管理/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '入金の管理' })).toBeVisible();
  await expect(page.getByTestId('payment-seat').filter({ hasText: loginId })).toBeVisible();

  // her own 退会 page says what she paid, and whom to call, before she decides
  await loginStudent(page, { login_id: loginId, password: 'payments2609' });
  await page.goto('/mypage/user/withdraw');
  await expect(page.getByRole('heading', { level: 1, name: '退会の手続き' })).toBeVisible();
  await expect(page.getByText(/：お支払い 3,500円/)).toBeVisible();
  await expect(page.getByText('返金があるものは、事務局からご連絡します。', { exact: false })).toBeVisible();
  await expectAccessible(page);
});
