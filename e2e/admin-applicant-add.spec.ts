import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminApi, applicantsOf as applicantRowsOf } from './admin-api';
import { addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

type CourseRow = { id: number; course_name: string };
type ApplicantRow = { user_id: number; login_id: string; name: string; how_apply: string };

// Each journey has a course and a student of its own (the desktop and phone projects share one database):
// 24040002 and 25040001 on はじめての健康ヨガ (C2602), 24040001 on スマートフォン入門 (C2605, never registered).
const YOGA = 'はじめての健康ヨガ';
const SMARTPHONE = 'スマートフォン入門';

/** The id of a demo course and a request context logged in as the full admin (dispose it after use). */
async function courseIdOf(request: APIRequestContext, courseName: string): Promise<number> {
  const login = await request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin });
  expect(login.status()).toBe(200);
  const courses = await request.get('/api/admin/courselist/?control=1');
  expect(courses.status()).toBe(200);
  const { data_list } = (await courses.json()) as { data_list: CourseRow[] };
  const course = data_list.find((r) => r.course_name === courseName);
  expect(course, `the course ${courseName}`).toBeTruthy();
  return (course as CourseRow).id;
}

async function applicantsOf(request: APIRequestContext, courseId: number): Promise<ApplicantRow[]> {
  const list = await request.get(`/api/admin/courseapplicantlist/?id=${courseId}`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as { data_list: ApplicantRow[] }).data_list;
}

/** Picks a choice the way a user does: a click on its visible label (the radio itself is visually hidden). */
const pick = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

/** Opens the student search modal from the form and returns it. */
async function openSearch(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /学生を検索して選択|選択した学生を変更/ }).click();
  const dialog = page.getByRole('dialog', { name: '学生を検索して選択' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Searches in the modal by one condition and waits for the result table. */
async function search(dialog: Locator, label: string, value: string): Promise<Locator> {
  await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: '検索', exact: true }).click();
  const results = dialog.getByRole('table', { name: '検索結果（学生）' });
  await expect(results).toBeVisible();
  return results;
}

test('[管理][申込者追加] 学生を検索して選び、申込者として登録する', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const courseId = await courseIdOf(request, YOGA);
  expect((await applicantsOf(request, courseId)).map((a) => a.login_id)).not.toContain(
    ACCOUNTS.student2.login_id,
  );

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/add/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者の追加' })).toBeVisible();
  await expect(page.getByText(YOGA, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // no student: the message on the student field (and in the error summary)
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('入力内容にエラーがあります')).toBeVisible();
  await expect(page.getByText('いずれかの学生を選択してください', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: '申込む学生：いずれかの学生を選択してください' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '入力' })).toBeVisible();

  // the modal: search by kana, then by student number
  const dialog = await openSearch(page);
  let results = await search(dialog, '氏名カナ', 'サトウ');
  await expect(results).toContainText(ACCOUNTS.student2.login_id);
  await expect(results).toContainText('佐藤 健一');
  await expect(results).not.toContainText(ACCOUNTS.student1.login_id);
  await expectAccessible(page);
  await dialog.getByLabel('氏名カナ', { exact: true }).fill('');
  results = await search(dialog, '学生番号', ACCOUNTS.student2.login_id);
  await expect(results.getByRole('row')).toHaveCount(2);

  // choose by keyboard; the modal closes and focus comes back to the field's button
  const choose = dialog.getByRole('button', { name: `選択：${ACCOUNTS.student2.login_id} 佐藤 健一` });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const change = page.getByRole('button', { name: '選択した学生を変更' });
  await expect(change).toBeFocused();
  await expect(page.getByRole('group', { name: /申込む学生/ })).toContainText(
    `学生番号：${ACCOUNTS.student2.login_id}`,
  );
  await expect(page.getByRole('group', { name: /申込む学生/ })).toContainText('氏名：佐藤 健一');
  await expect(page.getByText('いずれかの学生を選択してください', { exact: true })).toHaveCount(0);

  await pick(page, '申込方法', '電話');
  await page.getByLabel('備考').fill('電話で受付');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  const confirm = page.locator('dl');
  await expect(confirm).toContainText(YOGA);
  await expect(confirm).toContainText(ACCOUNTS.student2.login_id);
  await expect(confirm).toContainText('佐藤 健一');
  await expect(confirm).toContainText('電話');
  await expect(confirm).toContainText('電話で受付');
  await expect(page.getByRole('button', { name: '戻る' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('申込者を登録しました。')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: '申込者一覧へ戻る' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/2$`));

  const applicant = (await applicantsOf(request, courseId)).find(
    (a) => a.login_id === ACCOUNTS.student2.login_id,
  );
  expect(applicant, 'the new applicant').toBeTruthy();
  expect(applicant?.how_apply).toBe('2');
  await request.dispose();
});

test('[管理][申込者追加] すでに申し込んでいる学生は登録できない', async ({ page, playwright }) => {
  // another admin registers the same student between the confirm step and 登録する
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const courseId = await courseIdOf(request, YOGA);
  const student = '25040001';

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/add/${courseId}`);
  const dialog = await openSearch(page);
  const results = await search(dialog, '学生番号', student);
  await expect(results).toContainText('鈴木 和子');
  await dialog.getByRole('button', { name: `選択：${student} 鈴木 和子` }).click();
  await expect(dialog).toBeHidden();
  await pick(page, '申込方法', '窓口');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();

  const found = await request.get(
    `/api/admin/addcourseapplicant/studentlist/?id=${courseId}&login_id=${student}`,
  );
  const [row] = (await found.json()) as { user_id: number }[];
  expect(row, `${student} not yet applied`).toBeTruthy();
  const added = await request.post('/api/admin/addcourseapplicant/add/', {
    data: { course_id: courseId, user_id: (row as { user_id: number }).user_id, how_apply: '2', remarks: '' },
  });
  expect(added.status()).toBe(200);
  await request.dispose();

  await page.getByRole('button', { name: '登録する' }).click();
  // back on the input step, the server's message on the student field
  await expect(page.getByRole('heading', { level: 2, name: '入力' })).toBeVisible();
  await expect(page.getByText('この学生はすでにこの講座に申し込んでいます', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '入力内容にエラーがあります' })).toBeFocused();
  await expectAccessible(page);

  // and the search no longer offers the student
  const again = await openSearch(page);
  // the search conditions follow the shared schema (student number at most 8)
  await again.getByLabel('学生番号', { exact: true }).fill('123456789');
  await again.getByRole('button', { name: '検索', exact: true }).click();
  await expect(again.getByText('9文字以上は入力できません')).toBeVisible();
  await expect(again.getByLabel('学生番号', { exact: true })).toBeFocused();
  const none = await search(again, '学生番号', student);
  await expect(none).toContainText('該当する学生がいません');
  // Escape closes the modal
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

test('[管理][申込者追加] 大学担当は申込者追加画面に入れない', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const courseId = await courseIdOf(request, YOGA);
  await request.dispose();

  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto(`/admin/course/detail/add/${courseId}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
  await expectAccessible(page);
});

test('[管理][申込者追加] 存在しない講座は404へ', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/course/detail/add/999999');
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][申込者追加] スマートフォン幅(375px)で学生を検索して選び、確認画面まで進む @phone', async ({
  page,
  playwright,
}) => {
  // nothing is registered here: 24040001's applications feed other journeys
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const courseId = await courseIdOf(request, SMARTPHONE);
  await request.dispose();

  await page.setViewportSize({ width: 375, height: 740 });
  await loginAdmin(page);
  await page.goto(`/admin/course/detail/add/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者の追加' })).toBeVisible();
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noHorizontalScroll()).toBe(true);

  const dialog = await openSearch(page);
  const results = await search(dialog, '氏名カナ', 'ヤマダ');
  await expect(results).toContainText(ACCOUNTS.student1.login_id);
  expect(await noHorizontalScroll()).toBe(true);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: `選択：${ACCOUNTS.student1.login_id} 山田 花子` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: /申込む学生/ })).toContainText('氏名：山田 花子');

  await pick(page, '申込方法', '郵送・FAX');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.locator('dl')).toContainText(SMARTPHONE);
  await expect(page.locator('dl')).toContainText('山田 花子');
  expect(await noHorizontalScroll()).toBe(true);
  await expectAccessible(page);

  // 戻る keeps the choice
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(page.getByRole('group', { name: /申込む学生/ })).toContainText('氏名：山田 花子');
  await expect(page.getByRole('radio', { name: '郵送・FAX' })).toBeChecked();
});

/** Picks a student in the modal by student number, the way the office does. */
async function chooseStudent(page: Page, loginId: string, name: string) {
  const dialog = await openSearch(page);
  await search(dialog, '学生番号', loginId);
  await dialog.getByRole('button', { name: `選択：${loginId} ${name}` }).click();
  await expect(dialog).toBeHidden();
}

test('[管理][申込者追加] 先着順の講座は席があれば「当選」、満席なら断り、定員を超えるときは理由を書いて明示する', async ({
  page,
  playwright,
}) => {
  // a first-come course of one seat, and two students of the journey's own
  const request = await adminApi(playwright);
  const tag = uniqueTag();
  const courseName = `E2E先着窓口講座${tag}`;
  const courseId = await addCourseAsAdmin(request, {
    course_name: courseName,
    is_lottery: '0',
    capacity: '1',
  });
  const people = [
    { name: `先着 一郎${tag.slice(-3)}`, kana: 'センチャク イチロウ' },
    { name: `先着 二郎${tag.slice(-3)}`, kana: 'センチャク ジロウ' },
  ];
  const [first, second] = await Promise.all(
    people.map((p) =>
      addStudentAsAdmin(request, {
        generation: '2661',
        password: 'deskpass01',
        fields: { name: p.name, name_kana: p.kana },
      }),
    ),
  );

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/add/${courseId}`);
  await expect(page.getByText('先着順の講座です')).toBeVisible();
  await expect(page.getByText(/定員は1人です。席が空いていれば「当選」として登録します。/)).toBeVisible();
  await chooseStudent(page, first as string, people[0]!.name);
  await pick(page, '申込方法', '窓口');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.locator('dl')).toContainText('先着順：席が空いていれば「当選」として登録します');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('先着順の講座のため、席を確保して「当選」として登録しました。')).toBeVisible();
  await expectAccessible(page);

  // the seat is gone: the second is refused on the override's checkbox, nothing registered
  await page.goto(`/admin/course/detail/add/${courseId}`);
  await chooseStudent(page, second as string, people[1]!.name);
  await pick(page, '申込方法', '電話');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力' })).toBeVisible();
  const full = page.getByText(/^定員に達しています。/);
  await expect(full.first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^定員を超えて受け付ける：定員に達しています/ })).toBeVisible();
  await expectAccessible(page);
  expect((await applicantRowsOf<{ login_id: string }>(request, courseId)).map((r) => r.login_id)).toEqual([
    first,
  ]);

  // the override is explicit: ticked, it asks why; the confirm step says what will happen and why
  await page.getByText('定員を超えて受け付ける', { exact: true }).click();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('定員を超えて受け付ける理由を入力してください', { exact: true })).toBeVisible();
  const reason = '講師の了承を得て、見学席を1席増やすため';
  await page.getByLabel('定員を超えて受け付ける理由').fill(reason);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  const confirm = page.locator('dl');
  await expect(confirm).toContainText('定員（1人）を超えて受け付け、「当選」として登録します');
  await expect(confirm).toContainText(reason);
  await expectAccessible(page);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('定員を超えて、「当選」として登録しました。')).toBeVisible();

  const rows = await applicantRowsOf<{ login_id: string; lottery_status: string }>(request, courseId);
  expect(rows.map((r) => [r.login_id, r.lottery_status]).sort()).toEqual(
    [
      [first, '2'],
      [second, '2'],
    ].sort(),
  );
  // the course's 操作の記録 keeps the override and its reason
  await page.goto(`/admin/course/detail/${courseId}/3`);
  await expect(page.getByText(reason).first()).toBeVisible();
  await expectAccessible(page);
  await request.dispose();
});
