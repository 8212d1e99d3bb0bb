import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, pageTab, test } from './fixtures';

// The student detail: 24040001's information and applied courses. The journey edits only
// 「みなと学院大学「世界の港町」」 (C2503), a course no other journey reads 24040001's attendance of.

type StudentAnswer = { user_id: number; login_id: string | null; name: string; approval_status: string };
type CourseAnswer = Record<string, string | number | null> & { course_name: string };

async function adminApi(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
  return request;
}

/** The demo students by id (the demo seeds a handful, from 1). */
async function demoStudents(request: APIRequestContext): Promise<StudentAnswer[]> {
  const found: StudentAnswer[] = [];
  for (let id = 1; id <= 12; id++) {
    const res = await request.get(`/api/admin/student/detail/?user_id=${id}`);
    if (res.status() === 200) found.push((await res.json()) as StudentAnswer);
  }
  return found;
}

test('[管理][学生詳細] 学生情報を見て、申込講座の受講状況を表の中で変更して更新する', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const student = (await demoStudents(request)).find((s) => s.login_id === ACCOUNTS.student1.login_id);
  expect(student).toBeTruthy();
  const id = (student as StudentAnswer).user_id;

  await loginAdmin(page);
  await page.goto(`/admin/student/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  await expect(pageTab(page, '学生情報')).toHaveAttribute('aria-current', 'page');
  const info = page.locator('dl');
  await expect(info).toContainText('山田 花子');
  await expect(info).toContainText('港区芝公園');
  await expect(page.getByRole('link', { name: '学生情報を変更' })).toHaveAttribute(
    'href',
    `/admin/student/detail/update/${id}`,
  );
  await expectAccessible(page);

  // tab 2, kept in the URL
  await pageTab(page, '申込講座').click();
  await expect(page).toHaveURL(/\?tab=2$/);
  const table = page.getByRole('table', { name: /山田 花子さんの申込講座/ });
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '世界の港町' }) });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);

  await row.getByRole('combobox', { name: /第7回$/ }).selectOption('1');
  await expect(row.getByRole('checkbox', { name: /を更新する$/ })).toBeChecked();
  await row.getByRole('textbox', { name: /取得単位$/ }).fill('7');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('更新完了')).toBeVisible();
  await expect(page.getByText('1件の受講状況を更新しました。')).toBeVisible();

  const saved = (
    (await (await request.get(`/api/admin/student/applicantCourse/list/?user_id=${id}`)).json()) as {
      data_list: CourseAnswer[];
    }
  ).data_list.find((c) => c.course_name.includes('世界の港町')) as CourseAnswer;
  expect([saved.attendance7, saved.acquisition_unit]).toEqual(['1', 7]);

  // reload keeps the tab and shows the saved values
  await page.reload();
  await expect(row.getByRole('textbox', { name: /取得単位$/ })).toHaveValue('7');

  // search by course name, then CSV
  await page.getByLabel('講座名').fill('歴史散歩');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(table.getByRole('rowheader')).toHaveText(['港区の歴史散歩']);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^applied_course_\d{14}\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(header?.startsWith('講座名,抽選状況,申込方法,受講状況,受講状況更新日,取得単位,第1回')).toBe(true);
  expect(lines).toHaveLength(1);
  await request.dispose();
});

test('[管理][学生詳細] 存在しない学生・未承認の学生は404ページへ @phone', async ({ page, playwright }) => {
  const request = await adminApi(playwright);
  // an admission still awaiting approval (the demo's withdrawn student has a page: she was a student)
  const pending = (await demoStudents(request)).find((s) => s.approval_status === '0');
  expect(pending, 'a pending demo admission').toBeTruthy();
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/student/detail/${(pending as StudentAnswer).user_id}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
  await page.goto('/admin/student/detail/999999');
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][学生詳細] 単位は、講座で取得した単位と入学前からの繰越を、マイページと同じ言葉で示す', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const student = (await demoStudents(request)).find((s) => s.login_id === ACCOUNTS.student1.login_id);
  const id = (student as StudentAnswer).user_id;
  const answer = (await (await request.get(`/api/admin/student/detail/?user_id=${id}`)).json()) as {
    total_units: number;
    earned_units: number;
  };
  await request.dispose();
  // the demo's 24040001: units carried from before, and more earned in the courses she finished
  expect(answer.total_units).toBeGreaterThan(0);
  expect(answer.earned_units).toBeGreaterThan(answer.total_units);

  await loginAdmin(page);
  await page.goto(`/admin/student/detail/${id}`);
  const units = page.locator('dt', { hasText: /^単位$/ }).locator('+ dd');
  const expected = `これまでの講座で取得 ${answer.earned_units}単位 ／ 入学前からの繰越 ${answer.total_units}単位（合計 ${answer.earned_units + answer.total_units}単位）`;
  await expect(units).toHaveText(expected);
  await expectAccessible(page);

  // the student reads the same line on her 受講履歴 and on the record she prints
  await loginStudent(page);
  await page.goto('/mypage/course/attended');
  await expect(page.getByTestId('unit-sum')).toHaveText(expected);
  await page.goto('/mypage/transcript');
  await expect(page.getByTestId('transcript-units')).toHaveText(expected);
  await expectAccessible(page);
});
