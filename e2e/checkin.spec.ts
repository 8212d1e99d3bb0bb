import { CHECKIN_MSG } from '@manabi/shared/schemas/checkin';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, applicantsOf } from './admin-api';
import { deskFilming } from './checkin-desk';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * QR check-in at the venue: the student shows the student ID's QR code, the office's camera
 * reads it on /admin/checkin, and 出席 is recorded for today's session — the 15-session table shows it.
 *
 * The camera is Chromium's fake one playing a Y4M video of the student's QR code, drawn here from the code
 * the page shows (qrcode-generator's module matrix; the page draws its own with the same library). The
 * code changes every minute, so the video can only be made once the student's page is open: the admin's
 * browser is launched then, with the project's launch options plus the fake-camera flags.
 */

type ApplicantRow = Record<string, string | number | null> & { login_id: string };

const GENERATION = '2717';
const PASSWORD = 'uketsuke17';
/** A course of the journey's own meeting today (session 1, all day) with `loginId` as its one 当選者. */
async function courseTodayWith(request: APIRequestContext, loginId: string) {
  const name = `E2E受付講座${uniqueTag()}`;
  const today = tokyoLocal(0).slice(0, 10);
  const courseId = await addCourseAsAdmin(request, {
    course_name: name,
    all_times: '4',
    sessions: [{ day: today, start: '00:00', end: '23:59', room: '第1講義室' }],
  });
  await addApplicantAsAdmin(request, courseId, loginId);
  // one seat, one applicant: the draw makes them 当選, with nothing to confirm
  const drawn = await request.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: '1',
      waitlist: '0',
      confirm_days: '',
      tiers: [],
      override_reason: '申込期間中の確認のため',
    },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
  return { courseId, name };
}

/** The journey's student (password PASSWORD), the one 当選者 of a course of its own meeting today. */
async function studentInCourseToday(request: APIRequestContext, name: string, nameKana: string) {
  const loginId = await addStudentAsAdmin(request, {
    generation: GENERATION,
    password: PASSWORD,
    fields: { name, name_kana: nameKana },
  });
  return { loginId, ...(await courseTodayWith(request, loginId)) };
}

/** Console errors of a page the fixtures do not watch (the admin's own browser). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of (401|403|404|409|422)/.test(msg.text())
    )
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/** The applicant table's row of a student (its row header is the 学生番号). */
const row = (page: Page, loginId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: loginId, exact: true }) });

test('[管理][受付] 学生証のQRコードをカメラで読み取ると、今日の授業の出席が記録され出欠表に出る', async ({
  page,
  playwright,
  launchOptions,
}, testInfo) => {
  const office = await adminApi(playwright);
  const { loginId, courseId, name } = await studentInCourseToday(office, '受付 花子', 'ウケツケ ハナコ');

  // the student opens the student ID: the QR code and the sentence for the reception
  await loginStudent(page, { login_id: loginId, password: PASSWORD });
  await page.goto('/mypage/top');
  await page.getByRole('button', { name: '学生証', exact: true }).click();
  const card = page.getByRole('dialog', { name: '学生証' });
  await expect(
    card.getByText('会場の受付でこの画面を見せてください。コードは1分ごとに変わります。'),
  ).toBeVisible();
  const qr = card.getByRole('img', { name: /出席受付用のQRコード/ });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
  await expectAccessible(page);
  const code = await card.locator('[data-checkin-code]').getAttribute('data-checkin-code');
  expect(code).toMatch(/^MC1\.\d+\.\d+\.[A-Za-z0-9_-]{22}$/);

  // the office's tablet: a browser whose camera films that QR code
  const { browser, context } = await deskFilming(code as string, { playwright, launchOptions, testInfo });
  try {
    const desk = await context.newPage();
    const deskErrors = watchConsole(desk);
    expect((await desk.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);

    // from the menu: today's courses, each with its counter
    await desk.goto('/admin/top');
    await desk
      .getByRole('main')
      .getByRole('link', { name: /^受付（出席の記録）/ })
      .click();
    await expect(desk.getByRole('heading', { level: 1, name: '受付（出席の記録）' })).toBeVisible();
    const start = desk.getByRole('button', { name: `${name}（第1回）の受付を始める` });
    await expect(start).toBeVisible();
    await expectAccessible(desk);
    await start.click();

    // the camera reads the code by itself: a loud confirmation with the name, the kana and the session
    await expect(desk.getByRole('heading', { level: 2, name })).toBeVisible();
    const result = desk.getByRole('region', { name: '読み取りの結果' });
    await expect(result.getByText('出席を記録しました')).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('受付 花子', { exact: true })).toBeVisible();
    await expect(result.getByText('ウケツケ ハナコ', { exact: true })).toBeVisible();
    await expect(result.getByText(/第1回/)).toBeVisible();
    await expect(desk.getByText('出席 1 / 1 人')).toBeVisible();
    // the same code still in front of the camera is not sent again
    await desk.waitForTimeout(1500);
    await expect(result.getByText('出席を記録しました')).toBeVisible();
    await expectAccessible(desk);

    // by 学生番号, the same student again: already recorded, nothing changes
    await desk.getByRole('textbox', { name: /学生番号/ }).fill(loginId);
    await desk.getByRole('button', { name: '出席を記録する' }).click();
    await expect(result.getByText('すでに出席済みです')).toBeVisible();
    const saved = (await applicantsOf<ApplicantRow>(office, courseId)).find((a) => a.login_id === loginId);
    expect(saved).toMatchObject({
      attendance1: '1',
      attendance2: '0',
      attendance_status: '2',
      acquisition_unit: 2,
    });

    // the office's 15-session table shows 出席 for session 1
    await desk.goto(`/admin/course/detail/${courseId}/2`);
    await expect(desk.getByRole('heading', { level: 1, name: '申込者一覧' })).toBeVisible();
    const searchForm = desk
      .locator('form')
      .filter({ has: desk.getByRole('button', { name: '検索', exact: true }) });
    await searchForm.getByRole('button', { name: /受講状況/ }).click();
    await desk.getByRole('option', { name: 'すべて', exact: true }).click();
    await desk.getByRole('button', { name: '検索', exact: true }).click();
    await expect(row(desk, loginId).getByRole('combobox', { name: /第1回$/ })).toHaveValue('1');
    await expect(row(desk, loginId).getByRole('combobox', { name: /第2回$/ })).toHaveValue('0');

    expect(deskErrors, 'console errors on the reception page').toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    await office.dispose();
  }
});

test('[管理][受付] まだ受付をしていない方の一覧が、コードを読むたび・番号を入れるたびに減る', async ({
  page,
  playwright,
  launchOptions,
}, testInfo) => {
  // a course of today with two seat holders
  const office = await adminApi(playwright);
  const first = await addStudentAsAdmin(office, {
    generation: GENERATION,
    password: PASSWORD,
    fields: { name: '未着 一子', name_kana: 'ミチャク イチコ', phone_1: '03-2717-0001' },
  });
  const second = await addStudentAsAdmin(office, {
    generation: GENERATION,
    password: PASSWORD,
    fields: { name: '未着 二郎', name_kana: 'ミチャク ジロウ', phone_1: '03-2717-0002' },
  });
  const name = `E2E未着講座${uniqueTag()}`;
  const courseId = await addCourseAsAdmin(office, {
    course_name: name,
    all_times: '4',
    sessions: [{ day: tokyoLocal(0).slice(0, 10), start: '00:00', end: '23:59', room: '第2講義室' }],
  });
  await addApplicantAsAdmin(office, courseId, first);
  await addApplicantAsAdmin(office, courseId, second);
  const drawn = await office.post('/api/admin/courseapplicantlist/lottery/', {
    data: {
      id: courseId,
      win_num: '2',
      waitlist: '0',
      confirm_days: '',
      tiers: [],
      override_reason: '申込期間中の確認のため',
    },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
  await office.dispose();

  // the first student's code, from the student ID
  await loginStudent(page, { login_id: first, password: PASSWORD });
  await page.goto('/mypage/top');
  await page.getByRole('button', { name: '学生証', exact: true }).click();
  const code = await page.locator('[data-checkin-code]').getAttribute('data-checkin-code');
  expect(code).toBeTruthy();

  // before anyone arrives: both are missing, with kana and phone
  expect((await page.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
  await page.goto(`/admin/checkin?course=${courseId}&no=1`);
  const missing = page.getByRole('table', { name: 'まだ受付をしていない方' });
  await expect(page.getByRole('heading', { level: 2, name: 'まだ受付をしていない方（2人）' })).toBeVisible();
  for (const [n, kana, phone] of [
    ['未着 一子', 'ミチャク イチコ', '03-2717-0001'],
    ['未着 二郎', 'ミチャク ジロウ', '03-2717-0002'],
  ] as const) {
    const line = missing.getByRole('row').filter({ has: page.getByRole('rowheader', { name: n }) });
    await expect(line).toContainText(kana);
    await expect(line).toContainText(phone);
  }
  await expectAccessible(page);

  // the desk's camera reads the first student's code: she leaves the list
  const { browser, context } = await deskFilming(code as string, { playwright, launchOptions, testInfo });
  try {
    const desk = await context.newPage();
    expect((await desk.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
    await desk.goto(`/admin/checkin?course=${courseId}&no=1`);
    const result = desk.getByRole('region', { name: '読み取りの結果' });
    await expect(result.getByText('出席を記録しました')).toBeVisible({ timeout: 30_000 });
    await expect(
      desk.getByRole('heading', { level: 2, name: 'まだ受付をしていない方（1人）' }),
    ).toBeVisible();
    const deskMissing = desk.getByRole('table', { name: 'まだ受付をしていない方' });
    await expect(deskMissing.getByRole('rowheader', { name: '未着 一子' })).toHaveCount(0);
    await expect(deskMissing.getByRole('rowheader', { name: '未着 二郎' })).toBeVisible();

    // the second is typed by 学生番号: nobody is missing any more
    await desk.getByRole('textbox', { name: /学生番号/ }).fill(second);
    await desk.getByRole('button', { name: '出席を記録する' }).click();
    await expect(result.getByText('未着 二郎', { exact: true })).toBeVisible();
    await expect(
      desk.getByRole('heading', { level: 2, name: 'まだ受付をしていない方（0人）' }),
    ).toBeVisible();
    await expect(desk.getByText('受講が決まっている方は、全員の受付が済みました。')).toBeVisible();
    await expectAccessible(desk);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('[管理][受付] カメラを使えないときはそう伝え、学生番号で記録できる', async ({ page, playwright }) => {
  const office = await adminApi(playwright);
  const { loginId, courseId, name } = await studentInCourseToday(office, '受付 次郎', 'ウケツケ ジロウ');
  await office.dispose();

  // the project's browser has no camera permission: the page says so and the form still works
  const login = await page.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin });
  expect(login.status()).toBe(200);
  await page.goto(`/admin/checkin?course=${courseId}&no=1`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(/【注意】カメラを使えません/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/学生番号で記録」から出席を記録できます/)).toBeVisible();

  const result = page.getByRole('region', { name: '読み取りの結果' });
  await page.getByRole('textbox', { name: /学生番号/ }).fill('2404');
  await page.getByRole('button', { name: '出席を記録する' }).click();
  const field = page.getByRole('textbox', { name: /学生番号/ });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('数字8桁で入力してください')).toBeVisible();

  await page.getByRole('textbox', { name: /学生番号/ }).fill(ACCOUNTS.student2.login_id);
  await page.getByRole('button', { name: '出席を記録する' }).click();
  await expect(result.getByText('記録できませんでした')).toBeVisible();
  await expect(result.getByText('この講座の申込者ではありません')).toBeVisible();

  await page.getByRole('textbox', { name: /学生番号/ }).fill(loginId);
  await page.getByRole('button', { name: '出席を記録する' }).click();
  await expect(result.getByText('出席を記録しました')).toBeVisible();
  await expect(result.getByText('受付 次郎', { exact: true })).toBeVisible();
  await expect(page.getByText('出席 1 / 1 人')).toBeVisible();
  await expectAccessible(page);
});

test('[管理][受付] コードの模様に角の印と似た形があっても、カメラで読み取れる', async ({
  playwright,
  launchOptions,
}, testInfo) => {
  const office = await adminApi(playwright);
  const { courseId, name } = await studentInCourseToday(office, '受付 三郎', 'ウケツケ サブロウ');
  await office.dispose();

  // a code of the my-page's shape whose pattern holds a square like a QR code's corner mark: zxing's own
  // reader never found it (about 1 code in 16 is like this; decision 033). Its mac is not ours, so once read,
  // the server answers that it is not a student ID's code: the answer shows that the desk read it.
  const { browser, context } = await deskFilming('MC1.29.29929411.969k0KiN75geRTXnSDQTeg', {
    playwright,
    launchOptions,
    testInfo,
  });
  try {
    const desk = await context.newPage();
    const deskErrors = watchConsole(desk);
    expect((await desk.request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
    await desk.goto(`/admin/checkin?course=${courseId}&no=1`);
    await expect(desk.getByRole('heading', { level: 2, name })).toBeVisible();
    const result = desk.getByRole('region', { name: '読み取りの結果' });
    await expect(result.getByText('記録できませんでした')).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText(CHECKIN_MSG.unreadable)).toBeVisible();
    await expect(desk.getByText('出席 0 / 1 人')).toBeVisible();
    expect(deskErrors, 'console errors on the reception page').toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});
