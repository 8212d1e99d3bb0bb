import type { APIRequestContext, Page } from '@playwright/test';
import { MAIL_URL } from '../playwright.config';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * Fees in the intake cycle (decision 077): the office sets a course's fee rule on its detail tab, a winner
 * sees the amount and the deadline on the my-page, an unpaid winner lapses and the 補欠 moves up (on the app
 * whose "day" lasts 4 seconds and whose deadline job runs every second), and a paid seat's cancellation
 * shows the refund before the student confirms.
 */

const PASSWORD = 'fees2607';
const LOADED = { timeout: 30_000 };
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

async function studentIn(request: APIRequestContext, town: string) {
  return addStudentAsAdmin(request, {
    generation: '2607',
    password: PASSWORD,
    fields: { street_name1: town, is_email: '1' },
  });
}

async function loginAs(page: Page, loginId: string) {
  await loginStudent(page, { login_id: loginId, password: PASSWORD });
}

/** A lottery course (受講料 3,000円 + 教材費 500円) with a resident and a non-resident applicant. */
async function courseWithTwo(page: Page) {
  const courseName = `支払い講座${uniqueTag()}`;
  const courseId = await addCourseAsAdmin(page.request, { course_name: courseName, capacity: '1' });
  const winner = await studentIn(page.request, '港区芝公園');
  const waiting = await studentIn(page.request, '品川区大井');
  for (const loginId of [winner, waiting]) await addApplicantAsAdmin(page.request, courseId, loginId);
  return { courseId, courseName, winner, waiting };
}

async function draw(page: Page, courseId: number) {
  const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: 1,
      waitlist: '1',
      confirm_days: '',
      tiers: ['ward_resident'],
      override_reason: '申込期間中の確認のため',
    },
  });
  expect(await drawn.json()).toMatchObject({ win_count: 1, wait_count: 1 });
}

test.describe('[受講料][当選とお支払い]', () => {
  test.use({ baseURL: MAIL_URL });

  test('[受講料] 事務局が講座の支払いルールを設定し、当選者はマイページで金額と期限を見る', async ({
    page,
  }) => {
    await loginAdmin(page);
    const c = await courseWithTwo(page);
    await page.goto(`/admin/course/detail/${c.courseId}/1`);
    const panel = page.getByRole('region', { name: '受講料のお支払い' });
    await expect(panel.getByText('3,500円')).toBeVisible(LOADED);
    await panel.getByText('受講前の支払いが必要').click();
    await panel.getByLabel(/^支払いの方法/).fill('まなび銀行 本店 普通 7654321 へお振り込みください。');
    await panel.getByLabel(/^期限の日数/).fill('30');
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'お支払いの設定を保存する' }).click();
    await expect(panel.getByText('お支払いの設定を保存しました。')).toBeVisible();
    await draw(page, c.courseId);
    await page.request.get('/api/auth/admin/logout/');

    await loginAs(page, c.winner);
    await page.goto('/mypage/top');
    await expect(page.getByText(`【抽選結果】「${c.courseName}」に当選しました`).first()).toBeVisible(LOADED);
    await page.goto('/mypage/course/applied');
    const seat = card(page, c.courseName);
    await expect(
      seat.getByText(/受講料と教材費あわせて 3,500円を、\d+月\d+日（.）までにお支払いください。/),
    ).toBeVisible(LOADED);
    await expect(seat.getByText(/お支払いの方法：まなび銀行/)).toBeVisible();
    await expectAccessible(page);
  });

  test('[受講料] 期限までに支払わない当選者は辞退（未入金）となり、補欠1番が繰り上がる', async ({ page }) => {
    await loginAdmin(page);
    const c = await courseWithTwo(page);
    const seen = await (await page.request.get(`/api/admin/course/fee/?course_id=${c.courseId}`)).json();
    const saved = await page.request.post('/api/admin/course/fee/update/', {
      data: {
        course_id: c.courseId,
        required: '1',
        how_to_pay: '窓口でお支払いください。',
        pay_days: '1',
        pay_by_date: '',
        auto_lapse: '1',
        refund_days: '',
        refund_note: '',
        updated_at: seen.updated_at,
      },
    });
    expect(saved.status()).toBe(200);
    await draw(page, c.courseId);
    await page.request.get('/api/auth/admin/logout/');

    // one "day" is 4 seconds here: the job lapses the unpaid seat and moves the 補欠 up
    await loginAs(page, c.waiting);
    await expect(async () => {
      await page.goto('/mypage/top');
      await expect(page.getByText(`【繰り上げ当選】「${c.courseName}」`).first()).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await page.request.get('/api/auth/mypage/logout/');

    await loginAs(page, c.winner);
    await page.goto('/mypage/top');
    await expect(
      page.getByText(`【お支払い期限切れ】「${c.courseName}」を辞退扱いとしました`).first(),
    ).toBeVisible(LOADED);
    await expectAccessible(page);
  });
});

test('[受講料][デモ] 支払い済みの受講をキャンセルする前に、規定による返金額が表示される', async ({
  page,
}) => {
  await loginStudent(page, ACCOUNTS.student2);
  await page.goto('/mypage/course/applied');
  const seat = card(page, '季節の料理教室');
  await expect(seat.getByText(/入金を確認しました（\d+月\d+日）/)).toBeVisible(LOADED);
  await seat.getByRole('link', { name: /申込をキャンセルする/ }).click();
  await expect(page.getByRole('heading', { name: 'お支払い済みの受講料の返金' })).toBeVisible(LOADED);
  await expect(page.getByText('いまキャンセルすると、3,000円を返金します。', { exact: false })).toBeVisible();
  await expect(page.getByText(/初回の授業の7日前までの取消しは、全額を返金します。/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '受講をキャンセルする' }).click();
  await expect(page.getByRole('heading', { name: '講座のキャンセルが完了しました' })).toBeVisible();
});
