import type { Page } from '@playwright/test';
import { addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import {
  ACCOUNTS,
  expect,
  expectAccessible,
  loginAdmin,
  loginStudent,
  openSearchForm,
  pageTab,
  test,
} from './fixtures';

/**
 * My-page course search, detail and application (SPEC §2 course/search, course/detail, course/applicant;
 * §4 course application). Every application is made by a student of generation 2508 that the journey adds
 * itself, to a course it adds itself through the admin API: demo courses and students are only read.
 */

/** Adds a course as admin (window: yesterday to next week; `over` sets form fields) and logs the admin out. */
async function addCourse(page: Page, over: Record<string, unknown>): Promise<number> {
  await loginAdmin(page);
  const id = await addCourseAsAdmin(page.request, {
    keyword: 'E2E',
    permalink: 'https://example.jp/course/e2e',
    how_to_apply: 'マイページから申し込んでください。',
    ...over,
  });
  await page.request.get('/api/auth/admin/logout/');
  return id;
}

/** An approved student of generation 2508, added as admin, then logged in. */
async function addAndLoginStudent(page: Page) {
  const password = 'course2508';
  await loginAdmin(page);
  const loginId = await addStudentAsAdmin(page.request, { generation: '2508', password });
  await page.request.get('/api/auth/admin/logout/');
  await loginStudent(page, { login_id: loginId, password });
}

/** 'YYYY-MM-DD' in Tokyo, `days` from today. */
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

/** The value of a label/value list's row (ConfirmList: a dt and its dd). */
const rowValue = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .getByRole('definition');

test.describe('[マイページ][講座]', () => {
  test('[マイページ][講座] 探して申し込み、申込状況で確かめ、キャンセルすると消える @phone', async ({
    page,
  }) => {
    const name = `E2E通し講座${uniqueTag()}`;
    const id = await addCourse(page, { course_name: name, cancel: '1' });
    await addAndLoginStudent(page);
    const search = async () => {
      await page.goto('/mypage/course/search/accepting');
      await openSearchForm(page);
      await page.getByRole('textbox', { name: 'キーワード' }).fill(name);
      await page.getByRole('button', { name: '検索する' }).click();
      await expect(page.getByText('（全1件）')).toBeVisible();
    };

    await search();
    await card(page, name).getByRole('link', { name }).click();
    await page.getByRole('link', { name: 'この講座に申し込む' }).click();
    await page.getByRole('button', { name: '申込を確定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込が完了しました' })).toBeVisible();
    // a lottery course: received, and the result after the period's end (no class days: no first class)
    const result = page.getByTestId('apply-result');
    await expect(result).toContainText('申込を受け付けました。');
    await expect(result).toContainText(
      /抽選の結果は、申込期間が終わる\d{4}年\d{1,2}月\d{1,2}日.*のあと、マイページとメールでお知らせします。/,
    );
    await expect(result).not.toContainText('受講が決まりました');
    await expect(result).not.toContainText('初回の授業');

    await page.getByRole('link', { name: '申込状況を見る' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
    const applied = card(page, name);
    await expect(applied.getByText('抽選待ち')).toBeVisible();
    await expectAccessible(page);
    await applied.getByRole('link', { name: /申込をキャンセルする/ }).click();
    await expect(page).toHaveURL(new RegExp(`/mypage/course/cancel/${id}$`));
    await expect(page.getByText(name)).toBeVisible();
    await page.getByRole('button', { name: '受講をキャンセルする' }).click();
    await expect(page.getByRole('heading', { name: '講座のキャンセルが完了しました' })).toBeVisible();
    await page.getByRole('link', { name: '申込状況へ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
    await expect(page.getByText('該当する講座はありません。')).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);

    await search();
    await expect(card(page, name).getByText('申込中')).toHaveCount(0);
    await card(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('link', { name: 'この講座に申し込む' })).toBeVisible();
    await expect(page.getByRole('link', { name: '申込をキャンセルする' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('[マイページ][講座] 先着順の講座は「受講が決まりました」と初回の授業の日時を示し、当選とは言わない @phone', async ({
    page,
  }) => {
    const name = `E2E先着講座${uniqueTag()}`;
    const first = tokyoDay(10);
    // the venue names the room, and each class's room is the same one (as the office often fills it)
    const venue = 'まなびプラザ 1階 多目的室';
    const id = await addCourse(page, {
      course_name: name,
      cancel: '1',
      is_lottery: '0',
      all_times: '2',
      tuition_fee: '3000',
      material_cost: '500',
      venue,
      sessions: [first, tokyoDay(17)].map((day) => ({
        day,
        start: '10:00',
        end: '12:00',
        room: '1階 多目的室',
      })),
    });
    await addAndLoginStudent(page);

    await page.goto(`/mypage/course/detail/${id}`);
    // the place said once: in 会場, not again beside each class day
    await expect(rowValue(page, '会場')).toHaveText(venue);
    const classDays = page.getByRole('region', { name: '授業日' });
    await expect(classDays.getByRole('listitem')).toHaveCount(2);
    await expect(classDays).not.toContainText('多目的室');
    await expect(page.getByText(/多目的室.*多目的室/)).toHaveCount(0);
    await page.getByRole('link', { name: 'この講座に申し込む' }).click();
    // the confirmation says what she will pay besides the 受講料 before she commits
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込内容の確認' })).toBeVisible();
    await expect(rowValue(page, '受講料')).toHaveText('3,000円');
    await expect(rowValue(page, '教材費')).toHaveText('500円');
    await expectAccessible(page);
    await page.getByRole('button', { name: '申込を確定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込が完了しました' })).toBeVisible();
    const result = page.getByTestId('apply-result');
    await expect(result).toContainText('受講が決まりました。');
    const [, m, d] = first.split('-').map(Number);
    await expect(result).toContainText(
      new RegExp(`初回の授業：(\\d{4}年)?${m}月${d}日（.）10:00〜12:00　まなびプラザ 1階 多目的室`),
    );
    await expect(result).not.toContainText(/多目的室.*多目的室/);
    await expect(result).not.toContainText('当選');
    await expect(result).not.toContainText('抽選');
    await expectAccessible(page);

    // every place the my-page shows the status: the applied list, the course detail, the top page
    await page.getByRole('link', { name: '申込状況を見る' }).click();
    const applied = card(page, name);
    await expect(applied.getByText('申込の状況')).toBeVisible();
    await expect(applied.getByText('受講が決まりました', { exact: true })).toBeVisible();
    // the status sentence gives the first class day, as a winner's does
    await expect(applied).toContainText(
      new RegExp(`受講が決まりました。初回の授業は${m}月${d}日（.）10:00からです。お越しください。`),
    );
    await expect(applied).not.toContainText('当選');
    await expectAccessible(page);
    await page.goto(`/mypage/course/detail/${id}`);
    await expect(page.getByText('申込の状況：受講が決まりました')).toBeVisible();
    await expect(page.getByText(/抽選状況：/)).toHaveCount(0);
    await page.goto('/mypage/top');
    const top = page
      .getByRole('region', { name: '申し込んだ講座' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name }) });
    await expect(top).toContainText('受講が決まりました');
    await expect(top).not.toContainText('当選');
    await expectAccessible(page);

    // the schedule names the place once too
    await page.goto('/mypage/schedule');
    // each class's item (a day's item holds its heading and its classes)
    const classes = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name }) })
      .filter({ hasNot: page.getByRole('heading') });
    await expect(classes).toHaveCount(2);
    for (const c of await classes.all()) {
      await expect(c).toContainText(venue);
      await expect(c).not.toContainText(/多目的室.*多目的室/);
    }
    await expectAccessible(page);
  });

  test('[マイページ][講座] 検索して、キャンセルできない講座に同意して申し込む（キーボード）', async ({
    page,
  }) => {
    const name = `E2E申込同意講座${uniqueTag()}`;
    const id = await addCourse(page, { course_name: name, cancel: '0' });
    await addAndLoginStudent(page);

    await page.goto('/mypage/course/search/accepting');
    await expect(page.getByRole('heading', { level: 1, name: '講座を探す' })).toBeVisible();
    await expect(pageTab(page, '受付中の講座')).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'キーワード' }).fill(name);
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByText('（全1件）')).toBeVisible();
    const item = card(page, name);
    await expect(item).toBeVisible();
    await expect(item.getByText('申込中')).toHaveCount(0);
    await expect(item.getByText('まなび市民大学')).toBeVisible();
    // a course without a picture shows none on its card (the name and dates are the content)
    await expect(item.locator('img')).toHaveCount(0);
    await expectAccessible(page);

    await item.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/mypage/course/detail/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('3,000円')).toBeVisible();
    await expect(page.getByText('30名')).toBeVisible();
    await expect(page.getByRole('link', { name: /講座の詳しい案内/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: '申込をキャンセルする' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'この講座に申し込む' }).click();
    await expect(page).toHaveURL(new RegExp(`/mypage/course/applicant/${id}$`));
    await expect(page.getByText('申込はまだ完了していません。')).toBeVisible();
    const confirm = page.getByRole('button', { name: '申込を確定' });
    const agree = page.getByRole('checkbox', { name: '上記の注意事項を確認し、同意します' });
    await expect(confirm).toBeDisabled();
    await expect(page.getByText('申込期間の終了後はキャンセルできません').first()).toBeVisible();
    await expectAccessible(page);

    // keyboard: from the warning text, Tab reaches the checkbox; Space ticks it; Enter confirms
    await page.getByText('やむを得ず欠席する場合は').click();
    await page.keyboard.press('Tab');
    await expect(agree).toBeFocused();
    await page.keyboard.press('Space');
    await expect(agree).toBeChecked();
    await expect(confirm).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: '講座の申込が完了しました' })).toBeVisible();
    await expect(page.getByRole('link', { name: '申込状況を見る' })).toHaveAttribute(
      'href',
      '/mypage/course/applied',
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: '受付中の講座一覧へ' }).click();
    await expect(page).toHaveURL(/\/mypage\/course\/search\/accepting$/);
    await page.getByRole('textbox', { name: 'キーワード' }).fill(name);
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(card(page, name).getByText('申込中')).toBeVisible();

    await card(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('申込中', { exact: true })).toBeVisible();
    await expect(page.getByText(/抽選状況：/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'この講座に申し込む' })).toHaveCount(0);
    // still in the application period: even a no-cancel course may be cancelled until it ends
    await expect(page.getByRole('link', { name: '申込をキャンセルする' })).toHaveAttribute(
      'href',
      `/mypage/course/cancel/${id}`,
    );
    await expectAccessible(page);
  });

  test('[マイページ][講座] キャンセルできる講座はすぐ申し込め、申込後の申込画面は notfound', async ({
    page,
  }) => {
    const name = `E2E自由講座${uniqueTag()}`;
    const id = await addCourse(page, { course_name: name, cancel: '1', tuition_fee: '0' });
    await addAndLoginStudent(page);

    await page.goto(`/mypage/course/detail/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('無料')).toBeVisible();
    await page.getByRole('link', { name: 'この講座に申し込む' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込内容の確認' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '申込を確定' })).toBeEnabled();
    await expectAccessible(page);
    await page.getByRole('button', { name: '申込を確定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込が完了しました' })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/mypage/course/applicant/${id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
    await expect(page.getByText('ページが見つかりません').first()).toBeVisible();

    await page.goto(`/mypage/course/detail/${id}`);
    await expect(page.getByText('申込中', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '申込をキャンセルする' })).toHaveAttribute(
      'href',
      `/mypage/course/cancel/${id}`,
    );
  });

  test('[マイページ][講座] 申込画面を開いたまま別に申し込まれていたら、サーバーの理由を表示する', async ({
    page,
  }) => {
    const name = `E2E二重申込講座${uniqueTag()}`;
    const id = await addCourse(page, { course_name: name, cancel: '1' });
    await addAndLoginStudent(page);

    await page.goto(`/mypage/course/applicant/${id}`);
    const confirm = page.getByRole('button', { name: '申込を確定' });
    await expect(confirm).toBeEnabled();
    // the same student applies elsewhere (another tab) before pressing 申込を確定 here
    const other = await page.request.post('/api/mypage/courseapplication/', {
      data: {
        course_id: id,
        course_name: name,
        university_id: '',
        how_apply: '1',
        cancel: '1',
        is_dont_canncel: '0',
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await confirm.click();
    await expect(page.getByRole('alert')).toContainText('すでに申し込んでいます');
    await expect(page.getByRole('heading', { level: 1, name: '講座の申込内容の確認' })).toBeVisible();
    await expect(page.getByRole('button', { name: '申込を確定' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('[マイページ][講座] 非公開の講座と数字でないIDは notfound', async ({ page }) => {
    const id = await addCourse(page, { course_name: `E2E非公開講座${uniqueTag()}`, status: '2' });
    await addAndLoginStudent(page);

    await page.goto(`/mypage/course/detail/${id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
    await page.goto(`/mypage/course/applicant/${id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
    await page.goto('/mypage/course/detail/abc');
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
    await page.goto('/mypage/course/search/closed');
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
  });

  test('[マイページ][講座] 受付中・受付前の講座を一覧する（デモデータ、読み取りのみ） @phone', async ({
    page,
  }) => {
    await loginStudent(page, ACCOUNTS.student1);
    const width = page.viewportSize()?.width ?? 1280;
    const noSideScroll = async () =>
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(
        width,
      );

    await page.goto('/mypage/course/search/accepting');
    await expect(pageTab(page, '受付中の講座')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/（全\d+件）/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await noSideScroll();
    await expectAccessible(page);

    await pageTab(page, '受付前の講座').click();
    await expect(page).toHaveURL(/\/mypage\/course\/search\/before$/);
    await expect(pageTab(page, '受付前の講座')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/（全\d+件）/)).toBeVisible();
    await noSideScroll();
    await expectAccessible(page);

    // a course 24040001 has not applied to (other journeys may enter applications on the demo courses)
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .filter({ hasNotText: '申込中' })
      .first()
      .getByRole('heading', { level: 3 })
      .getByRole('link');
    if ((await first.count()) > 0) {
      await first.click();
      await expect(page).toHaveURL(/\/mypage\/course\/detail\/\d+$/);
      await expect(page.getByText('現在は申込期間外です。', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: 'この講座に申し込む' })).toHaveCount(0);
      await noSideScroll();
      await expectAccessible(page);
    }
  });
});
