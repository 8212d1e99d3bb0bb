import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

type CourseRow = { id: number; course_name: string };
type ApplicantRow = { user_id: number; login_id: string; name: string };

const EDO = '江戸の町と暮らし';
const HARBOUR = 'みなと学院大学 公開講座「海と港の経済学」';

/** A demo course and its applicants, looked up as the full admin in a context of its own. */
async function applicantsOf(
  request: APIRequestContext,
  courseName: string,
): Promise<{ courseId: number; applicants: ApplicantRow[] }> {
  const login = await request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin });
  expect(login.status()).toBe(200);
  const courses = await request.get('/api/admin/courselist/?control=1');
  expect(courses.status()).toBe(200);
  const { data_list } = (await courses.json()) as { data_list: CourseRow[] };
  const course = data_list.find((r) => r.course_name === courseName);
  expect(course, `the course ${courseName}`).toBeTruthy();
  const courseId = (course as CourseRow).id;
  const list = await request.get(`/api/admin/courseapplicantlist/?id=${courseId}`);
  expect(list.status()).toBe(200);
  const applicants = ((await list.json()) as { data_list: ApplicantRow[] }).data_list;
  return { courseId, applicants };
}

async function applicantOf(request: APIRequestContext, courseName: string, loginId?: string) {
  const { courseId, applicants } = await applicantsOf(request, courseName);
  const applicant = loginId ? applicants.find((a) => a.login_id === loginId) : applicants[0];
  expect(applicant, `an applicant of ${courseName}`).toBeTruthy();
  return { courseId, applicant: applicant as ApplicantRow };
}

/** Chooses `option` in the drop-down labelled `label` (react-aria Select: a button and a list box). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}(\\s|$)`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[管理][申込者] 申込者詳細に氏名と抽選状況が表示される', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { courseId, applicant } = await applicantOf(request, EDO, ACCOUNTS.student1.login_id);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/applicant/${courseId}/${applicant.user_id}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  await expect(page.getByText(EDO, { exact: true })).toBeVisible();
  await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
  await expect(page.getByText('抽選待ち', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '申込内容を変更' })).toBeVisible();
  await expect(page.getByRole('link', { name: '申込をキャンセル' })).toBeVisible();
  await expect(page.getByText('この講座はキャンセルできない設定です。')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: '申込者一覧へ戻る' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/2$`));
});

test('[管理][申込者] 抽選状況と出欠を変更する', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { courseId, applicant } = await applicantOf(request, EDO, ACCOUNTS.student1.login_id);
  await request.dispose();
  const detailPath = `/admin/course/detail/applicant/${courseId}/${applicant.user_id}`;

  await loginAdmin(page);
  await page.goto(detailPath);
  await page.getByRole('link', { name: '申込内容を変更' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '申込内容の変更' })).toBeVisible();
  await expectAccessible(page);

  await choose(page, '抽選状況', '当選');
  await choose(page, '第1回', '出席');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('当選', { exact: true })).toBeVisible();
  await expect(page.getByText('第1回: 出席', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('更新完了')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: '申込者詳細へ戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  await expect(page.getByText('当選', { exact: true })).toBeVisible();
  await expect(page.getByText('第1回: 出席', { exact: true })).toBeVisible();
});

test('[管理][申込者] 申込をキャンセルする', async ({ page, playwright }) => {
  // a student of its own (25040001, added here): the demo students' applications feed other journeys' notices
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { courseId: edoId } = await applicantsOf(request, EDO);
  const found = await request.get(`/api/admin/addcourseapplicant/studentlist/?id=${edoId}&login_id=25040001`);
  const [student] = (await found.json()) as { user_id: number }[];
  expect(student, 'student 25040001 not yet applied').toBeTruthy();
  const added = await request.post('/api/admin/addcourseapplicant/add/', {
    data: {
      course_id: edoId,
      user_id: (student as { user_id: number }).user_id,
      how_apply: '2',
      remarks: '',
    },
  });
  expect(added.status()).toBe(200);
  const { courseId, applicant } = await applicantOf(request, EDO, '25040001');
  await request.dispose();
  const detailPath = `/admin/course/detail/applicant/${courseId}/${applicant.user_id}`;

  await loginAdmin(page);
  await page.goto(detailPath);
  await page.getByRole('link', { name: '申込をキャンセル' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '申込の取消し' })).toBeVisible();
  await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
  await expect(page.getByText(applicant.login_id, { exact: true })).toBeVisible();
  await expect(page.getByText('この申込をキャンセルします。よろしいですか。')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(page.getByText('キャンセル完了')).toBeVisible();
  await expect(page.getByRole('link', { name: '講座詳細へ戻る' })).toHaveAttribute(
    'href',
    `/admin/course/detail/${courseId}/1`,
  );
  await expectAccessible(page);

  await page.goto(detailPath);
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  await expect(page.getByText('キャンセル', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '申込をキャンセル' })).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][申込者] キャンセルできない講座では注意だけが表示される', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { courseId, applicant } = await applicantOf(request, HARBOUR);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/applicant/${courseId}/${applicant.user_id}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  await expect(page.getByText('この講座はキャンセルできない設定です。')).toBeVisible();
  await expect(page.getByRole('link', { name: '申込をキャンセル' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/admin/course/detail/applicant/cancel/${courseId}/${applicant.user_id}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込の取消し' })).toBeVisible();
  await expect(page.getByText('この講座はキャンセルできない設定です。')).toBeVisible();
  await expect(page.getByRole('button', { name: 'キャンセルする' })).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][申込者] 大学担当は変更・キャンセル画面に入れない', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { courseId, applicant } = await applicantOf(request, HARBOUR);
  await request.dispose();

  await loginAdmin(page, ACCOUNTS.univ);
  await page.goto(`/admin/course/detail/applicant/update/${courseId}/${applicant.user_id}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
  await expectAccessible(page);
  await page.goto(`/admin/course/detail/applicant/cancel/${courseId}/${applicant.user_id}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
});
