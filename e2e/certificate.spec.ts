import type { APIRequestContext, Page } from '@playwright/test';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * Certificates of completion and the transcript: a student prints the 修了証 of a course the
 * office marked 受講済み and the record of their units; the office prints every certificate of a course,
 * one A4 page each. The journey makes its own students (generation 2617) and courses through the admin
 * API: the demo students' history is read by other journeys at the same time.
 */

const GENERATION = '2617';
const PASSWORD = 'shuryo2617';
const ORGAN = '修了証テスト市民大学';

/** 'YYYY-MM-DD' in Tokyo, `days` from today. */
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);
/** '2026-04-08' → '2026年4月8日', as the certificate writes dates. */
const ja = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/** Records the application's attendance as the office does on the applicant detail (as admin). */
async function recordAttendance(
  request: APIRequestContext,
  courseId: number,
  userId: number,
  { status, marks = [], unit }: { status: '2' | '3'; marks?: string[]; unit: number },
) {
  const detail = (await (
    await request.get(`/api/admin/courseapplicantdetail/?id=${courseId}&user_id=${userId}&is_edit=1`)
  ).json()) as { updated_at: string };
  const attendance = Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, marks[i] ?? '0']),
  );
  const res = await request.post('/api/admin/courseapplicantdetail/update/', {
    data: {
      course_id: courseId,
      user_id: userId,
      lottery_status: '2',
      attendance_status: status,
      ...attendance,
      acquisition_unit: String(unit),
      remarks: '',
      updated_at: detail.updated_at,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

interface Setup {
  /** the student who prints: finished `dated` and `undated`, still attending `ongoing` */
  hanako: string;
  /** a second student who finished `dated` */
  jiro: string;
  dated: { id: number; name: string; first: string; last: string };
  undated: { id: number; name: string };
  ongoing: { id: number; name: string };
  /** attended by 花子, its class days over, not yet marked 受講済み */
  ended: { id: number; name: string };
}

/**
 * Two students and three courses: one with three dated sessions both students finished, one without sessions
 * (its free-text 開催日 stands in) that 花子 finished, and one 花子 is still attending.
 */
async function setUp(page: Page): Promise<Setup> {
  const tag = uniqueTag();
  await loginAdmin(page);
  const request = page.request;
  const student = (name: string, kana: string) =>
    addStudentAsAdmin(request, {
      generation: GENERATION,
      password: PASSWORD,
      fields: { name, name_kana: kana },
    });
  const hanako = await student('修了 花子', 'シュウリョウ ハナコ');
  const jiro = await student('修了 次郎', 'シュウリョウ ジロウ');

  const first = tokyoDay(-60);
  const last = tokyoDay(-46);
  const dated = { name: `修了証テスト園芸講座${tag}`, id: 0, first, last };
  dated.id = await addCourseAsAdmin(request, {
    course_name: dated.name,
    organ: ORGAN,
    all_times: '3',
    unit: '2',
    period: '毎週月曜 10:00〜12:00',
    sessions: [first, tokyoDay(-53), last].map((day) => ({ day, start: '10:00', end: '12:00', room: '' })),
  });
  const undated = { name: `修了証テスト郷土史講座${tag}`, id: 0 };
  undated.id = await addCourseAsAdmin(request, {
    course_name: undated.name,
    organ: ORGAN,
    period: '秋の土曜日 全4回',
  });
  const ongoing = { name: `修了証テスト受講中講座${tag}`, id: 0 };
  ongoing.id = await addCourseAsAdmin(request, { course_name: ongoing.name, organ: ORGAN });
  const ended = { name: `修了証テスト確認待ち講座${tag}`, id: 0 };
  ended.id = await addCourseAsAdmin(request, {
    course_name: ended.name,
    organ: ORGAN,
    all_times: '2',
    sessions: [tokyoDay(-9), tokyoDay(-2)].map((day) => ({ day, start: '10:00', end: '12:00', room: '' })),
  });

  const hanakoDated = await addApplicantAsAdmin(request, dated.id, hanako);
  await recordAttendance(request, dated.id, hanakoDated, { status: '3', marks: ['1', '1', '2'], unit: 4 });
  const jiroDated = await addApplicantAsAdmin(request, dated.id, jiro);
  await recordAttendance(request, dated.id, jiroDated, { status: '3', marks: ['1', '1', '1'], unit: 6 });
  // finished from a paper register: no session marked, units recorded
  const hanakoUndated = await addApplicantAsAdmin(request, undated.id, hanako);
  await recordAttendance(request, undated.id, hanakoUndated, { status: '3', unit: 3 });
  const hanakoOngoing = await addApplicantAsAdmin(request, ongoing.id, hanako);
  await recordAttendance(request, ongoing.id, hanakoOngoing, { status: '2', marks: ['1'], unit: 1 });
  const hanakoEnded = await addApplicantAsAdmin(request, ended.id, hanako);
  await recordAttendance(request, ended.id, hanakoEnded, { status: '2', marks: ['1', '1'], unit: 4 });
  await request.get('/api/auth/admin/logout/');
  return { hanako, jiro, dated, undated, ongoing, ended };
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

/** Print media hides the header, every menu, the footer and the buttons. */
async function expectChromeHidden(page: Page) {
  await expect(page.locator('header')).toBeHidden();
  for (const nav of await page.getByRole('navigation').all()) await expect(nav).toBeHidden();
  await expect(page.locator('footer')).toBeHidden();
  await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
}

test.describe('[マイページ][修了証]', () => {
  test('[マイページ][修了証] 受講済みの講座の修了証と単位の記録を印刷する @phone', async ({ page }) => {
    const s = await setUp(page);
    await loginStudent(page, { login_id: s.hanako, password: PASSWORD });

    // a course still being attended stays in 申込状況, as 受講中
    await page.goto('/mypage/course/applied');
    await expect(card(page, s.ongoing.name).getByText('受講中', { exact: true })).toBeVisible();
    await expect(card(page, s.dated.name)).toHaveCount(0);
    await expect(card(page, s.ended.name)).toHaveCount(0);

    // the history: a 修了証 for each finished course; the ended one not yet marked 受講済み has no units yet
    await page.goto('/mypage/course/attended');
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
    const link = card(page, s.dated.name).getByRole('link', {
      name: `修了証を印刷 （${s.dated.name}）`,
      exact: true,
    });
    await expect(link).toHaveAttribute('href', `/mypage/certificate/${s.dated.id}`);
    await expect(card(page, s.undated.name).getByRole('link', { name: /修了証を印刷/ })).toBeVisible();
    await expect(card(page, s.ongoing.name)).toHaveCount(0);
    const ended = card(page, s.ended.name);
    await expect(ended.getByText('事務局が受講済みを確認したあとに記録されます')).toBeVisible();
    await expect(ended.getByRole('link', { name: /修了証を印刷/ })).toHaveCount(0);
    // one total: the units listed beside it add up to it, and the transcript below says the same
    await expect(page.getByTestId('unit-sum')).toContainText('これまでの講座で取得 7単位');
    const listed = (await page.getByTestId('acquired-unit').allTextContents()).map(Number);
    expect(listed.reduce((a, b) => a + b, 0)).toBe(7);
    await expectAccessible(page);

    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: '修了証' })).toBeVisible();
    const sheet = page.getByTestId('certificate');
    await expect(sheet.getByRole('heading', { level: 2, name: '修了証' })).toBeVisible();
    for (const text of [
      s.hanako,
      '修了 花子（シュウリョウ ハナコ）',
      s.dated.name,
      ORGAN,
      `${ja(s.dated.first)}〜${ja(s.dated.last)}`,
      '2回／全3回',
      '4単位',
      'あなたは上記の講座を修了したことを証します。',
      'まなび市民大学 学長',
    ])
      await expect(sheet.getByText(text, { exact: true })).toBeVisible();
    await expect(sheet.getByText(new RegExp(`^第 ${s.dated.id}-\\d+ 号$`))).toBeVisible();
    await expect(sheet.getByText(/^\d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
    await expect(page.getByRole('button', { name: '印刷する' })).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow(), 'no horizontal scroll').toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // on paper: the sheet alone, black on white
    await page.emulateMedia({ media: 'print' });
    await expectChromeHidden(page);
    await expect(page.getByRole('heading', { level: 1, name: '修了証' })).toBeHidden();
    await expect(page.getByRole('link', { name: '受講履歴に戻る' })).toBeHidden();
    await expect(sheet.getByText(s.dated.name, { exact: true })).toBeVisible();
    const colours = await sheet.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      text: getComputedStyle(el).color,
    }));
    expect(colours).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
    await page.emulateMedia({ media: 'screen' });

    // a course without sessions: its 開催日; no session marked, so no 出席 line
    await page.goto(`/mypage/certificate/${s.undated.id}`);
    await expect(sheet.getByText('秋の土曜日 全4回', { exact: true })).toBeVisible();
    await expect(sheet.getByText('出席', { exact: true })).toHaveCount(0);
    await expect(sheet.getByText('3単位', { exact: true })).toBeVisible();

    // a course not finished has no certificate
    await page.goto(`/mypage/certificate/${s.ongoing.id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);

    // the transcript: the finished courses, first class day first, and the total
    await page.goto('/mypage/course/attended');
    await page.getByRole('link', { name: '単位の記録を印刷' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '受講・単位の記録' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('修了 花子（シュウリョウ ハナコ）', { exact: true })).toBeVisible();
    await expect(main.getByText(s.hanako, { exact: true })).toBeVisible();
    const courses = main.getByText(/^修了証テスト.+講座/).filter({ visible: true });
    await expect(courses).toHaveText([s.dated.name, s.undated.name]);
    await expect(main.getByText(s.ongoing.name)).toHaveCount(0);
    await expect(page.getByTestId('transcript-total').filter({ visible: true })).toContainText('7単位');
    expect(await overflow(), 'no horizontal scroll').toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // on paper: the table with its total (a phone's cards are not printed), no chrome
    await page.emulateMedia({ media: 'print' });
    await expectChromeHidden(page);
    const table = page.getByRole('table', { name: '受講した講座と取得単位' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /これまでの講座で取得/ })).toContainText('7単位');
    await expect(page.getByRole('heading', { level: 1, name: '受講・単位の記録' })).toBeVisible();
  });
});

test.describe('[管理][修了証]', () => {
  test('[管理][修了証] 講座の修了証を一括で、1人1枚で印刷する', async ({ page }) => {
    const s = await setUp(page);
    await loginAdmin(page);
    await page.goto(`/admin/course/detail/${s.dated.id}/1`);
    await page.getByRole('link', { name: '修了証を一括印刷' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/course/${s.dated.id}/certificates$`));
    await expect(page.getByRole('heading', { level: 1, name: '修了証の一括印刷' })).toBeVisible();
    await expect(page.getByText(s.dated.name, { exact: true }).first()).toBeVisible();

    // one sheet per finished student, in 学生番号 order
    const sheets = page.getByTestId('certificate');
    await expect(sheets).toHaveCount(2);
    const order = [s.hanako, s.jiro].sort();
    for (const [i, loginId] of order.entries())
      await expect(sheets.nth(i).getByText(loginId, { exact: true })).toBeVisible();
    const hanako = sheets.filter({ hasText: s.hanako });
    await expect(hanako.getByRole('heading', { level: 2, name: /修了証.*修了 花子/ })).toBeVisible();
    await expect(hanako.getByText('4単位', { exact: true })).toBeVisible();
    await expect(sheets.filter({ hasText: s.jiro }).getByText('3回／全3回', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // on paper: only the sheets, each but the last followed by a page break
    await page.emulateMedia({ media: 'print' });
    await expectChromeHidden(page);
    await expect(page.getByRole('heading', { level: 1, name: '修了証の一括印刷' })).toBeHidden();
    const breaks = await sheets.evaluateAll((all) => all.map((el) => getComputedStyle(el).breakAfter));
    expect(breaks).toEqual(['page', 'auto']);
    await page.emulateMedia({ media: 'screen' });

    // a course nobody finished says so
    await page.goto(`/admin/course/${s.ongoing.id}/certificates`);
    await expect(page.getByText('受講済みの学生はいません')).toBeVisible();
    await expect(page.getByTestId('certificate')).toHaveCount(0);
    await expectAccessible(page);
  });
});
