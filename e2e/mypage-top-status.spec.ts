import type { Page } from '@playwright/test';
import { addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, logoutStudent, test } from './fixtures';

/**
 * The top page says where each application stands and what to do next: 抽選待ち names when the
 * result comes; after the draw the winner reads the deadline and confirms right there; the 補欠 reads their
 * place. The sentences are shared/domain/intake.ts's, the same as the applied list, the notice and the mail.
 */

const PASSWORD = 'top2608pass';

async function loginAs(page: Page, loginId: string) {
  await page.goto('/mypage/login');
  await page.getByLabel('学生番号').fill(loginId);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/top$/);
}

const statusOf = (page: Page, courseName: string) =>
  page
    .getByRole('region', { name: '申し込んだ講座' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: courseName }) });

test('[マイページ][トップ] 申し込んだ講座の状況と次にすること：抽選待ち → 当選して確定、補欠は順番 @phone', async ({
  page,
}) => {
  await loginAdmin(page);
  const courseName = `トップ状況講座${uniqueTag()}`;
  const courseId = await addCourseAsAdmin(page.request, { course_name: courseName, capacity: '1' });
  const resident = await addStudentAsAdmin(page.request, {
    generation: '2608',
    password: PASSWORD,
    fields: { street_name1: '港区芝公園' },
  });
  const outside = await addStudentAsAdmin(page.request, {
    generation: '2608',
    password: PASSWORD,
    fields: { street_name1: '品川区大井' },
  });
  for (const loginId of [resident, outside]) {
    const found = await page.request.get(
      `/api/admin/addcourseapplicant/studentlist/?id=${courseId}&login_id=${loginId}`,
    );
    const [student] = (await found.json()) as { user_id: number }[];
    const added = await page.request.post('/api/admin/addcourseapplicant/add/', {
      data: { course_id: courseId, user_id: student?.user_id, how_apply: '2', remarks: '' },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await page.request.get('/api/auth/admin/logout/');

  // before the draw: 抽選待ち, and when the result comes
  await loginAs(page, resident);
  const waiting = statusOf(page, courseName);
  await expect(waiting).toContainText('抽選待ち');
  await expect(waiting).toContainText(
    /抽選の結果は、申込期間が終わる\d{4}年\d{1,2}月\d{1,2}日.*のあと、マイページとメールでお知らせします。/,
  );
  await expect(waiting.getByRole('button', { name: /受講を確定する/ })).toHaveCount(0);
  await expectAccessible(page);
  await logoutStudent(page);
  await expect(page).toHaveURL(/\/mypage\/login/);

  // the office draws one winner with a waitlist, the ward first, three days to confirm
  await loginAdmin(page);
  const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: 1,
      waitlist: '1',
      confirm_days: 3,
      tiers: ['ward_resident'],
      override_reason: '申込期間中の確認のため',
    },
  });
  expect(await drawn.json()).toMatchObject({ win_count: 1, wait_count: 1 });
  await page.request.get('/api/auth/admin/logout/');

  // the winner reads the deadline first thing and confirms from the top page
  await loginAs(page, resident);
  const won = statusOf(page, courseName);
  await expect(won).toContainText('当選');
  await expect(won).toContainText(
    /\d{4}年\d{1,2}月\d{1,2}日（.）\d{1,2}時\d{2}分までに「受講を確定する」か「辞退する」を押してください。/,
  );
  await expectAccessible(page);
  await won.getByRole('button', { name: /受講を確定する/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `「${courseName}」の受講を確定しました。` }),
  ).toBeVisible();
  await expect(statusOf(page, courseName)).toContainText('当選（受講確定）');
  await expect(statusOf(page, courseName)).toContainText(
    '受講が確定しています。初回の授業にお越しください。',
  );
  // the result's personal notice is among the newest notices too
  await expect(page.getByRole('region', { name: 'お知らせ' })).toContainText(
    `「${courseName}」に当選しました`,
  );
  await logoutStudent(page);
  await expect(page).toHaveURL(/\/mypage\/login/);

  // the other is 補欠 1番 and is told nothing needs doing now
  await loginAs(page, outside);
  const waitlisted = statusOf(page, courseName);
  await expect(waitlisted).toContainText('補欠 1番');
  await expect(waitlisted).toContainText('席が空いたら順番に繰り上げ、マイページとメールでお知らせします。');
  await page.getByRole('link', { name: '申込状況をすべて見る' }).click();
  await expect(page).toHaveURL(/\/mypage\/course\/applied/);
  await expectAccessible(page);
});
