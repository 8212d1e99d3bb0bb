import type { Locator, Page } from '@playwright/test';
import { adminApi, courseIdOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * The admin keeps its density: at 1280 px its lists fit the window without sideways scrolling;
 * only the 15-session attendance grid scrolls, inside its own region, with who the row is (更新, 学生番号 /
 * 氏名, or 講座名) sticky on the left: the same place after scrolling, drawn over the cells that slide under
 * it, and a control reached with the keyboard is scrolled out from under it.
 * Read-only: 健康づくりウォーキング (C2502) has demo applicants; 24040001 has demo applied courses.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** How far the page itself scrolls sideways (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function userIdOf(playwright: Parameters<typeof adminApi>[0], loginId: string): Promise<number> {
  const request = await adminApi(playwright);
  const answer = await request.get('/api/admin/student/list/', { params: { login_id: loginId } });
  const rows = ((await answer.json()) as { data_list: { user_id: number; login_id: string }[] }).data_list;
  const row = rows.find((r) => r.login_id === loginId);
  expect(row, loginId).toBeTruthy();
  return row?.user_id ?? 0;
}

test('[管理][一覧] 1280 px では一覧の画面が横にスクロールしない', async ({ page, playwright }) => {
  const request = await adminApi(playwright);
  const walking = await courseIdOf(request, '健康づくりウォーキング');
  const student = await userIdOf(playwright, ACCOUNTS.student1.login_id);
  await loginAdmin(page);
  const lists: [path: string, heading: string, table: string | RegExp][] = [
    ['/admin/student', '学生管理', /学生一覧/],
    ['/admin/course', '講座管理', /講座一覧/],
    [`/admin/course/detail/${walking}/2`, '申込者一覧', '申込者一覧'],
    [`/admin/student/detail/${student}?tab=2`, '学生詳細', /申込講座/],
    ['/admin/admin', '管理者管理', /管理者一覧/],
    ['/admin/notification', 'お知らせ管理', /お知らせ一覧/],
  ];
  for (const [path, heading, table] of lists) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    await expect(page.getByText('検索中...')).toHaveCount(0);
    expect(await pageOverflow(page), `${path} scrolls sideways at 1280 px by`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});

/**
 * The grid in `region` scrolls right while its sticky cells of `row` (`sticky`, the last one drawing the
 * edge) keep their place, stay on top and opaque, and `moving` (a cell after them) slides left.
 */
async function expectStickyWhileScrolling(region: Locator, sticky: Locator[], moving: Locator) {
  await sticky[0]?.scrollIntoViewIfNeeded();
  const wider = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(wider, 'the grid is wider than its region (else nothing scrolls)').toBeGreaterThan(100);
  const before = await Promise.all(sticky.map(async (cell) => (await cell.boundingBox())?.x));
  const movingBefore = (await moving.boundingBox())?.x ?? 0;

  await region.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);

  const after = await Promise.all(sticky.map(async (cell) => (await cell.boundingBox())?.x));
  expect(after, 'sticky cells keep their place').toEqual(before);
  expect((await moving.boundingBox())?.x ?? 0).toBeLessThan(movingBefore - 100);
  for (const cell of sticky) {
    // on top: the point in the middle of the cell belongs to it, not to a cell scrolled under it
    const onTop = await cell.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(onTop, `${await cell.textContent()} is drawn over the scrolled cells`).toBe(true);
    const alpha = await cell.evaluate((el) => {
      const color = getComputedStyle(el).backgroundColor;
      const parts = color.match(/[\d.]+/g) ?? [];
      return color.startsWith('rgba') ? Number(parts[3]) : 1;
    });
    expect(alpha, 'sticky cells are opaque').toBe(1);
  }
}

/**
 * Keyboard focus is never hidden under the sticky cells (WCAG 2.4.11): with `target` half under them, Tab
 * from the row header's link reaches it and scrolls it out from under `edge` (the last sticky cell).
 */
async function expectTabClearsSticky(
  page: Page,
  region: Locator,
  rowHeader: Locator,
  target: Locator,
  edge: Locator,
  /** the whole control in view too (at 375 px a control may be wider than the room beside the sticky cell) */
  whole = true,
) {
  const edgeBox = await edge.boundingBox();
  expect(edgeBox).toBeTruthy();
  const edgeRight = (edgeBox?.x ?? 0) + (edgeBox?.width ?? 0);
  // put the control's left edge 40 px under the sticky cells, still inside the region
  const offset = ((await target.boundingBox())?.x ?? 0) - (edgeRight - 40);
  await region.evaluate((el, by) => {
    el.scrollLeft += by;
  }, offset);
  await expect
    .poll(async () => edgeRight - ((await target.boundingBox())?.x ?? 0), {
      message: 'the control is half under',
    })
    .toBeGreaterThan(30);

  await rowHeader.getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const box = await target.boundingBox();
  const regionBox = await region.boundingBox();
  expect(box?.x ?? 0, 'the focused control is out from under the sticky cells').toBeGreaterThanOrEqual(
    edgeRight - 1,
  );
  if (whole)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
      (regionBox?.x ?? 0) + (regionBox?.width ?? 0) + 1,
    );
}

/** The applicant tab of the demo course with applicants: its scroll region and first applicant row. */
async function openApplicantGrid(page: Page, playwright: Parameters<typeof adminApi>[0]) {
  const courseId = await courseIdOf(await adminApi(playwright), '健康づくりウォーキング');
  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者一覧' })).toBeVisible();
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const region = page.getByRole('region', { name: /申込者一覧/ });
  const row = region
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .first();
  return { region, row, rowHeader: row.getByRole('rowheader'), name: row.getByRole('cell').nth(1) };
}

test('[管理][申込者一覧] 出欠の表は枠の中で横にスクロールし、学生番号と氏名の列は左に残る', async ({
  page,
  playwright,
}) => {
  const { region, row, rowHeader, name } = await openApplicantGrid(page, playwright);
  const tick = row.getByRole('cell').first();
  const kana = row.getByRole('cell').nth(2);
  await expect(rowHeader).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  await expectStickyWhileScrolling(region, [tick, rowHeader, name], kana);
  await expect(row.getByRole('combobox', { name: /第15回/ })).toBeInViewport();
  await expectAccessible(page);

  // the row's first select after the student number: 抽選状況 (受講状況 on a cancelled row)
  await expectTabClearsSticky(page, region, rowHeader, row.locator('select').first(), name);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

test('[管理][申込者一覧] 授業のある日は、今日の回の出席の列が見える位置で開き、氏名の列は左に残る', async ({
  page,
  playwright,
}) => {
  // a course of 15 weekly classes, the 9th of them today
  const request = await adminApi(playwright);
  const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);
  const courseId = await addCourseAsAdmin(request, {
    course_name: `E2E今日の回講座${uniqueTag()}`,
    all_times: '15',
    sessions: Array.from({ length: 15 }, (_, i) => ({
      day: tokyoDay(7 * (i - 8)),
      start: '10:00',
      end: '12:00',
      room: '',
    })),
  });
  const loginId = await addStudentAsAdmin(request, { generation: '2662', password: 'todaypass1' });
  await addApplicantAsAdmin(request, courseId, loginId);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(page.getByText('検索中...')).toHaveCount(0);
  const region = page.getByRole('region', { name: /申込者一覧/ });
  const today = region.getByRole('columnheader', { name: /第9回/ });
  await expect(today).toContainText('今日');
  // opened scrolled sideways: today's column starts right after the sticky 更新・学生番号・氏名
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  const row = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: loginId }) });
  const name = row.getByRole('cell').nth(1);
  const nameBox = await name.boundingBox();
  const regionBox = await region.boundingBox();
  const nameRight = (nameBox?.x ?? 0) + (nameBox?.width ?? 0);
  const regionRight = (regionBox?.x ?? 0) + (regionBox?.width ?? 0);
  // today's header and its 出席 cell, whole, between the name and the region's right edge (the scroll is a
  // whole number of pixels, the columns not: a pixel of leeway)
  for (const shown of [today, row.getByRole('combobox', { name: /第9回$/ })]) {
    const box = await shown.boundingBox();
    expect(box?.x ?? 0).toBeGreaterThanOrEqual(nameRight - 1);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(regionRight);
  }
  await expect(row.getByRole('rowheader')).toBeVisible();
  await expect(name).toBeVisible();
  // the earlier and later class days are named in their headers too
  await expect(region.getByRole('columnheader', { name: /第8回/ })).toContainText('日（');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // once open, the table stays where the office scrolls it: a new search does not pull it back
  await region.evaluate((el) => {
    el.scrollLeft = 0;
  });
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByText('検索中...')).toHaveCount(0);
  expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
});

test('[管理][学生詳細] 申込講座の出欠の表は枠の中で横にスクロールし、講座名の列は左に残る', async ({
  page,
  playwright,
}) => {
  const student = await userIdOf(playwright, ACCOUNTS.student1.login_id);
  await loginAdmin(page);
  await page.goto(`/admin/student/detail/${student}?tab=2`);
  const region = page.getByRole('region', { name: /さんの申込講座/ });
  await expect(region.getByRole('table')).toBeVisible();
  await expect(page.getByText('検索中...')).toHaveCount(0);
  // a course whose attendance can still be edited (its row has the 更新 box)
  const row = region
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /を更新する$/ }) })
    .first();
  const tick = row.getByRole('cell').first();
  const rowHeader = row.getByRole('rowheader');
  const status = row.getByRole('cell').nth(1);
  await expect(rowHeader).toBeVisible();

  await expectStickyWhileScrolling(region, [tick, rowHeader], status);
  await expectAccessible(page);

  await expectTabClearsSticky(
    page,
    region,
    rowHeader,
    row.getByRole('combobox', { name: /受講状況/ }),
    rowHeader,
  );
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('[管理][申込者一覧] スマートフォン幅では学生番号の列だけが左に残り、ほかの列と操作は横にスクロールして見える @phone', async ({
    page,
    playwright,
  }) => {
    const { region, row, rowHeader, name } = await openApplicantGrid(page, playwright);
    await expect(rowHeader).toBeVisible();
    // the tick and the name scroll with the rest (at 375 px they would leave the other columns no room);
    // the student number slides to the region's left edge and stays there, drawn over what passes under it
    await rowHeader.scrollIntoViewIfNeeded();
    const nameBefore = (await name.boundingBox())?.x ?? 0;
    await region.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const inner = await region.evaluate((el) => el.getBoundingClientRect().left + el.clientLeft);
    expect(Math.abs(((await rowHeader.boundingBox())?.x ?? 0) - inner)).toBeLessThanOrEqual(1);
    expect((await name.boundingBox())?.x ?? 0).toBeLessThan(nameBefore - 100);
    const onTop = await rowHeader.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(onTop, 'the student number is drawn over the scrolled cells').toBe(true);
    await expectTabClearsSticky(page, region, rowHeader, row.locator('select').first(), rowHeader, false);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
