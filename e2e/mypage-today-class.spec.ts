import type { Locator, Page } from '@playwright/test';
import { addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * A class day on a 375 px phone with 文字サイズ「大きい」: the top page opens with 「今日の授業」 — the time, the
 * course, the place (the venue once), 持ち物 and the 学生証 button — above the statuses, which once pushed the
 * day's class 2,100 px down. The demo's 24040001 has 朝の健康体操 today and several statuses (read only); a
 * student of the journey's own shows a course that names nothing to bring.
 */

const PHONE = { width: 375, height: 740 };
const PASSWORD = 'today2650p';
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);

async function preferLarge(page: Page) {
  await page.addInitScript(() => localStorage.setItem('color-standard', 'large'));
}

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;

test.describe('[マイページ][授業の日][375px・大きい文字]', () => {
  test.use({ viewport: PHONE });

  test('[マイページ][トップ] 授業のある日は、今日の授業・時間・会場・持ち物・学生証が最初の画面にある @phone', async ({
    page,
  }) => {
    await preferLarge(page);
    await loginStudent(page);
    await page.goto('/mypage/top');
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
    const today = page.getByRole('region', { name: '今日の授業' });
    await expect(today).toBeVisible();
    await expect(page.getByText('読み込み中...')).toHaveCount(0);
    await expect(today.getByRole('link', { name: '朝の健康体操' })).toBeVisible();
    await expect(today).toContainText('10:00〜11:00');
    await expect(today).toContainText('（第1回）');
    await expect(today).toContainText('会場：まなびプラザ 1階 多目的室');
    await expect(today).not.toContainText('多目的室 1階 多目的室');
    await expect(today).toContainText('持ち物：タオル、飲み物');
    const card = today.getByRole('button', { name: '学生証を表示する' });

    // the first screen: the block and its 学生証 button, above the statuses
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await top(today)).toBeLessThan(PHONE.height);
    for (const part of [
      card,
      today.getByText('10:00〜11:00'),
      today.getByRole('link', { name: '朝の健康体操' }),
    ]) {
      const b = await part.boundingBox();
      expect((b?.y ?? 0) + (b?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
    const statuses = page.getByRole('region', { name: '申し込んだ講座' });
    await expect(statuses).toBeVisible();
    expect(await top(today)).toBeLessThan(await top(statuses));
    // today's class is said once: no second 「次の授業」 below the statuses
    await expect(page.getByRole('region', { name: '次の授業' })).toHaveCount(0);
    await expectAccessible(page);

    // 学生証: the card the desk scans, its QR code first
    await card.click();
    const dialog = page.getByRole('dialog', { name: '学生証' });
    await expect(dialog.getByRole('img', { name: /出席受付用のQRコード/ })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('[マイページ][トップ] 持ち物のない講座は持ち物を出さず、授業のない日は今日の授業を出さない @phone', async ({
    page,
  }) => {
    await preferLarge(page);
    await loginAdmin(page);
    const tag = uniqueTag();
    const todayName = `今日の講座${tag}`;
    const todayId = await addCourseAsAdmin(page.request, {
      course_name: todayName,
      is_lottery: '0',
      all_times: '1',
      venue: '市民会館',
      sessions: [{ day: tokyoDay(0), start: '23:00', end: '23:30', room: '第1会議室' }],
    });
    const laterName = `来週の講座${tag}`;
    const laterId = await addCourseAsAdmin(page.request, {
      course_name: laterName,
      is_lottery: '0',
      all_times: '1',
      sessions: [{ day: tokyoDay(7), start: '10:00', end: '11:00', room: '第2会議室' }],
    });
    const withToday = await addStudentAsAdmin(page.request, { generation: '2650', password: PASSWORD });
    const withoutToday = await addStudentAsAdmin(page.request, { generation: '2650', password: PASSWORD });
    await page.request.get('/api/auth/admin/logout/');

    // first come: the seat is the student's at once
    const applyTo = async (courseId: number) => {
      const res = await page.request.post('/api/mypage/courseapplication/', {
        data: { course_id: courseId, is_dont_canncel: '1' },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await loginStudent(page, { login_id: withToday, password: PASSWORD });
    await applyTo(todayId);
    await page.goto('/mypage/top');
    const today = page.getByRole('region', { name: '今日の授業' });
    await expect(today.getByRole('link', { name: todayName })).toBeVisible();
    await expect(today).toContainText('23:00〜23:30');
    await expect(today).toContainText('会場：市民会館 第1会議室');
    await expect(today.getByText('持ち物', { exact: false })).toHaveCount(0);
    await expect(today.getByRole('button', { name: '学生証を表示する' })).toBeVisible();
    await page.request.get('/api/auth/mypage/logout/');

    // a student whose next class is next week: no 「今日の授業」, the next class under the statuses as before
    await loginStudent(page, { login_id: withoutToday, password: PASSWORD });
    await applyTo(laterId);
    await page.goto('/mypage/top');
    await expect(page.getByRole('region', { name: '次の授業' })).toContainText(laterName);
    await expect(page.getByRole('region', { name: '今日の授業' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
