import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * Admin students: the new/update form and the approval. Desktop and phone share one database
 * per run: the phone journey only reads; the desktop ones write their own students (generation 2603)
 * or the two demo admissions.
 */

/** Picks a radio choice the way a user does: a click on its visible label (the radio is visually hidden). */
const pick = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();

/** A field by its label, whether or not it carries the 「必須」 badge (氏名 is also part of 氏名カナ). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

const tokyoYear = () =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date()));

/** The user id of a demo student, found by name through the detail call (ids follow the seed's order). */
async function studentIdByName(page: Page, name: string): Promise<number> {
  for (let id = 1; id <= 30; id++) {
    const res = await page.request.get(`/api/admin/student/detail/?user_id=${id}`);
    if (res.ok() && (await res.json()).name === name) return id;
  }
  throw new Error(`no student named ${name}`);
}

/** A complete add body for students the journeys make through the API. */
const addBody = (loginId: string, name: string) => ({
  login_id: loginId,
  generation_id: loginId.slice(0, 4),
  name,
  name_kana: '',
  postcode: '105-0011',
  pref: '東京都',
  street_name1: '港区芝公園',
  street_name2: '',
  address: '1-1',
  street_name3: '',
  birthday: '1960-01-01',
  gender: '',
  phone_1: '03-1111-0000',
  phone_2: '',
  mail_1: '',
  mail_1_confirm: '',
  mail_2: '',
  mail_2_confirm: '',
  emergency_name: '',
  emergency_emereletion: '',
  emergency_phone: '',
  total_units: '0',
  filing_date: '2026-04-01',
  date_issue_num: '',
  is_graduation: '0',
  is_rejection: '0',
  is_email: '0',
  is_attendance: '1',
  student_type: '1',
  remarks: '',
  password: 'e2e-pass-01',
  password2: 'e2e-pass-01',
});

test('[管理][学生] 学生を新規登録する（使用中の学生番号は断られ、郵便番号で住所が入る）', async ({
  page,
}) => {
  await loginAdmin(page);
  await page.goto('/admin/student/detail/new/0');
  await expect(page.getByRole('heading', { level: 1, name: '学生の新規登録' })).toBeVisible();

  // SPEC §4 defaults: the next free login id of this fiscal year's generation, Tokyo, 55 years ago, today
  await expect(page.getByLabel('期生ID')).toHaveValue(/^\d{2}04$/);
  const generation = await page.getByLabel('期生ID').inputValue();
  await expect(page.getByLabel('学生番号')).toHaveValue(new RegExp(`^${generation}\\d{4}$`));
  await expect(page.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(page.getByLabel('生年月日')).toHaveValue(`${tokyoYear() - 55}-01-01`);
  await expect(page.getByLabel('申込日')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('radio', { name: '配信する' })).toBeChecked();
  await expectAccessible(page);

  // a used login id first
  await page.getByLabel('学生番号').fill('24040001');
  await page.getByLabel('期生ID').fill('2404');
  await field(page, '氏名').fill('渡辺 直子');
  await page.getByLabel('氏名カナ').fill('ワタナベ ナオコ');

  // postcode: the hyphen comes by itself; on leaving the field the prefecture and town are filled
  await page.getByLabel('都道府県').fill('');
  await page.getByLabel('郵便番号').pressSequentially('1050011');
  await expect(page.getByLabel('郵便番号')).toHaveValue('105-0011');
  await page.getByLabel('郵便番号').press('Tab');
  await expect(page.getByLabel('町名')).toHaveValue('港区芝公園');
  await expect(page.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(page.getByText('郵便番号から住所の一部を入力しました')).toBeVisible();
  await page.getByLabel('番地').fill('4-2-8');

  // a young birthday: a caution, not an error
  await page.getByLabel('生年月日').fill('1990-05-05');
  await expect(page.getByText(/55歳未満です/)).toBeVisible();

  await page.getByLabel('電話番号1').fill('0312345678');
  await page.getByLabel('電話番号1').press('Tab');
  await expect(page.getByLabel('電話番号1')).toHaveValue('03-1234-5678');
  await field(page, 'パスワード').fill('naoko-pw1');
  await page.getByLabel('パスワード（確認）').fill('naoko-pw1');

  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('この学生番号はすでに使われています').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '入力' })).toBeVisible();
  await expectAccessible(page);

  // a free one
  await page.getByLabel('学生番号').fill('26030001');
  await page.getByLabel('期生ID').fill('2603');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText(/55歳未満です/)).toBeVisible();
  await expect(page.getByText('港区芝公園')).toBeVisible();
  await expect(page.getByText('naoko-pw1')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('学生を登録しました')).toBeVisible();
  await expect(page.getByText('学生番号：26030001')).toBeVisible();
  await expect(page.getByRole('link', { name: '学生一覧へ戻る' })).toHaveAttribute('href', '/admin/student');
  await expectAccessible(page);

  // the new student can log in to the my-page
  const login = await page.request.post('/api/auth/mypage/login/', {
    data: { login_id: '26030001', password: 'naoko-pw1' },
  });
  expect(login.status()).toBe(200);
});

test('[管理][学生] 学生情報を変更する（ほかの人が先に更新したときは知らせる）', async ({ page }) => {
  await loginAdmin(page);
  const created = await page.request.post('/api/admin/student/add/', {
    data: addBody('26030002', '変更 太郎'),
  });
  expect(created.status()).toBe(200);
  const { user_id: userId } = await created.json();

  await page.goto(`/admin/student/detail/update/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生情報の変更' })).toBeVisible();
  await expect(page.getByLabel('学生番号')).toHaveValue('26030002');
  await expect(page.getByText(/変更する場合のみ入力します/)).toBeVisible();
  await expectAccessible(page);

  await field(page, '氏名').fill('変更 次郎');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();

  // meanwhile someone else saves the same student
  const detail = await (await page.request.get(`/api/admin/student/detail/?user_id=${userId}`)).json();
  const other = await page.request.post('/api/admin/student/update/', {
    data: {
      ...addBody('26030002', '別の人が変更'),
      password: '',
      password2: '',
      user_id: userId,
      updated_at: detail.updated_at,
    },
  });
  expect(other.status()).toBe(200);

  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText(/ほかの人が先に更新しました/)).toBeVisible();
  await expectAccessible(page);

  // reload and try again: now it saves
  await page.reload();
  await expect(field(page, '氏名')).toHaveValue('別の人が変更');
  await field(page, '氏名').fill('変更 次郎');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('学生情報を更新しました')).toBeVisible();
  await expect(page.getByRole('link', { name: '学生詳細へ' })).toHaveAttribute(
    'href',
    `/admin/student/detail/${userId}`,
  );
  await expectAccessible(page);

  // a pending admission is not edited here
  const pendingId = await studentIdByName(page, '山田　花子');
  await page.goto(`/admin/student/detail/update/${pendingId}`);
  await expect(page).toHaveURL(/\/admin\/404$/);
});

test('[管理][学生] 入学申込みを承認し、その学生がマイページにログインする', async ({ page }) => {
  await loginAdmin(page);
  const id = await studentIdByName(page, '高橋 誠');
  await page.goto(`/admin/student/approval/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生の承認' })).toBeVisible();
  const duplicates = page.getByRole('link', { name: /重複の可能性がある学生を確認/ });
  await expect(duplicates).toHaveAttribute('href', `/admin/student/duplicate/${id}`);
  await expect(duplicates).toHaveAttribute('target', '_blank');
  await expect(field(page, '氏名')).toHaveValue('高橋 誠');
  await expectAccessible(page);

  // nothing chosen yet
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('承認するか却下するかを選んでください').first()).toBeVisible();

  await pick(page, '承認・却下', '承認する');
  await expect(page.getByLabel('期生ID')).toHaveValue(/^\d{2}04$/);
  await field(page, 'パスワード').fill('takahashi1');
  await page.getByLabel('パスワード（確認）').fill('takahashi1');
  await expectAccessible(page);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '承認する' }).click();

  await expect(page.getByText('承認完了')).toBeVisible();
  const text = await page.getByText(/^学生番号：\d{8}$/).textContent();
  const loginId = text!.replace('学生番号：', '');
  await expect(page.getByRole('link', { name: '学生一覧へ戻る' })).toHaveAttribute('href', '/admin/student');
  await expectAccessible(page);

  // approved now: the approval screen no longer applies
  await page.goto(`/admin/student/approval/${id}`);
  await expect(page).toHaveURL(/\/admin\/404$/);

  // the student logs in to the my-page with the number and the password
  await loginStudent(page, { login_id: loginId, password: 'takahashi1' });
  await page.goto('/mypage/top');
  await expect(page).toHaveURL(/\/mypage\/top$/);
  await expect(page.getByText(/高橋 誠/).first()).toBeVisible();
});

test('[管理][学生] 入学申込みを却下する（理由は備考に書く）', async ({ page }) => {
  await loginAdmin(page);
  const id = await studentIdByName(page, '山田　花子');
  await page.goto(`/admin/student/approval/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生の承認' })).toBeVisible();

  await pick(page, '承認・却下', '却下する');
  await expect(field(page, 'パスワード')).toHaveCount(0);
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('却下の理由を備考に入力してください').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('備考').fill('既に在籍している学生（24040001）と同じ方のため');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '却下する' }).click();
  await expect(page.getByText('却下完了')).toBeVisible();
  await expect(page.getByRole('link', { name: '学生一覧へ戻る' })).toHaveAttribute('href', '/admin/student');
  await expectAccessible(page);

  // a rejected admission stays open for a later decision, and its duplicate screen stays reachable
  await page.goto(`/admin/student/approval/${id}`);
  await expect(page.getByLabel('備考')).toHaveValue('既に在籍している学生（24040001）と同じ方のため');
  await page.goto(`/admin/student/duplicate/${id}`);
  await expect(page).not.toHaveURL(/\/admin\/404$/);
});

test('[管理][学生][権限] 権限2の管理者は学生の登録・承認画面に入れない', async ({ page }) => {
  await loginAdmin(page, ACCOUNTS.univ);
  for (const path of ['/admin/student/detail/new/0', '/admin/student/approval/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/apierror\?forbidden=1$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'この画面を使う権限がありません' }),
    ).toBeVisible();
  }
  await expectAccessible(page);
});

test('[管理][学生] 375pxでも登録画面を読み、郵便番号から住所を入れられる @phone', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/student/detail/new/0');
  await expect(page.getByRole('heading', { level: 1, name: '学生の新規登録' })).toBeVisible();
  await page.getByLabel('郵便番号').pressSequentially('1000001');
  await page.getByLabel('郵便番号').press('Tab');
  await expect(page.getByLabel('町名')).toHaveValue('千代田区千代田');
  // nothing wider than the screen
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // the approval screen of the demo admission (pending or, once the desktop journey ran, rejected)
  const id = await studentIdByName(page, '山田　花子');
  await page.goto(`/admin/student/approval/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生の承認' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: /承認・却下/ })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
