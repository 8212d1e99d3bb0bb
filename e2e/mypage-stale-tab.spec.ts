import { MSG } from '@manabi/shared/validation/messages';
import { adminApi } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * A second tab drawn before the first one acted (decision 090): cancelling there says the application is
 * cancelled already and points to 申込状況; confirming a seat twice says it is confirmed already; and a page
 * that does not exist says so, not that the server is busy. Each journey makes its own student (2652).
 */

const PASSWORD = 'stale2652p';

async function studentWithCourse(playwright: Parameters<typeof adminApi>[0], over = {}) {
  const office = await adminApi(playwright);
  const name = `二つのタブ講座${uniqueTag()}`;
  const courseId = await addCourseAsAdmin(office, { course_name: name, ...over });
  const loginId = await addStudentAsAdmin(office, { generation: '2652', password: PASSWORD });
  await addApplicantAsAdmin(office, courseId, loginId);
  return { office, name, courseId, loginId };
}

test('[マイページ][キャンセル] 別のタブで取り消した申込みをもう一度取り消すと、そう知らせて申込状況へ案内する', async ({
  page,
  playwright,
}) => {
  const { office, courseId, loginId } = await studentWithCourse(playwright);
  await office.dispose();
  await loginStudent(page, { login_id: loginId, password: PASSWORD });
  // two tabs of one browser, both on the cancel page
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/mypage/course/cancel/${courseId}`);
    await expect(tab.getByRole('heading', { level: 1, name: '申込のキャンセル' })).toBeVisible();
    await expect(tab.getByRole('button', { name: '受講をキャンセルする' })).toBeEnabled();
  }

  await page.getByRole('button', { name: '受講をキャンセルする' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '講座のキャンセルが完了しました' })).toBeVisible();

  await second.bringToFront();
  await second.getByRole('button', { name: '受講をキャンセルする' }).click();
  const told = second.getByText('この申込みはすでに取り消されています');
  await expect(told).toBeVisible();
  await expect(second).toHaveURL(new RegExp(`/mypage/course/cancel/${courseId}$`));
  await expect(second.getByText(MSG.internal)).toHaveCount(0);
  await expect(second.getByRole('button', { name: '受講をキャンセルする' })).toHaveCount(0);
  await expectAccessible(second);
  await second.getByRole('link', { name: '申込状況へ' }).click();
  await expect(second).toHaveURL(/\/mypage\/course\/applied/);
  await expect(second.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
  await second.close();
});

test('[マイページ][当選] 別のタブで確定した受講をもう一度確定すると、確定済みと知らせる', async ({
  page,
  playwright,
}) => {
  // a closed lottery course of one seat: its one applicant wins and has a week to confirm
  const { office, name, courseId, loginId } = await studentWithCourse(playwright, {
    period_f: tokyoLocal(-10),
    period_t: tokyoLocal(-1),
    capacity: '1',
  });
  const drawn = await office.post('/api/admin/courseapplicantlist/lottery/', {
    data: { id: courseId, win_num: 1, waitlist: '1', confirm_days: 7, tiers: [] },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
  await office.dispose();
  await loginStudent(page, { login_id: loginId, password: PASSWORD });
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/mypage/course/detail/${courseId}`);
    await expect(tab.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(tab.getByRole('button', { name: /^受講を確定する/ })).toBeVisible();
  }

  await page.getByRole('button', { name: /^受講を確定する/ }).click();
  await expect(page.getByText(`「${name}」の受講を確定しました。`)).toBeVisible();

  await second.bringToFront();
  await second.getByRole('button', { name: /^受講を確定する/ }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'すでに確定しています' })).toContainText(
    'この講座の受講はすでに確定しています。最新の状態を表示しました。',
  );
  // read again: the seat shows confirmed, nothing left to press
  await expect(second.getByRole('button', { name: /^受講を確定する/ })).toHaveCount(0);
  await expect(second).toHaveURL(new RegExp(`/mypage/course/detail/${courseId}$`));
  await expectAccessible(second);
  await second.close();
});

test('[エラー] 存在しないページは「見つかりませんでした」と言い、障害とは言わない（マイページ・管理画面）', async ({
  page,
  browser,
}) => {
  await loginStudent(page);
  await page.goto('/mypage/no-such-page/123');
  await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  await expect(page.getByText('お探しのページは見つかりませんでした。')).toBeVisible();
  await expect(page.getByText(MSG.internal)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toBeVisible();
  await expectAccessible(page);
  // a course that does not exist, asked of the server: the same page
  await page.goto('/mypage/course/detail/999999');
  await expect(page).toHaveURL(/\/mypage\/notfound$/);
  await expect(page.getByText(MSG.internal)).toHaveCount(0);

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const office = await context.newPage();
  await loginAdmin(office);
  await office.goto('/admin/no-such-page');
  await expect(office.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  await expect(office.getByText('お探しのページは見つかりませんでした。')).toBeVisible();
  await expect(office.getByText(MSG.internal)).toHaveCount(0);
  await expect(office.getByRole('link', { name: '管理画面トップへ戻る' })).toBeVisible();
  await expectAccessible(office);
  await context.close();
});
