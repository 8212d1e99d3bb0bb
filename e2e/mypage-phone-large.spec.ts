import type { Locator, Page } from '@playwright/test';
import { addCourseAsAdmin, addStudentAsAdmin, tokyoLocal, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * The my-page on a 320 px phone with 文字サイズ「大きい」 and the black scheme (and at 375 px): the header is
 * one line, the next class is on the top's first screen right under the statuses, 絞り込み opens where it is
 * seen, a half-filled form warns before its input is thrown away, and an expired student ID card says so.
 * Each journey makes its own student and courses through the admin API.
 */

const SMALL = { width: 320, height: 640 };
const PHONE = { width: 375, height: 740 };
/** One line of header: the 60 px buttons of the large font (48 px × 1.25), the padding and the border. */
const MAX_HEADER_PX = 100;
const PASSWORD = 'ph2632pass';
const tokyoDay = (days: number) => tokyoLocal(days).slice(0, 10);

/** The display choices as the my-page saves them (lib/prefs.ts), before any page loads. */
async function preferLargeBlack(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('color-standard', 'large');
    localStorage.setItem('screen-color', 'black');
  });
}

async function newStudent(page: Page, fields: Record<string, string> = {}) {
  await loginAdmin(page);
  const loginId = await addStudentAsAdmin(page.request, { generation: '2632', password: PASSWORD, fields });
  await page.request.get('/api/auth/admin/logout/');
  return loginId;
}

/** The element's top and bottom against the viewport. */
const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'the element has a box').not.toBeNull();
  return { top: b?.y ?? 0, bottom: (b?.y ?? 0) + (b?.height ?? 0) };
};

test.describe('[マイページ][320px・大きい文字・黒]', () => {
  test.use({ viewport: SMALL });

  test('[マイページ][トップ] 次の授業が申込の状況のすぐ下、最初の画面にあり、明日・会場・持ち物が分かる。講座の詳細にも持ち物', async ({
    page,
  }) => {
    await preferLargeBlack(page);
    await loginAdmin(page);
    const courseName = `次の授業講座${uniqueTag()}`;
    const courseId = await addCourseAsAdmin(page.request, {
      course_name: courseName,
      is_lottery: '0',
      all_times: '2',
      venue: '市民会館',
      bring: '筆記用具と上履き',
      sessions: [
        // tomorrow: a class today opens the top page instead (e2e/mypage-today-class.spec.ts)
        { day: tokyoDay(1), start: '23:00', end: '23:30', room: '第3会議室' },
        { day: tokyoDay(7), start: '10:00', end: '11:30', room: '第3会議室' },
      ],
    });
    // a course that names nothing to bring
    const plainName = `持ち物なし講座${uniqueTag()}`;
    const plainId = await addCourseAsAdmin(page.request, { course_name: plainName });
    const loginId = await addStudentAsAdmin(page.request, { generation: '2632', password: PASSWORD });
    await page.request.get('/api/auth/admin/logout/');
    await loginStudent(page, { login_id: loginId, password: PASSWORD });
    // first come: the seat is the student's at once
    const applied = await page.request.post('/api/mypage/courseapplication/', {
      data: { course_id: courseId, is_dont_canncel: '1' },
    });
    expect(applied.status(), await applied.text()).toBe(200);

    await page.goto('/mypage/top');
    await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
    const statuses = page.getByRole('region', { name: '申し込んだ講座' });
    await expect(statuses).toContainText(courseName);
    const next = page.getByRole('region', { name: '次の授業' });
    await expect(next).toBeVisible();
    // tomorrow's class, in words; the day, the time, the course, the place and what to bring
    await expect(next.getByText('明日', { exact: true })).toBeVisible();
    await expect(next).toContainText('23:00〜23:30');
    await expect(next.getByRole('link', { name: courseName })).toBeVisible();
    await expect(next).toContainText('（第1回）');
    await expect(next).toContainText('市民会館 第3会議室');
    await expect(next).toContainText('持ち物：筆記用具と上履き');
    // right under the statuses: nothing between them
    expect(
      await next.evaluate((section) => section.previousElementSibling?.querySelector('h2')?.textContent),
    ).toBe('申し込んだ講座');
    await expectAccessible(page);
    // on a 375 × 740 phone its heading is on the first screen, under one status (at 320 × 640 the one
    // status takes the first screen itself)
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await box(next.getByRole('heading', { name: '次の授業' }))).bottom).toBeLessThanOrEqual(
      PHONE.height,
    );
    await page.setViewportSize(SMALL);

    // the course's detail: 持ち物, and the calendar file named in plain words
    await next.getByRole('link', { name: courseName }).click();
    await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
    const facts = page.getByRole('main');
    await expect(facts.getByText('持ち物', { exact: true })).toBeVisible();
    await expect(facts.getByText('筆記用具と上履き', { exact: true })).toBeVisible();
    await expect(
      facts.getByRole('link', { name: '予定をカレンダーに追加（カレンダー用ファイル）' }),
    ).toBeVisible();
    await expect(facts).not.toContainText('.ics');
    await expectAccessible(page);

    // a course that names nothing to bring shows no 持ち物 row
    await page.goto(`/mypage/course/detail/${plainId}`);
    await expect(page.getByRole('heading', { level: 1, name: plainName })).toBeVisible();
    await expect(page.getByRole('main').getByText('持ち物', { exact: true })).toHaveCount(0);
  });

  test('[マイページ][ヘッダー] ヘッダーは1行で、設定から表示の選択とログアウト。絞り込みは開くと画面に見える', async ({
    page,
  }) => {
    await preferLargeBlack(page);
    const loginId = await newStudent(page);
    await loginStudent(page, { login_id: loginId, password: PASSWORD });

    await page.goto('/mypage/course/search/accepting');
    await expect(page.getByRole('heading', { level: 1, name: '講座を探す' })).toBeVisible();
    const header = page.getByRole('banner');
    const site = header.getByRole('link', { name: 'まなび マイページ' });
    const card = header.getByRole('button', { name: '学生証' });
    const settings = header.getByRole('button', { name: '設定', exact: true });
    // one line: the site name, 学生証 and 設定 side by side, the whole header no taller than one button row
    const [siteBox, cardBox, settingsBox] = await Promise.all([box(site), box(card), box(settings)]);
    for (const b of [cardBox, settingsBox]) {
      expect(b.top).toBeLessThan(siteBox.bottom);
      expect(b.bottom).toBeGreaterThan(siteBox.top);
    }
    expect((await box(header)).bottom - (await box(header)).top).toBeLessThanOrEqual(MAX_HEADER_PX);
    await expect(header.getByRole('button', { name: 'ログアウト' })).toHaveCount(0);

    // 絞り込み, low on the first screen, opens the form where it is seen, its heading focused
    const toggle = page.getByRole('button', { name: /^絞り込み/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const formHeading = page.getByRole('heading', { level: 2, name: '講座を検索する' });
    await expect(formHeading).toBeFocused();
    await expect(formHeading).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'キーワード' })).toBeInViewport();
    // the next Tab is the form's first field
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'キーワード' })).toBeFocused();
    await expectAccessible(page);

    // 設定: the greeting, the display choices and ログアウト
    await settings.click();
    const dialog = page.getByRole('dialog', { name: '設定' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('さん、こんにちは');
    await expect(dialog.getByRole('radiogroup', { name: '文字サイズ' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/mypage\/login/);
  });

  test('[マイページ][学生証] 有効期限が切れた学生証は、切れていることと事務局の電話番号を文字で示す', async ({
    page,
  }) => {
    await preferLargeBlack(page);
    // issued in April 2022: valid to 31 March 2024
    const expired = await newStudent(page, { date_issue_num: '2022-04-01' });
    await loginStudent(page, { login_id: expired, password: PASSWORD });
    await page.goto('/mypage/top');
    await page.getByRole('banner').getByRole('button', { name: '学生証' }).click();
    const cardDialog = page.getByRole('dialog', { name: '学生証' });
    await expect(cardDialog).toContainText('この学生証は有効期限が切れています');
    await expect(cardDialog).toContainText('有効期限は2024年3月31日まででした。');
    await expect(cardDialog).toContainText('事務局にお問い合わせください');
    const phone = cardDialog.getByRole('link', { name: /^\d{2,4}-\d{2,4}-\d{3,4}$/ });
    await expect(phone).toHaveAttribute('href', /^tel:\d+$/);
    await expect(cardDialog).toContainText('2024年3月31日（期限切れ）');
    // said first, before the check-in code
    expect((await box(cardDialog.getByText('この学生証は有効期限が切れています'))).top).toBeLessThan(
      (await box(cardDialog.getByRole('heading', { name: '出席受付のQRコード' }))).top,
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.request.get('/api/auth/mypage/logout/');

    // a card issued today is valid: nothing of the kind
    const valid = await newStudent(page, { date_issue_num: tokyoDay(0) });
    await loginStudent(page, { login_id: valid, password: PASSWORD });
    await page.goto('/mypage/top');
    await page.getByRole('banner').getByRole('button', { name: '学生証' }).click();
    const validCard = page.getByRole('dialog', { name: '学生証' });
    await expect(validCard).toContainText('まなび市民大学 学生証');
    await expect(validCard).not.toContainText('有効期限が切れています');
    await expect(validCard).not.toContainText('期限切れ');
  });
});

test.describe('[マイページ][入力中の移動]', () => {
  test.use({ viewport: PHONE });

  test('[マイページ][連絡先の変更] 入力途中でほかのページへ移る・再読み込みすると確かめ、保存した後は確かめない', async ({
    page,
  }) => {
    const loginId = await newStudent(page);
    await loginStudent(page, { login_id: loginId, password: PASSWORD });
    const phone1 = page.getByRole('textbox', { name: '電話番号1' });
    const warning = page.getByRole('alertdialog', { name: '入力した内容は保存されていません' });
    const siteLink = page.getByRole('banner').getByRole('link', { name: 'まなび マイページ' });

    // nothing typed: leaving asks nothing
    await page.goto('/mypage/user/update');
    await expect(phone1).toBeVisible();
    await siteLink.click();
    await expect(page).toHaveURL(/\/mypage\/top$/);

    // half-filled: an in-app move asks, and 「このページに残る」 keeps what was typed
    await page.goto('/mypage/user/update');
    await phone1.fill('03-2222-3333');
    await siteLink.click();
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'このページに残る' })).toBeFocused();
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'このページに残る' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/mypage\/user\/update$/);
    await expect(phone1).toHaveValue('03-2222-3333');

    // a reload or closing the tab: the browser's own question
    const asked = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    // 入力をやめて移動する leaves
    await siteLink.click();
    await warning.getByRole('button', { name: '入力をやめて移動する' }).click();
    await expect(page).toHaveURL(/\/mypage\/top$/);

    // saved: leaving asks nothing
    await page.goto('/mypage/user/update');
    await phone1.fill('03-2222-4444');
    await page.getByRole('button', { name: '変更内容を確認' }).click();
    await page.getByRole('button', { name: '変更を確定' }).click();
    await expect(page.getByText('連絡先の変更が完了しました')).toBeVisible();
    await page.getByRole('link', { name: '利用者情報へ戻る' }).click();
    await expect(page).toHaveURL(/\/mypage\/user$/);
    await expect(warning).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('03-2222-4444');
  });
});
