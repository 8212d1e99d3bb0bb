import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { MAIL_URL } from '../playwright.config';
import { deskFilming } from './checkin-desk';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';
import { mailsTo } from './mail';

/**
 * Class days (decision 028) from end to end, on the app whose mail goes to the SMTP catcher
 * (MAIL_URL; there the reminder job runs every second and at any hour, so a class tomorrow is reminded at
 * once): the office authors a weekly course with the form's helper; a student confirmed on it is reminded
 * the day before by mail and on the my-page, sees the classes in 「今後の予定」 and in the course's .ics;
 * at the door the office's tablet films the student ID's QR code and 出席 appears in the 15-session table;
 * when the course is over the student prints the 修了証.
 */

test.use({ baseURL: MAIL_URL });

const PASSWORD = 'classday26';
/** 'YYYY-MM-DD' in Tokyo, `days` from today. */
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);

/**
 * Authors the course through the form: the application period, then three weekly sessions from today, the
 * second moved to tomorrow (as the office moves a class off a holiday).
 */
async function authorWeeklyCourse(page: Page, courseName: string): Promise<number> {
  await page.goto('/admin/course/new');
  await page.getByLabel('講座名').fill(courseName);
  await page.getByLabel('実施団体').fill('まなび市民大学');
  await page.getByLabel('申込期間（開始）').fill(tokyoLocal(-2));
  await page.getByLabel('申込期間（終了）').fill(tokyoLocal(-1));
  await page.getByLabel('回数').fill('3');
  await page.getByLabel('会場', { exact: true }).fill('市民会館');
  await page.getByLabel('持ち物').fill('筆記用具と上履き');

  const weekly = page.getByRole('group', { name: '授業日（任意）' });
  await weekly.getByLabel('初回の日付').fill(tokyoDay(0));
  await weekly.getByLabel('開始時刻').fill('13:00');
  await weekly.getByLabel('終了時刻').fill('14:30');
  await weekly.getByLabel('教室（任意）').fill('201');
  await weekly.getByRole('button', { name: '毎週の授業日を作る' }).click();
  await expect(weekly.getByRole('group', { name: /^第\d+回$/ })).toHaveCount(3);
  await expect(weekly.getByLabel('第2回の日付')).toHaveValue(tokyoDay(7));
  await expect(weekly.getByLabel('第3回の日付')).toHaveValue(tokyoDay(14));
  await weekly.getByLabel('第2回の日付').fill(tokyoDay(1));
  await expectAccessible(page);

  await page.getByRole('button', { name: '確認' }).click();
  await expect(page.getByText(/第1回 \d+月\d+日（.）13:00〜14:30 201/)).toBeVisible();
  await page.getByRole('button', { name: '登録' }).click();
  await expect(page.getByText('講座を登録しました。')).toBeVisible();
  const href = await page.getByRole('link', { name: '講座詳細へ' }).getAttribute('href');
  return Number(href?.match(/\/(\d+)/)?.[1]);
}

test.describe('[授業日]', () => {
  test('[授業日] 毎週の授業日を作った講座で、前日のお知らせ・今後の予定・.ics・受付のQR・出欠表・修了証までつながる', async ({
    page,
    playwright,
    launchOptions,
  }, testInfo) => {
    await loginAdmin(page);
    const courseName = `授業日講座${uniqueTag()}`;
    const courseId = await authorWeeklyCourse(page, courseName);
    expect(courseId).toBeGreaterThan(0);

    // one student, added by the office and drawn: 当選 with nothing to confirm
    const loginId = await addStudentAsAdmin(page.request, {
      generation: '2611',
      password: PASSWORD,
      fields: { is_email: '1', name: '授業 花子', name_kana: 'ジュギョウ ハナコ' },
    });
    const userId = await addApplicantAsAdmin(page.request, courseId, loginId, '3');
    const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
      data: { id: courseId, win_num: 1, override_reason: '申込期間中の確認のため' },
    });
    expect(drawn.status(), await drawn.text()).toBe(200);
    await page.request.get('/api/auth/admin/logout/');

    // the day before the second class (moved to tomorrow): one mail with the time, the place and what to bring
    await expect
      .poll(() => mailsTo(loginId).map((m) => m.subject), { timeout: 30_000 })
      .toContainEqual(`【まなび】明日は「${courseName}」第2回の授業日です`);
    const reminder = mailsTo(loginId).find((m) => m.subject.includes('明日は'));
    expect(reminder?.text).toContain('13:00〜14:30');
    expect(reminder?.text).toContain('場所：201　市民会館');
    expect(reminder?.text).toContain('持ち物：筆記用具と上履き');

    // the student: the reminder among the notices, the classes in 今後の予定
    await page.goto('/mypage/login');
    await page.getByLabel('学生番号').fill(loginId);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    await expect(page.getByText(`明日は「${courseName}」第2回の授業日です`)).toBeVisible();

    await page.goto('/mypage/schedule');
    await expect(page.getByRole('heading', { level: 1, name: '今後の予定' })).toBeVisible();
    await expect(page.getByText(courseName).first()).toBeVisible();
    await expect(page.getByText('13:00〜14:30').first()).toBeVisible();
    await expectAccessible(page);

    // the course's .ics: three events, Tokyo times, the Japanese title intact
    const ics = await page.request.get(`/api/mypage/course/ics/?id=${courseId}`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    const vcalendar = new ICAL.Component(ICAL.parse(await ics.text()));
    const events = vcalendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(3);
    expect(events[0]?.summary).toContain(courseName);
    expect(events.map((e) => e.startDate.toString())).toEqual(
      [0, 1, 14].map((d) => `${tokyoDay(d)}T13:00:00`),
    );
    expect(events[0]?.startDate.zone?.tzid).toBe('Asia/Tokyo');

    // at the door today: the student ID's QR code, filmed by the office's tablet on 受付
    await page.goto('/mypage/top');
    await page.getByRole('button', { name: '学生証', exact: true }).click();
    const card = page.getByRole('dialog', { name: '学生証' });
    const code = await card.locator('[data-checkin-code]').getAttribute('data-checkin-code');
    expect(code).toMatch(/^MC1\./);
    const { browser, context } = await deskFilming(code as string, {
      playwright,
      launchOptions,
      testInfo,
      baseURL: MAIL_URL,
    });
    try {
      const desk = await context.newPage();
      expect((await desk.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(
        200,
      );
      await desk.goto('/admin/checkin');
      await desk.getByRole('button', { name: `${courseName}（第1回）の受付を始める` }).click();
      const result = desk.getByRole('region', { name: '読み取りの結果' });
      await expect(result.getByText('出席を記録しました')).toBeVisible({ timeout: 30_000 });
      await expect(result.getByText('授業 花子', { exact: true })).toBeVisible();

      // the office's 15-session table: 出席 for session 1, nothing yet for session 2
      await desk.goto(`/admin/course/detail/${courseId}/2`);
      const searchForm = desk
        .locator('form')
        .filter({ has: desk.getByRole('button', { name: '検索', exact: true }) });
      await searchForm.getByRole('button', { name: /受講状況/ }).click();
      await desk.getByRole('option', { name: 'すべて', exact: true }).click();
      await desk.getByRole('button', { name: '検索', exact: true }).click();
      const applicant = desk
        .getByRole('row')
        .filter({ has: desk.getByRole('rowheader', { name: loginId, exact: true }) });
      await expect(applicant.getByRole('combobox', { name: /第1回$/ })).toHaveValue('1');
      await expect(applicant.getByRole('combobox', { name: /第2回$/ })).toHaveValue('0');

      // the course ends: the office marks it 受講済み, as on the applicant detail
      const detail = (await (
        await desk.request.get(`/api/admin/courseapplicantdetail/?id=${courseId}&user_id=${userId}&is_edit=1`)
      ).json()) as Record<string, unknown> & { updated_at: string };
      const finished = await desk.request.post('/api/admin/courseapplicantdetail/update/', {
        data: {
          course_id: courseId,
          user_id: userId,
          lottery_status: '2',
          attendance_status: '3',
          ...Object.fromEntries(
            Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, i < 3 ? '1' : '0']),
          ),
          acquisition_unit: '6',
          remarks: '',
          updated_at: detail.updated_at,
        },
      });
      expect(finished.status(), await finished.text()).toBe(200);
      await context.close();
    } finally {
      await browser.close();
    }

    // the student prints the 修了証 from the history
    await page.keyboard.press('Escape');
    await page.goto('/mypage/course/attended');
    await page
      .getByRole('link', { name: /修了証を印刷/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: '修了証' })).toBeVisible();
    const certificate = page.getByTestId('certificate');
    await expect(certificate.getByText(courseName, { exact: true })).toBeVisible();
    await expect(certificate.getByText('授業 花子（ジュギョウ ハナコ）', { exact: true })).toBeVisible();
    await expect(certificate.getByText('3回／全3回', { exact: true })).toBeVisible();
    await expect(certificate.getByText('6単位', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('[授業日][スマートフォン]', () => {
  test('[授業日] 今後の予定・カレンダー登録・学生証のQRコードを、375px でもキーボードでも使える @phone', async ({
    page,
  }) => {
    await loginAdmin(page);
    const courseName = `予定講座${uniqueTag()}`;
    const courseId = await addCourseAsAdmin(page.request, {
      course_name: courseName,
      all_times: '2',
      sessions: [
        { day: tokyoDay(0), start: '10:00', end: '11:30', room: '第2会議室' },
        { day: tokyoDay(7), start: '10:00', end: '11:30', room: '第2会議室' },
      ],
    });
    const loginId = await addStudentAsAdmin(page.request, { generation: '2612', password: PASSWORD });
    await addApplicantAsAdmin(page.request, courseId, loginId);
    const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
      data: { id: courseId, win_num: 1, override_reason: '申込期間中の確認のため' },
    });
    expect(drawn.status(), await drawn.text()).toBe(200);
    await page.request.get('/api/auth/admin/logout/');

    await page.goto('/mypage/login');
    await page.getByLabel('学生番号').fill(loginId);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);
    // a class today opens the top page, with the way to the whole schedule
    const upcoming = page.getByRole('region', { name: '今日の授業' });
    await expect(upcoming).toContainText('10:00〜11:30');
    await upcoming.getByRole('link', { name: '予定をすべて見る' }).click();

    await expect(page.getByRole('heading', { level: 1, name: '今後の予定' })).toBeVisible();
    await expect(page.getByText('第2会議室').first()).toBeVisible();
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectAccessible(page);

    // the feed, by keyboard: issue it, read the calendar with no cookie, then stop it
    const issue = page.getByRole('button', { name: '登録用のアドレスを発行する' });
    await issue.focus();
    await page.keyboard.press('Enter');
    const address = page.getByRole('textbox', { name: '登録用のアドレス（あなた専用）' });
    await expect(address).toBeVisible();
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // the test servers' PUBLIC_URL says localhost; read the same path where this app listens
    const feed = new URL(new URL(url).pathname, page.url()).toString();
    await expect(page.getByRole('link', { name: 'カレンダーに登録' })).toHaveAttribute(
      'href',
      /^webcal:\/\//,
    );
    await expectAccessible(page);
    const anonymous = await fetchWithoutCookie(feed);
    expect(anonymous.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(anonymous.text)).getAllSubcomponents('vevent');
    expect(events.map((v) => new ICAL.Event(v).summary)).toContainEqual(expect.stringContaining(courseName));

    const stop = page.getByRole('button', { name: '登録をやめる' });
    await stop.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'カレンダーへの登録をやめますか' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '登録をやめる' }).click();
    await expect(page.getByRole('button', { name: '登録用のアドレスを発行する' })).toBeVisible();
    expect((await fetchWithoutCookie(feed)).status).toBe(404);

    // the student ID's QR code fits the phone's screen
    await page.getByRole('button', { name: '学生証', exact: true }).click();
    const qr = page
      .getByRole('dialog', { name: '学生証' })
      .getByRole('img', { name: /出席受付用のQRコード/ });
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await expectAccessible(page);
  });
});

/** A GET with no cookie at all, as a phone's calendar service reads the feed. */
async function fetchWithoutCookie(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}
