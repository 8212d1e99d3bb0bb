import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addStudentAsAdmin } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, pageTab, test } from './fixtures';

/**
 * Admin notices: list, detail with the publisher list, the new/update form with the
 * course-selection modal. Desktop and phone share one database per run: the phone journey only reads; the
 * desktop ones write notices of their own (titles unique per run). Notices the journeys make are 非公開
 * unless the journey needs a student to see one, so the my-page counts other journeys read stay put.
 */

const DEFAULT_MAIL_TITLE = 'まなび市民大学からのお知らせ';
const EDO = '江戸の町と暮らし';

/** Picks a radio choice the way a user does: a click on its visible label (the radio is visually hidden). */
const pick = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

/** A field by its label, whether or not it carries the 「必須」 badge. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

/** Chooses `option` in the drop-down labelled `label` (react-aria Select: a button and a list box). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}(\\s|$)`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** At 375 px the page itself never scrolls sideways (wide tables scroll inside their own region). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const stamp = () => `${Date.now()}`;

/** A request context logged in as the full admin (dispose it after use). */
async function adminRequest(playwright: {
  request: { newContext: (o: object) => Promise<APIRequestContext> };
}) {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin });
  expect(login.status()).toBe(200);
  return request;
}

/**
 * 24040002 (also generation 2404) reads the new notice at once: the my-page news journey counts that
 * student's unread notices, and a notice appearing in the middle of it would change the count.
 */
async function markReadAsStudent2(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  noticeId: number,
) {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await request.post('/api/auth/mypage/login/', { data: ACCOUNTS.student2 })).status()).toBe(200);
  expect((await request.post('/api/mypage/news/addread/', { data: { notice_id: noticeId } })).status()).toBe(
    200,
  );
  await request.dispose();
}

/** A non-public notice to everyone, made through the API (for the list and update journey). */
const hiddenNoticeBody = (title: string) => ({
  category_id: '',
  title,
  content: '一覧と変更の確認用です。',
  reference_url1: '',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '',
  period_to: '',
  is_control: '2',
  published_to: '1',
  generation_id: '',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '0',
  email_title: '',
});

async function addHiddenNotice(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.post('/api/admin/notice/add/', { data: hiddenNoticeBody(title) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** A student of another generation (2510), approved, with a password, added through the admin API. */
async function addOtherGenerationStudent(request: APIRequestContext) {
  const loginId = `2510${stamp().slice(-4)}`;
  const password = 'other2510pw';
  await addStudentAsAdmin(request, {
    generation: '2510',
    loginId,
    password,
    fields: {
      name: '別期 花子',
      name_kana: 'ベッキ ハナコ',
      birthday: '1960-01-01',
      phone_1: '03-1111-2510',
      mail_1: '',
      mail_1_confirm: '',
      emergency_name: '',
      emergency_emereletion: '',
      emergency_phone: '',
      filing_date: '2025-10-01',
    },
  });
  return { login_id: loginId, password };
}

test('[管理][お知らせ] 期生2404へメール付きで作成すると、その期生だけに表示され、既読が配信先一覧に出る', async ({
  page,
  playwright,
}) => {
  const request = await adminRequest(playwright);
  const other = await addOtherGenerationStudent(request);
  await request.dispose();
  const title = `E2E期生お知らせ${stamp()}`;

  await loginAdmin(page);
  await page.goto('/admin/notification');
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'お知らせ一覧' })).toContainText('年末年始の窓口休業について');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'お知らせを新規作成' }).click();
  await expect(page).toHaveURL(/\/admin\/notification\/detail\/new\/0$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの新規作成' })).toBeVisible();
  // SPEC §4 defaults: 公開, 全員, mail on with the default subject
  await expect(
    page.getByRole('radiogroup', { name: /公開状態/ }).getByRole('radio', { name: '公開', exact: true }),
  ).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: /配信先/ }).getByRole('radio', { name: '全員', exact: true }),
  ).toBeChecked();
  await expect(field(page, 'メールの件名')).toHaveValue(DEFAULT_MAIL_TITLE);
  await expectAccessible(page);

  // target 2 without a generation: the message on 期生ID
  await field(page, 'タイトル').fill(title);
  await field(page, '本文').fill('2404期生の皆さまへ。\n次回の集まりのご案内です。');
  await field(page, '参考URL1').fill('https://www.city.example.jp/manabi/e2e');
  await pick(page, '配信先', '期生');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('link', { name: '期生ID：この項目を入力してください' })).toBeVisible();
  await expect(field(page, '期生ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { level: 2, name: '入力' })).toBeVisible();
  await expectAccessible(page);

  // mail off hides the subject; on again brings the default back
  await pick(page, 'メール', '知らせない');
  await expect(field(page, 'メールの件名')).toHaveCount(0);
  await pick(page, 'メール', 'メールで知らせる');
  await expect(field(page, 'メールの件名')).toHaveValue(DEFAULT_MAIL_TITLE);

  await field(page, '期生ID').fill('2404');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText(/期生2404の学生全員/)).toBeVisible();
  await expect(
    page.getByText(`件名「${DEFAULT_MAIL_TITLE}」のメールを送信します`, { exact: false }),
  ).toBeVisible();
  await expect(field(page, 'タイトル')).toHaveCount(0); // read-only now
  await expectAccessible(page);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを登録しました')).toBeVisible();
  const detailLink = page.getByRole('link', { name: 'お知らせ詳細へ' });
  const noticeId = Number(/detail\/(\d+)$/.exec((await detailLink.getAttribute('href')) ?? '')?.[1]);
  expect(noticeId).toBeGreaterThan(0);
  await markReadAsStudent2(playwright, noticeId);
  await expectAccessible(page);
  await detailLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ詳細' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /https:\/\/www\.city\.example\.jp\/manabi\/e2e/ }),
  ).toBeVisible();
  await expect(page.getByText('期生2404の学生全員')).toBeVisible();
  await expectAccessible(page);

  // the student of generation 2404 sees it and opens it (which marks it read)
  await loginStudent(page);
  await page.goto('/mypage/news/2');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('次回の集まりのご案内です。')).toBeVisible();

  // a student of another generation does not
  await loginStudent(page, other);
  await page.goto('/mypage/news/2');
  await expect(page.getByRole('heading', { level: 1, name: 'あなたへのお知らせ' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.goto(`/mypage/news/detail/${noticeId}`);
  await expect(page).toHaveURL(/\/mypage\/notfound$/);

  // the publisher list: 24040001 with a read time, the other generation absent
  await page.goto(`/admin/notification/detail/${noticeId}`);
  await pageTab(page, '配信先一覧').click();
  await expect(page).toHaveURL(/tab=2/);
  const table = page.getByRole('table', { name: '配信先一覧' });
  const row = table.getByRole('row').filter({ hasText: ACCOUNTS.student1.login_id });
  await expect(row).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
  await expect(row).not.toContainText('未読');
  await expect(table).not.toContainText(other.login_id);
  await expectAccessible(page);

  // search: unread only → 24040001 is gone
  await choose(page, '既読状況', '未読');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/is_read=0/);
  await expect(table.getByRole('row').filter({ hasText: ACCOUNTS.student1.login_id })).toHaveCount(0);
  await expectAccessible(page);
});

test('[管理][お知らせ] 一覧をタイトルで探し、詳細から変更する（ほかの人の更新は上書きしない）', async ({
  page,
  playwright,
}) => {
  const request = await adminRequest(playwright);
  const title = `E2E変更前${stamp()}`;
  const noticeId = await addHiddenNotice(request, title);
  await request.dispose();

  await loginAdmin(page);
  await page.goto('/admin/notification');
  await field(page, 'タイトル').fill(title);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/title=/);
  const table = page.getByRole('table', { name: 'お知らせ一覧' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one match
  await expect(table.getByRole('row').nth(1)).toContainText('非公開');
  // sortable header
  await table.getByRole('button', { name: /作成日/ }).click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  expect((await download).suggestedFilename()).toMatch(/^notice_\d{14}\.csv$/);
  await expectAccessible(page);

  await table.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ詳細' })).toBeVisible();
  await page.getByRole('link', { name: 'お知らせを変更' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの変更' })).toBeVisible();
  await expect(field(page, 'タイトル')).toHaveValue(title);
  await expect(field(page, 'メールの件名')).toHaveCount(0); // stored without mail
  await expectAccessible(page);

  // someone else saves the notice meanwhile: 409 is shown, nothing is overwritten
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  const other = await adminRequest(playwright);
  const current = await (await other.get(`/api/admin/notice/detail/?id=${noticeId}`)).json();
  const saved = await other.post('/api/admin/notice/update/', {
    data: {
      ...hiddenNoticeBody(title),
      remarks: 'ほかの人の変更',
      id: noticeId,
      updated_at: current.updated_at,
    },
  });
  expect(saved.status()).toBe(200);
  await other.dispose();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText(/ほかの人が先に更新しました/)).toBeVisible();
  await page.reload();
  await expect(field(page, '備考')).toHaveValue('ほかの人の変更');

  const changed = title.replace('変更前', '変更後');
  await field(page, 'タイトル').fill(changed);
  await field(page, '掲載開始日時').fill('2026-04-01T10:00');
  await field(page, '掲載終了日時').fill('2026-03-31T10:00');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('終了日時は開始日時以降に設定してください').first()).toBeVisible();
  await field(page, '掲載終了日時').fill('2027-03-31T17:00');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('2026年4月1日 10:00')).toBeVisible();
  await expect(page.getByText('非公開のため', { exact: false })).toHaveCount(0); // mail is off
  await expect(page.getByText('メールは送信しません。')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを更新しました')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'お知らせ詳細へ' }).click();
  await expect(page.getByText(changed).first()).toBeVisible();
  await expect(page.getByText('2027年3月31日 17:00')).toBeVisible();
  await page.getByRole('link', { name: 'お知らせ一覧へ戻る' }).click();
  await expect(page).toHaveURL(/\/admin\/notification$/);
});

test('[管理][お知らせ] 講座を選んで申込者（抽選待ち）へのお知らせを作り、配信先一覧を見る', async ({
  page,
}) => {
  const title = `E2E講座お知らせ${stamp()}`;
  await loginAdmin(page);
  await page.goto('/admin/notification/detail/new/0');
  await field(page, 'タイトル').fill(title);
  await field(page, '本文').fill('抽選待ちの方へのお知らせです。');
  await pick(page, '公開状態', '非公開');
  await pick(page, '配信先', '講座の申込者');
  await pick(page, 'メール', '知らせない');

  // no course yet
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('link', { name: '講座：この項目を入力してください' })).toBeVisible();

  // the course is chosen by its code or name as one types, by keyboard alone, never by a number
  const picker = page.getByRole('combobox', { name: /^講座/ });
  await picker.focus();
  await page.keyboard.type('c260');
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: new RegExp(`^C2601 ${EDO}`) })).toBeVisible();
  await expect(options.getByRole('option', { name: /^C2602 / })).toBeVisible();
  await page.keyboard.type('1');
  await expect(options.getByRole('option', { name: /^C2602 / })).toHaveCount(0);
  await expect(options.getByRole('option').first()).toHaveAccessibleName(new RegExp(`^C2601 ${EDO}`));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(`C2601 ${EDO}`);
  await expect(options).toHaveCount(0);
  await expectAccessible(page);
  // by a part of the name, in the same way
  await picker.fill('');
  await page.keyboard.type('江戸の町');
  await expect(options.getByRole('option').first()).toHaveAccessibleName(new RegExp(`^C2601 ${EDO}`));
  await expect(options.getByRole('option', { name: /^C2606 / })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(`C2601 ${EDO}`);
  await choose(page, '抽選状況', '抽選待ち');
  await expectAccessible(page);

  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText(`講座『${EDO}』の申込者（抽選待ち）`, { exact: false })).toBeVisible();
  await expect(page.getByText(EDO, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを登録しました')).toBeVisible();

  await page.getByRole('link', { name: 'お知らせ詳細へ' }).click();
  await pageTab(page, '配信先一覧').click();
  const table = page.getByRole('table', { name: '配信先一覧' });
  await expect(table.getByRole('columnheader', { name: /抽選状況/ })).toBeVisible();
  // 24040002 waits for the lottery of 江戸の町と暮らし in the demo data; every row listed is pending
  await expect(table.getByRole('row').filter({ hasText: ACCOUNTS.student2.login_id })).toContainText(
    '抽選待ち',
  );
  const bodyRows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  const count = await bodyRows.count();
  for (let i = 0; i < count; i++) await expect(bodyRows.nth(i)).toContainText('抽選待ち');
  await expectAccessible(page);

  // the notice list finds it by its course, chosen the same way (no number to look up)
  await page.goto('/admin/notification');
  const coursePicker = page.getByRole('combobox', { name: /^配信先の講座/ });
  await coursePicker.focus();
  await page.keyboard.type('C2601');
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAccessibleName(
    new RegExp(`^C2601 ${EDO}`),
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await field(page, 'タイトル').fill(title);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/course_id=\d+/);
  const found = page.getByRole('table', { name: 'お知らせ一覧' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found).toContainText(title);
  // a reload names the chosen course again
  await page.reload();
  await expect(page.getByRole('combobox', { name: /^配信先の講座/ })).toHaveValue(`C2601 ${EDO}`);
  await expectAccessible(page);
});

test('[管理][お知らせ] 確認画面と完了画面が、対象の人数とメールを送る人数を言う', async ({
  page,
  playwright,
}) => {
  // a generation of this journey's own: three students, one of whom can be mailed
  const generation = '2719';
  const password = 'taisho2719';
  const request = await adminRequest(playwright);
  await addStudentAsAdmin(request, { generation, password, fields: { is_email: '1' } });
  await addStudentAsAdmin(request, {
    generation,
    password,
    fields: { is_email: '1', mail_1: '', mail_1_confirm: '' },
  });
  await addStudentAsAdmin(request, { generation, password }); // does not accept mail
  await request.dispose();

  await loginAdmin(page);
  await page.goto('/admin/notification/detail/new/0');
  await field(page, 'タイトル').fill(`E2E対象の人数${stamp()}`);
  await field(page, '本文').fill('2719期生の皆さまへ。');
  await pick(page, '配信先', '期生');
  await field(page, '期生ID').fill(generation);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText('対象：3人（うちメール 1人）', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // mail off: nobody is mailed; back on: the one again
  await page.getByRole('button', { name: '戻る', exact: true }).click();
  await pick(page, 'メール', '知らせない');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('対象：3人（うちメール 0人）', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '戻る', exact: true }).click();
  await pick(page, 'メール', 'メールで知らせる');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('対象：3人（うちメール 1人）', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを登録しました')).toBeVisible();
  await expect(page.getByText('対象：3人（うちメール 1人）', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // changed later: the one mailed already is not mailed again
  await page.getByRole('link', { name: 'お知らせ詳細へ' }).click();
  await page.getByRole('link', { name: 'お知らせを変更' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの変更' })).toBeVisible();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('対象：3人（うちメール 0人）', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('お知らせを更新しました')).toBeVisible();
  await expect(page.getByText('対象：3人（うちメール 0人）', { exact: true })).toBeVisible();
});

test('[管理][お知らせ] 一覧・詳細・配信先一覧・入力画面をスマートフォン幅で読む @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/notification?title=%E5%B9%B4%E6%9C%AB%E5%B9%B4%E5%A7%8B');
  const table = page.getByRole('table', { name: 'お知らせ一覧' });
  await table.getByRole('link', { name: '年末年始の窓口休業について' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせ詳細' })).toBeVisible();
  await expect(page.getByText('12月29日から1月3日まで', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await pageTab(page, '配信先一覧').click();
  await expect(page.getByRole('table', { name: '配信先一覧' })).toContainText(ACCOUNTS.student1.login_id);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto('/admin/notification/detail/new/0');
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせの新規作成' })).toBeVisible();
  await pick(page, '配信先', '講座の申込者');
  const picker = page.getByRole('combobox', { name: /^講座/ });
  await expect(picker).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  // large text (the font-size preference) still fits
  await page.evaluate(() => document.documentElement.setAttribute('data-font', 'large'));
  await expectNoSidewaysScroll(page);
  // the course picker, keyboard only: its list opens with the arrow key and closes with Escape
  await picker.focus();
  // focusing scrolled the page; a scroll event that lands after the list opened closes it (react-aria's
  // non-modal popover closes on scroll), which a person, pressing the arrow a moment later, never meets
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  await page.keyboard.press('ArrowDown');
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: /^C\d{4} / }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  await expect(picker).toBeFocused();
  await expectAccessible(page);

  // a notice that does not exist
  await page.goto('/admin/notification/detail/999999');
  await expect(page).toHaveURL(/\/admin\/404$/);
});
