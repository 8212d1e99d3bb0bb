import type { APIRequestContext, Page } from '@playwright/test';
import { MAIL_URL } from '../playwright.config';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';
import { mailsTo } from './mail';

/**
 * The intake cycle from the students' side (decision 015), on the app whose mail goes to the SMTP
 * catcher (MAIL_URL; there a confirmation "day" lasts 4 seconds and the deadline job runs every second).
 * Each journey makes its own course and two students — one in the ward, one outside — so the 区内在住者優先
 * tier decides the draw: the resident wins, the other is 補欠 1.
 */

test.use({ baseURL: MAIL_URL });

const PASSWORD = 'cycle2607';

interface Cycle {
  courseId: number;
  courseName: string;
  winner: string;
  waiting: string;
}

async function studentIn(request: APIRequestContext, town: string) {
  return addStudentAsAdmin(request, {
    generation: '2607',
    password: PASSWORD,
    fields: { street_name1: town, is_email: '1' },
  });
}

/** A closed lottery course with two applicants, drawn with a waitlist, the ward tier and `confirmDays`. */
async function drawnCourse(page: Page, confirmDays: number): Promise<Cycle> {
  await loginAdmin(page);
  const courseName = `繰り上げ講座${uniqueTag()}`;
  const courseId = await addCourseAsAdmin(page.request, { course_name: courseName, capacity: '1' });
  const winner = await studentIn(page.request, '港区芝公園');
  const waiting = await studentIn(page.request, '品川区大井');
  for (const loginId of [winner, waiting]) await addApplicantAsAdmin(page.request, courseId, loginId);
  const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: 1,
      waitlist: '1',
      confirm_days: confirmDays,
      tiers: ['ward_resident'],
      // the course's application period is still open: the office states why it draws now
      override_reason: '申込期間中の確認のため',
    },
  });
  expect(await drawn.json()).toMatchObject({ win_count: 1, wait_count: 1 });
  await page.request.get('/api/auth/admin/logout/');
  return { courseId, courseName, winner, waiting };
}

async function loginAs(page: Page, loginId: string) {
  await page.goto('/mypage/login');
  await page.getByLabel('学生番号').fill(loginId);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/top$/);
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test.describe('[マイページ][抽選の結果と繰り上げ]', () => {
  test('[マイページ][繰り上げ] 補欠1番の学生は、当選者の辞退で繰り上がり、メールを受け取って受講を確定する', async ({
    page,
  }) => {
    const c = await drawnCourse(page, 60);

    // the waiting student sees 補欠 1番 and what happens next, and has the result by mail
    await loginAs(page, c.waiting);
    await expect(page.getByText(`【抽選結果】「${c.courseName}」の補欠1番になりました`)).toBeVisible();
    await page.goto('/mypage/course/applied');
    const waitingCard = card(page, c.courseName);
    await expect(waitingCard.getByText('補欠 1番')).toBeVisible();
    await expect(waitingCard.getByText(/席が空いたら順番に繰り上げ/)).toBeVisible();
    await expectAccessible(page);
    await expect
      .poll(() => mailsTo(c.waiting).map((m) => m.subject))
      .toContainEqual(expect.stringContaining('補欠1番'));
    await page.request.get('/api/auth/mypage/logout/');

    // the winner declines, after being asked once more
    await loginAs(page, c.winner);
    await page.goto('/mypage/course/applied');
    const winnerCard = card(page, c.courseName);
    await expect(winnerCard.getByText(/「受講を確定する」か「辞退する」を押してください/)).toBeVisible();
    await winnerCard.getByRole('button', { name: /^辞退する/ }).click();
    const dialog = page.getByRole('dialog', { name: '受講を辞退しますか' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '辞退する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'を辞退しました。' })).toBeVisible();
    await expect(card(page, c.courseName).getByText('辞退', { exact: true })).toBeVisible();
    // her own choice reads as such, with no call asked
    await expect(card(page, c.courseName).getByText('辞退しました。', { exact: true })).toBeVisible();
    await expect(card(page, c.courseName).getByRole('link', { name: '03-0000-0000' })).toHaveCount(0);
    await page.request.get('/api/auth/mypage/logout/');

    // the seat went to 補欠 1 at once: the mail says so, and the my-page lets them confirm
    await expect
      .poll(() => mailsTo(c.waiting).map((m) => m.subject))
      .toContainEqual(expect.stringContaining('【繰り上げ当選】'));
    await loginAs(page, c.waiting);
    await page.goto(`/mypage/course/detail/${c.courseId}`);
    await expect(page.getByText(/抽選状況：当選/)).toBeVisible();
    await page.getByRole('button', { name: /^受講を確定する/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'の受講を確定しました。' })).toBeVisible();
    await expect(page.getByText('受講が確定しています。初回の授業にお越しください。')).toBeVisible();
    await expect(page.getByRole('button', { name: /^受講を確定する/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('[マイページ][繰り上げ] 確定の期限が過ぎると辞退扱いになり、その理由と事務局の電話が伝わり、補欠の学生が繰り上がる @phone', async ({
    page,
  }) => {
    // one confirmation day lasts 4 seconds on this app: the winner lets it pass
    const c = await drawnCourse(page, 1);
    await expect
      .poll(() => mailsTo(c.winner).map((m) => m.subject), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('【受講確定の期限切れ】'));
    await expect
      .poll(() => mailsTo(c.waiting).map((m) => m.subject), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('【繰り上げ当選】'));

    // the mail says why the seat went, and whom to call
    const lapse = mailsTo(c.winner).find((m) => m.subject.includes('【受講確定の期限切れ】'));
    expect(lapse?.text).toMatch(
      /確定の期限（\d{1,2}月\d{1,2}日）までに手続きがなかったため、辞退の扱いになりました。/,
    );
    expect(lapse?.text).toContain('事務局（電話 03-0000-0000、平日 9:00〜17:00）までお電話ください。');

    // the my-page says it too — not 「辞退しました。」, which is the student's own choice — with the phone to call
    // (at 375 px on the phone project, with the large font)
    await page.addInitScript(() => localStorage.setItem('color-standard', 'large'));
    await loginAs(page, c.winner);
    await page.goto('/mypage/course/applied');
    const lapsed = card(page, c.courseName);
    await expect(lapsed.getByText('辞退', { exact: true })).toBeVisible();
    await expect(
      lapsed.getByText(
        /^確定の期限（\d{1,2}月\d{1,2}日）までに手続きがなかったため、辞退の扱いになりました。/,
      ),
    ).toBeVisible();
    await expect(lapsed.getByText('辞退しました。', { exact: true })).toHaveCount(0);
    await expect(lapsed.getByRole('link', { name: '03-0000-0000' })).toHaveAttribute(
      'href',
      'tel:0300000000',
    );
    await expect(lapsed.getByText('（受付 平日 9:00〜17:00）')).toBeVisible();
    await expectAccessible(page);
  });
});
