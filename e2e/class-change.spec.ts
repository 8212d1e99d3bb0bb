import { MAIL_URL } from '../playwright.config';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';
import { mailsTo } from './mail';

/**
 * A class moved (decision 065): the office changes a class day still ahead in the course form, and the
 * course's winner is told on the my-page and by mail, in the words of the change. On the app whose mail goes
 * to the SMTP catcher (MAIL_URL).
 */

test.use({ baseURL: MAIL_URL });

const PASSWORD = 'classmove26';
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);

test('[授業日] これからの授業の日を変えると、当選した方にマイページとメールで知らせる', async ({ page }) => {
  await loginAdmin(page);
  const courseName = `日程変更講座${uniqueTag()}`;
  const sessions = [7, 14].map((d) => ({ day: tokyoDay(d), start: '10:00', end: '12:00', room: '201' }));
  const courseId = await addCourseAsAdmin(page.request, {
    course_name: courseName,
    all_times: '2',
    sessions,
  });
  const loginId = await addStudentAsAdmin(page.request, {
    generation: '2615',
    password: PASSWORD,
    fields: { is_email: '1' },
  });
  await addApplicantAsAdmin(page.request, courseId, loginId, '3');
  const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
    data: { id: courseId, win_num: 1, override_reason: '申込期間中の確認のため' },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);

  // the office moves the second class a day later, in the form; the form says who will be told
  await page.goto(`/admin/course/edit/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: '講座の変更' })).toBeVisible();
  const classes = page.getByRole('group', { name: '授業日（任意）' });
  await expect(classes.getByText(/当選した方に「日程変更」のお知らせが届きます/)).toBeVisible();
  await classes.getByLabel('第2回の日付').fill(tokyoDay(15));
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('講座を更新しました。')).toBeVisible();
  await page.request.get('/api/auth/admin/logout/');

  // by mail: the class as it was and as it is
  const subject = `【まなび】【日程変更】「${courseName}」の授業の日程が変わりました`;
  await expect
    .poll(() => mailsTo(loginId).map((m) => m.subject), { timeout: 30_000 })
    .toContainEqual(subject);
  const mail = mailsTo(loginId).find((m) => m.subject === subject);
  expect(mail?.text).toContain('【取りやめ・変更前の授業】');
  expect(mail?.text).toContain('【新しい日時・教室】');

  // on the my-page, among the student's own notices
  await page.goto('/mypage/login');
  await page.getByLabel('学生番号').fill(loginId);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/top$/);
  await page.getByRole('link', { name: `【日程変更】「${courseName}」の授業の日程が変わりました` }).click();
  await expect(page.getByText('【新しい日時・教室】')).toBeVisible();
  await expectAccessible(page);
});
