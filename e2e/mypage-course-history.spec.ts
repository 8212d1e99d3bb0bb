import type { APIRequestContext, Page } from '@playwright/test';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
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
 * My-page application status and attendance history, and cancelling an application (SPEC §2
 * course/applied, course/attended, course/cancel; §4 Cancel). Every write uses a student and courses the
 * journey adds itself through the admin API (generation 2507): the demo students are only read.
 */

const GENERATION = '2507';

/** A public lottery course (as admin); returns its id. */
const addCourse = (
  request: APIRequestContext,
  name: string,
  over: { cancel: '0' | '1'; from: number; to: number; keyword?: string },
) =>
  addCourseAsAdmin(request, {
    course_name: name,
    organ: '履歴テスト市民大学',
    period_f: tokyoLocal(over.from),
    period_t: tokyoLocal(over.to),
    cancel: over.cancel,
    keyword: over.keyword ?? '',
    tuition_fee: '0',
  });

/** An approved student of generation 2507 (as admin); returns the login id. */
const addStudent = (request: APIRequestContext, password: string) =>
  addStudentAsAdmin(request, {
    generation: GENERATION,
    password,
    fields: { name: '履歴 太郎', name_kana: 'リレキ タロウ' },
  });

interface Setup {
  loginId: string;
  userId: number;
  password: string;
  open: { id: number; name: string };
  other: { id: number; name: string };
  closed: { id: number; name: string };
}

/**
 * A new student with three applications: an open cancellable course and a second open one (applied by the
 * student on the my-page), and a no-cancel course whose application period has ended (added by the office).
 */
async function setUp(page: Page): Promise<Setup> {
  const tag = uniqueTag();
  const password = 'rireki2507';
  await loginAdmin(page);
  const loginId = await addStudent(page.request, password);
  const open = { name: `履歴テスト園芸講座${tag}`, id: 0 };
  const other = { name: `履歴テスト写真講座${tag}`, id: 0 };
  const closed = { name: `履歴テスト終了講座${tag}`, id: 0 };
  open.id = await addCourse(page.request, open.name, { cancel: '1', from: -1, to: 10, keyword: '園芸' });
  other.id = await addCourse(page.request, other.name, { cancel: '1', from: -1, to: 10, keyword: '写真' });
  closed.id = await addCourse(page.request, closed.name, { cancel: '0', from: -10, to: -1 });
  const userId = await addApplicantAsAdmin(page.request, closed.id, loginId);
  await page.request.get('/api/auth/admin/logout/');

  await loginStudent(page, { login_id: loginId, password });
  for (const course of [open, other]) {
    const res = await page.request.post('/api/mypage/courseapplication/', {
      data: { course_id: course.id, is_dont_canncel: '1' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { loginId, userId, password, open, other, closed };
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test.describe('[マイページ][申込状況]', () => {
  test('[マイページ][申込状況] 申込をキャンセルし、キャンセル済みは「キャンセル」で探せる', async ({
    page,
  }) => {
    const s = await setUp(page);
    await page.goto('/mypage/course/applied');
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
    await expect(pageTab(page, '申込状況')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('※講座によっては、申込期間の終了後はキャンセルできません。')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /（全3件）/ })).toBeVisible();

    const openCard = card(page, s.open.name);
    await expect(openCard.getByText('抽選待ち')).toBeVisible();
    await expect(openCard.getByText('履歴テスト市民大学')).toBeVisible();
    await expect(openCard.getByRole('link', { name: s.open.name, exact: true })).toHaveAttribute(
      'href',
      `/mypage/course/detail/${s.open.id}`,
    );
    // the link's name says which course it cancels
    const cancelLink = openCard.getByRole('link', {
      name: `申込をキャンセルする （${s.open.name}）`,
      exact: true,
    });
    await expect(cancelLink).toHaveAttribute('href', `/mypage/course/cancel/${s.open.id}`);
    await expectAccessible(page);

    // 戻る returns to the applied list (arrived with prev=2)
    await cancelLink.click();
    await expect(page.getByRole('heading', { level: 1, name: '申込のキャンセル' })).toBeVisible();
    await expect(page.getByText(s.open.name, { exact: true })).toBeVisible();
    await expect(page.getByText(s.loginId, { exact: true })).toBeVisible();
    await expect(page.getByText('履歴 太郎', { exact: true })).toBeVisible();
    await expect(page.getByText('03-1111-2507', { exact: true })).toBeVisible();
    await expect(page.getByText('－', { exact: true })).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('link', { name: '戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/course\/applied$/);

    await card(page, s.open.name)
      .getByRole('link', { name: /申込をキャンセルする/ })
      .click();
    await page.getByRole('button', { name: '受講をキャンセルする' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: '講座のキャンセルが完了しました' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: '申込状況へ' }).click();
    await expect(page).toHaveURL(/\/mypage\/course\/applied$/);
    await expect(page.getByRole('heading', { level: 2, name: /（全2件）/ })).toBeVisible();
    await expect(card(page, s.other.name)).toBeVisible();
    await expect(card(page, s.open.name)).toHaveCount(0);

    // ticking キャンセル shows it again, cancelled and without a cancel link
    const lottery = page.getByRole('group', { name: '抽選状況' });
    await lottery.getByText('キャンセル', { exact: true }).click();
    await expect(lottery.getByRole('checkbox', { name: 'キャンセル', exact: true })).toBeChecked();
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(page).toHaveURL(/lottery_status_4=1/);
    const cancelled = card(page, s.open.name);
    await expect(cancelled.getByText('キャンセル', { exact: true })).toBeVisible();
    await expect(cancelled.getByRole('link', { name: /申込をキャンセルする/ })).toHaveCount(0);
    await expectAccessible(page);

    // the cancel page of a cancelled application is not found
    await page.goto(`/mypage/course/cancel/${s.open.id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
  });

  test('[マイページ][申込状況] 申込期間が終わった取消不可の講座にはキャンセルの案内を出さない', async ({
    page,
  }) => {
    const s = await setUp(page);
    await page.goto('/mypage/course/applied');
    const closedCard = card(page, s.closed.name);
    await expect(closedCard).toBeVisible();
    await expect(closedCard.getByText('抽選待ち')).toBeVisible();
    await expect(closedCard.getByRole('link', { name: /申込をキャンセルする/ })).toHaveCount(0);
    await expect(card(page, s.open.name).getByRole('link', { name: /申込をキャンセルする/ })).toBeVisible();

    await page.goto(`/mypage/course/cancel/${s.closed.id}`);
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();

    // a non-numeric id is not found either
    await page.goto('/mypage/course/cancel/abc');
    await expect(page).toHaveURL(/\/mypage\/notfound$/);
  });

  test('[マイページ][申込状況] キーワードで絞り込み、条件はURLに残る', async ({ page }) => {
    const s = await setUp(page);
    await page.goto('/mypage/course/applied');
    await expect(page.getByRole('heading', { level: 2, name: /（全3件）/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'キーワード' }).fill('写真講座');
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByRole('heading', { level: 2, name: /（全1件）/ })).toBeVisible();
    await expect(card(page, s.other.name)).toBeVisible();
    await expect(card(page, s.open.name)).toHaveCount(0);
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'キーワード' })).toHaveValue('写真講座');
    await expect(page.getByRole('heading', { level: 2, name: /（全1件）/ })).toBeVisible();

    await page.getByRole('textbox', { name: 'キーワード' }).fill('該当しない言葉xyz');
    await page.getByRole('button', { name: '検索する' }).click();
    await expect(page.getByText('該当する講座はありません。')).toBeVisible();

    await page.getByRole('button', { name: '条件をクリア' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /（全3件）/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'キーワード' })).toHaveValue('');
  });

  test('[マイページ][申込状況] キーボードだけでキャンセル画面へ進める', async ({ page }) => {
    const s = await setUp(page);
    await page.goto('/mypage/course/applied');
    const target = card(page, s.open.name).getByRole('link', { name: /申込をキャンセルする/ });
    await expect(target).toBeVisible();
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'the cancel link is reachable with Tab').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '申込のキャンセル' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/mypage/course/cancel/${s.open.id}$`));
  });

  test('[マイページ][申込状況] 事務局が先に申込を変更していたら、知らせて最新の内容を読み直す', async ({
    page,
    playwright,
  }) => {
    const s = await setUp(page);
    await page.goto(`/mypage/course/cancel/${s.open.id}`);
    await expect(page.getByRole('heading', { level: 1, name: '申込のキャンセル' })).toBeVisible();

    // meanwhile the office marks the application 当選 (its updated_at changes)
    const office = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await office.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
    const detail = (await (
      await office.get(`/api/admin/courseapplicantdetail/?id=${s.open.id}&user_id=${s.userId}&is_edit=1`)
    ).json()) as Record<string, unknown>;
    const attendance = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, detail[`attendance${i + 1}`] ?? '']),
    );
    const updated = await office.post('/api/admin/courseapplicantdetail/update/', {
      data: {
        course_id: s.open.id,
        user_id: s.userId,
        lottery_status: '2',
        attendance_status: detail.attendance_status,
        ...attendance,
        acquisition_unit: String(detail.acquisition_unit ?? 0),
        remarks: '',
        updated_at: detail.updated_at,
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    await office.dispose();

    await page.getByRole('button', { name: '受講をキャンセルする' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      '申込の内容がほかの操作で変更されました。内容をもう一度ご確認ください。',
    );
    await expect(alert).toBeFocused();
    // scan the settled page: while the view is read again the button is briefly dimmed (pending)
    await expect(page.getByRole('button', { name: '受講をキャンセルする' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    // the view was read again, so a second press goes through
    await page.getByRole('button', { name: '受講をキャンセルする' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: '講座のキャンセルが完了しました' }),
    ).toBeVisible();
  });
});

test.describe('[マイページ][申込状況][辞退とキャンセル]', () => {
  test('[マイページ][申込状況] 確定・辞退・キャンセルが並ぶところでは、辞退とキャンセルの違いを一文で示す @phone', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const password = 'jitai2507';
    const name = `履歴テスト辞退講座${tag}`;
    await loginAdmin(page);
    // a closed, cancellable lottery course of one seat; the winner has a week to confirm
    const courseId = await addCourse(page.request, name, { cancel: '1', from: -10, to: -1 });
    const winner = await addStudent(page.request, password);
    await addApplicantAsAdmin(page.request, courseId, winner);
    const drawn = await page.request.post('/api/admin/courseapplicantlist/lottery/', {
      data: { id: courseId, win_num: 1, waitlist: '1', confirm_days: 7, tiers: [] },
    });
    expect(drawn.status(), await drawn.text()).toBe(200);
    await page.request.get('/api/auth/admin/logout/');

    await loginStudent(page, { login_id: winner, password });
    const explained =
      'キャンセル：申込そのものを取り消します。辞退：当選した席をお返しします（次の補欠の方に回ります）。';
    await page.goto('/mypage/course/applied');
    const item = card(page, name);
    await expect(item.getByRole('button', { name: /^辞退する/ })).toBeVisible();
    await expect(item.getByRole('link', { name: /^申込をキャンセルする/ })).toBeVisible();
    await expect(item.getByText(explained)).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/mypage/course/detail/${courseId}`);
    await expect(page.getByRole('button', { name: /^辞退する/ })).toBeVisible();
    await expect(page.getByRole('link', { name: '申込をキャンセルする' })).toBeVisible();
    await expect(page.getByText(explained)).toBeVisible();

    // the top page offers 辞退 but no cancel link: nothing to tell apart there
    await page.goto('/mypage/top');
    await expect(page.getByRole('button', { name: /^辞退する/ })).toBeVisible();
    await expect(page.getByText(explained)).toHaveCount(0);

    // once confirmed, only キャンセル is left: the sentence goes too
    await page.goto('/mypage/course/applied');
    await card(page, name)
      .getByRole('button', { name: /^受講を確定する/ })
      .click();
    await expect(card(page, name).getByRole('button', { name: /^辞退する/ })).toHaveCount(0);
    await expect(card(page, name).getByRole('link', { name: /^申込をキャンセルする/ })).toBeVisible();
    await expect(page.getByText(explained)).toHaveCount(0);
  });
});

test.describe('[マイページ][受講履歴]', () => {
  test('[マイページ][受講履歴] 講座で取得した単位と入学前からの繰越を表示する @phone', async ({ page }) => {
    await loginStudent(page, ACCOUNTS.student1);
    await page.goto('/mypage/course/attended');
    await expect(page.getByRole('heading', { level: 1, name: '申込状況・受講履歴' })).toBeVisible();
    await expect(pageTab(page, '受講履歴')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('取得した単位', { exact: true })).toBeVisible();
    // the attended tab has no lottery search
    await expect(page.getByRole('checkbox', { name: '抽選待ち' })).toHaveCount(0);

    const listed = page.getByTestId('acquired-unit');
    await expect(listed.first()).toBeVisible();
    const api = (await (await page.request.get('/api/mypage/attendedcourselist/?page=1')).json()) as {
      total: number;
      page_size: number;
      acquisition_unit_sum: number;
      carried_units: number;
      data_list: { acquisition_unit: number | null }[];
    };
    // the two figures, each with its meaning: earned in the courses, carried from before
    const line = (await page.getByTestId('unit-sum').textContent()) ?? '';
    const [, earned, carried] =
      line.match(/^これまでの講座で取得 ([\d,]+)単位 ／ 入学前からの繰越 ([\d,]+)単位/) ?? [];
    const shownSum = Number((earned ?? '').replace(/,/g, ''));
    expect(shownSum).toBe(api.acquisition_unit_sum);
    expect(Number((carried ?? '').replace(/,/g, ''))).toBe(api.carried_units);
    await expect(
      page.getByText('入学の前に取得して事務局が引き継いだ単位です', { exact: false }),
    ).toBeVisible();
    expect(shownSum).toBeGreaterThan(0);
    // one total: the rows' units add up to it, and the transcript says the same number
    if (api.total <= api.page_size) {
      const units = (await listed.allTextContents()).map(Number);
      expect(units.length).toBe(api.data_list.filter((r) => r.acquisition_unit !== null).length);
      expect(units.reduce((a, b) => a + b, 0)).toBe(shownSum);
    }
    const transcript = (await (await page.request.get('/api/mypage/transcript/')).json()) as {
      acquisition_unit_sum: number;
    };
    expect(transcript.acquisition_unit_sum).toBe(shownSum);
    await expect(page.getByText('出席1回あたりの単位').first()).toBeVisible();
    // a course that ended and that the office has since made 非公開 reads just that it ended
    const shodo = '【終了】書道入門';
    await expect(page.getByRole('heading', { level: 3, name: shodo })).toBeVisible();
    await expect(page.getByText('非公開')).toHaveCount(0);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // the transcript: the weekly time under a label of its own, never read as part of the 受講期間
    await page.goto('/mypage/transcript');
    await expect(page.getByRole('heading', { level: 1, name: '受講・単位の記録' })).toBeVisible();
    const fromDay = /^\d{4}年\d{1,2}月\d{1,2}日から$/;
    if ((page.viewportSize()?.width ?? 1280) < 640) {
      const item = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: shodo }) });
      const value = (term: string) =>
        item
          .locator('dl > div')
          .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
          .getByRole('definition');
      await expect(value('受講期間')).toHaveText(fromDay);
      await expect(value('開催日')).toHaveText('毎週金曜 13:00〜15:00');
    } else {
      const table = page.getByRole('table', { name: '受講した講座と取得単位' });
      await expect(table.getByRole('columnheader')).toHaveText([
        '講座名',
        '実施機関',
        '受講期間',
        '開催日',
        '取得単位',
      ]);
      await expect(table.getByRole('row').filter({ hasText: shodo }).getByRole('cell')).toHaveText([
        'まなび市民大学',
        fromDay,
        '毎週金曜 13:00〜15:00',
        /単位$/,
      ]);
    }
    await expect(page.getByText('非公開')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/mypage/course/attended');
    await pageTab(page, '申込状況').click();
    await expect(page).toHaveURL(/\/mypage\/course\/applied$/);
    await expect(pageTab(page, '申込状況')).toHaveAttribute('aria-current', 'page');
    await openSearchForm(page);
    await expect(page.getByRole('group', { name: '抽選状況' })).toBeVisible();
    await expectAccessible(page);
  });
});
