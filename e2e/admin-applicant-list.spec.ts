import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminApi, applicantsOf, courseIdOf } from './admin-api';
import { addCourseAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, pageTab, test } from './fixtures';

// The applicant tab of /admin/course/detail/{id}/2. Data of its own so the journeys stay independent:
// 健康づくりウォーキング (C2502) for inline editing (24040002's row), みなと学院大学「地域の防災」 (C2607,
// no demo applicants) for the lottery, 海と港の経済学 (C2603) read-only for authority 2.

const WALKING = '健康づくりウォーキング';
const DISASTER = 'みなと学院大学「地域の防災」';
const HARBOUR = 'みなと学院大学 公開講座「海と港の経済学」';
const CLASSICS = '東都文化大学「日本の古典文学」';

type ApplicantRow = Record<string, string | number | null> & {
  user_id: number;
  student_id: number;
  login_id: string;
  updated_at: string;
};

const row = (page: Page, loginId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: loginId }) });

test('[管理][申込者一覧] 表の中で変更すると行にチェックが入り、更新・元に戻す・他の管理者との競合を扱える', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const courseId = await courseIdOf(request, WALKING);
  const student = ACCOUNTS.student2.login_id;

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者一覧' })).toBeVisible();
  await expect(pageTab(page, '申込者一覧')).toHaveAttribute('aria-current', 'page');
  // the tab opens on every applicant: 24040002 (未受講) and 24040001 (受講済み) alike
  await expect(row(page, student)).toBeVisible();
  await expect(row(page, ACCOUNTS.student1.login_id)).toBeVisible();
  await expectAccessible(page);

  const target = row(page, student);
  const tick = target.getByRole('checkbox', { name: /を更新する$/ });
  await expect(tick).not.toBeChecked();

  // reset: an edit ticks the row and marks the cell; 元に戻す restores both
  await target.getByRole('combobox', { name: /第1回$/ }).selectOption('2');
  await expect(tick).toBeChecked();
  await expect(target.getByRole('combobox', { name: /第1回（変更あり）$/ })).toHaveValue('2');
  await page.getByRole('button', { name: '元に戻す' }).click();
  await expect(tick).not.toBeChecked();
  await expect(target.getByRole('combobox', { name: /第1回$/ })).toHaveValue('0');

  // a bad unit value is refused on its cell, nothing is sent
  await target.getByRole('combobox', { name: /第1回$/ }).selectOption('2');
  await target.getByRole('textbox', { name: /取得単位$/ }).fill('100000');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('入力内容を確認してください。更新していません。')).toBeVisible();
  await expect(target.getByRole('textbox', { name: /取得単位（変更あり）$/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(
    (await applicantsOf<ApplicantRow>(request, courseId)).find((a) => a.login_id === student)?.attendance1,
  ).toBe('0');

  // fixed: 更新 saves the ticked row
  await target.getByRole('textbox', { name: /取得単位/ }).fill('2');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('更新完了')).toBeVisible();
  await expect(tick).not.toBeChecked();
  let saved = (await applicantsOf<ApplicantRow>(request, courseId)).find(
    (a) => a.login_id === student,
  ) as ApplicantRow;
  expect(saved.attendance1).toBe('2');
  expect(saved.acquisition_unit).toBe(2);

  // someone else changes the row meanwhile: the update is refused (409) and the admin's change stays shown
  await target.getByRole('combobox', { name: /第2回$/ }).selectOption('1');
  const other = await request.post('/api/admin/courseapplicantlist/update/', {
    data: {
      course_id: courseId,
      is_update_0: '1',
      student_id_0: saved.student_id,
      lottery_status_0: saved.lottery_status,
      attendance_status_0: saved.attendance_status,
      acquisition_unit_0: '5',
      ...Object.fromEntries(
        Array.from({ length: 15 }, (_, i) => [`attendance_0_${i + 1}`, saved[`attendance${i + 1}`]]),
      ),
      updated_at_0: saved.updated_at,
    },
  });
  expect(other.status()).toBe(200);
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('ほかの管理者が先に更新したため、更新しませんでした')).toBeVisible();
  // the fresh row (units 5 from the other admin) with this admin's session change laid over it
  await expect(target.getByRole('textbox', { name: /取得単位$/ })).toHaveValue('5');
  await expect(target.getByRole('combobox', { name: /第2回（変更あり）$/ })).toHaveValue('1');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('更新完了')).toBeVisible();
  saved = (await applicantsOf<ApplicantRow>(request, courseId)).find(
    (a) => a.login_id === student,
  ) as ApplicantRow;
  expect([saved.attendance1, saved.attendance2, saved.acquisition_unit]).toEqual(['2', '1', 5]);
  await expectAccessible(page);
  await request.dispose();
});

test('[管理][申込者一覧] 検索条件・並べ替え・CSVダウンロード（BOMと見出し行）', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const courseId = await courseIdOf(request, WALKING);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(row(page, ACCOUNTS.student2.login_id)).toBeVisible();
  // unfiltered at first: the attended student too; 受講状況 未受講 leaves them out, and the conditions go
  // into the URL
  await expect(row(page, ACCOUNTS.student1.login_id)).toBeVisible();
  await expect(page.getByText('1 - 2件 / 全2件')).toBeVisible();
  const searchForm = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: '検索', exact: true }) });
  await searchForm.getByRole('button', { name: /受講状況/ }).click();
  await page.getByRole('listbox', { name: '受講状況' }).getByRole('option', { name: '未受講' }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/attendance_status=1/);
  await expect(row(page, ACCOUNTS.student1.login_id)).toHaveCount(0);
  await searchForm.getByRole('button', { name: /受講状況/ }).click();
  await page.getByRole('option', { name: 'すべて', exact: true }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).not.toHaveURL(/attendance_status/);
  await expect(row(page, ACCOUNTS.student1.login_id)).toBeVisible();
  // 抽選状況 当選 only
  // react-aria draws the box over the native one: choose it by its label, as a person does
  await searchForm.getByText('当選', { exact: true }).click();
  await expect(searchForm.getByRole('checkbox', { name: '当選', exact: true })).toBeChecked();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(row(page, ACCOUNTS.student1.login_id)).toBeVisible();
  await expect(row(page, ACCOUNTS.student2.login_id)).toHaveCount(0);
  await searchForm.getByText('当選', { exact: true }).click();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(row(page, ACCOUNTS.student2.login_id)).toBeVisible();

  // sort by 学生番号 descending
  const sortButton = page.getByRole('button', { name: /^学生番号/ });
  await sortButton.click();
  await sortButton.click();
  await expect(page.getByRole('columnheader', { name: /学生番号/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('rowheader').first()).toHaveText(ACCOUNTS.student2.login_id);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSVダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^applicant_\d{14}\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(header).toBe(
    `学生番号,氏名,氏名カナ,抽選状況,申込方法,受講状況,受講状況更新日,取得単位,${Array.from({ length: 15 }, (_, i) => `第${i + 1}回`).join(',')}`,
  );
  expect(lines).toHaveLength(2);
  expect(lines.some((l) => l.startsWith(`${ACCOUNTS.student1.login_id},`))).toBe(true);
});

test('[管理][申込者一覧] 抽選モーダルで当選者数を入れて抽選し、閉じると一覧が読み込み直される', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const courseId = await courseIdOf(request, DISASTER);
  // three applicants of this journey's own course
  for (const loginId of [ACCOUNTS.student1.login_id, ACCOUNTS.student2.login_id, '25040001']) {
    const found = await request.get(
      `/api/admin/addcourseapplicant/studentlist/?id=${courseId}&login_id=${loginId}`,
    );
    const student = ((await found.json()) as { user_id: number }[])[0];
    expect(student, loginId).toBeTruthy();
    const added = await request.post('/api/admin/addcourseapplicant/add/', {
      data: { course_id: courseId, user_id: student?.user_id, how_apply: '2', remarks: '' },
    });
    expect(added.status(), await added.text()).toBe(200);
  }

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(page.getByText('1 - 3件 / 全3件')).toBeVisible();
  await page.getByRole('button', { name: '抽選', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '抽選' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('抽選待ちの申込者 3人')).toBeVisible();
  const winNum = dialog.getByRole('textbox', { name: /当選者数/ });
  // the course takes applications later on: the office must say why it draws now
  const reason = dialog.getByRole('textbox', { name: /申込期間中に抽選する理由/ });
  await reason.fill('大学からの依頼のため');
  await winNum.fill('');
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(dialog.getByText('この項目を入力してください')).toBeVisible();
  await winNum.fill('01');
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(dialog.getByText('1以上の数値のみを入力してください')).toBeVisible();
  await expectAccessible(page);
  await winNum.fill('2');
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(
    dialog.getByText(/3人に結果をお知らせします（うちメール \d人）。取り消せません。$/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: '抽選する' }).click();
  await expect(dialog.getByText('抽選が完了しました')).toBeVisible();
  await expect(dialog.getByText('当選 2人、落選 1人')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/2`));

  // the list shows the drawn statuses: two winners, one loser
  const statuses = page.getByRole('combobox', { name: /抽選状況/ });
  await expect(statuses).toHaveCount(3);
  const values = await statuses.evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value).sort());
  expect(values).toEqual(['2', '2', '3']);

  // nobody is left to draw: a second lottery is refused on the field
  await page.getByRole('button', { name: '抽選', exact: true }).click();
  await dialog.getByRole('textbox', { name: /当選者数/ }).fill('1');
  await dialog.getByRole('textbox', { name: /申込期間中に抽選する理由/ }).fill('大学からの依頼のため');
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(
    dialog.getByText('0人に結果をお知らせします（うちメール 0人）。取り消せません。'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: '抽選する' }).click();
  await expect(dialog.getByText('抽選待ちの申込者がいないため、抽選できません')).toBeVisible();
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await request.dispose();
});

test('[管理][申込者一覧] 大学の担当者は氏名カナだけを見て、抽選・追加・更新はできない @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const harbour = await courseIdOf(request, HARBOUR);
  const classics = await courseIdOf(request, CLASSICS);
  await request.dispose();

  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto(`/admin/course/detail/${harbour}/2`);
  await expect(page.getByRole('table', { name: '申込者一覧' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([/氏名カナ/]);
  await expect(page.getByRole('button', { name: '抽選', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '申込者を追加' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '更新する' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: '学生番号' })).toHaveCount(0);
  await expectAccessible(page);
  // another university's course
  await page.goto(`/admin/course/detail/${classics}/2`);
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][申込者一覧] 今日の仕事の「未入金・期限切れ」から、入金状況の列と期限切れの絞り込みで開く', async ({
  page,
}) => {
  // the demo's やさしい書道 (C2614): one winner's pay-by day has passed unpaid (read only)
  await loginAdmin(page);
  await page.goto('/admin/top');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: '未入金・期限切れ' }) });
  await expect(card.getByText('1人', { exact: false }).first()).toBeVisible();
  await card.getByRole('link', { name: 'やさしい書道' }).click();

  await expect(page).toHaveURL(/\/admin\/course\/detail\/\d+\/2\?payment=overdue$/);
  await expect(page.getByRole('heading', { level: 1, name: '申込者一覧' })).toBeVisible();
  await expect(page.getByRole('button', { name: /入金状況/ })).toContainText('うち、支払いの期限を過ぎた人');
  const table = page.getByRole('table', { name: '申込者一覧' });
  await expect(table.getByRole('columnheader', { name: '入金状況' })).toBeVisible();
  // the card's one person, the same one the list shows: owing the course's fee, not 0円
  await expect(page.getByText('1 - 1件 / 全1件')).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('未入金');
  await expect(rows.first()).toContainText('残り 2,000円');
  await expectAccessible(page);

  // every applicant again: the winners who have paid nothing yet read 未入金, the others nothing or 不要
  await page.goto(page.url().replace('?payment=overdue', ''));
  await expect(page.getByText(/全[2-9]件/)).toBeVisible();
  await expect(table.getByText('残り 2,000円').first()).toBeVisible();
});

test('[管理][受講料] 0円の講座には支払いを求める設定ができないと、その項目で伝える', async ({ page }) => {
  await loginAdmin(page);
  const courseId = await addCourseAsAdmin(page.request, {
    course_name: `E2E無料講座${uniqueTag()}`,
    tuition_fee: '0',
    material_cost: '',
  });
  await page.goto(`/admin/course/detail/${courseId}/1`);
  const panel = page.getByRole('region', { name: '受講料のお支払い' });
  await expect(panel.getByText(/この講座は0円のため、お支払いは不要です。/)).toBeVisible();
  await panel.getByText('受講前の支払いが必要').click();
  await panel.getByLabel(/^支払いの方法/).fill('窓口でお支払いください。');
  await panel.getByLabel(/^期限の日数/).fill('7');
  await panel.getByRole('button', { name: 'お支払いの設定を保存する' }).click();
  await expect(
    panel.getByText(/^この講座は受講料・教材費が0円のため、支払いを求める設定にはできません。/).first(),
  ).toBeVisible();
  await expect(panel.getByText('お支払いの設定を保存しました。')).toHaveCount(0);
  await expectAccessible(page);
});
