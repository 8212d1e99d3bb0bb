import { adminApi } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * The personal-data lifecycle (decision 072): the office withdraws a student from their page (what it
 * cancels first, then confirmed), a student withdraws on the my-page (the box ticked, the password, a last
 * check) and cannot log in again, and the office erases the personal data the retention rule says is past
 * its time (the demo's 佐藤 節子, withdrawn six years ago). Each journey makes its own students (generation
 * 2520).
 */

const canLogIn = async (page: import('@playwright/test').Page, loginId: string, password: string) =>
  (await page.request.post('/api/auth/mypage/login/', { data: { login_id: loginId, password } })).status() ===
  200;

test('[管理][学生] 事務局が学生を退会にする：申込みのキャンセルを確かめてから', async ({
  page,
  playwright,
}) => {
  const tag = uniqueTag();
  const request = await adminApi(playwright);
  const loginId = await addStudentAsAdmin(request, { generation: '2520', password: 'leavepass1' });
  const courseName = `退会の講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName });
  await addApplicantAsAdmin(request, courseId, loginId);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/student?login_id=${loginId}`);
  await page.getByRole('row').filter({ hasText: loginId }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  await page.getByRole('link', { name: '退会の手続きへ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: '退会の手続き' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'キャンセルする申込み' })).toContainText(courseName);
  await expectAccessible(page);
  await page.getByLabel('退会の理由（任意）').fill('本人から電話で申し出');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('退会にすると、元に戻せません')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '退会にする' }).click();
  await expect(page.getByText('申込み1件をキャンセルしました。')).toBeVisible();

  await page.getByRole('link', { name: '学生詳細へ戻る' }).click();
  await expect(page.getByText('この学生は退会しています')).toBeVisible();
  await expect(page.getByRole('link', { name: '退会の手続きへ' })).toHaveCount(0);
  await expectAccessible(page);
  expect(await canLogIn(page, loginId, 'leavepass1')).toBe(false);
});

test('[マイページ] 学生が自分で退会する：確認とパスワード、最後の確認のあと', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const loginId = await addStudentAsAdmin(request, { generation: '2520', password: 'leavepass2' });
  await request.dispose();
  expect(await canLogIn(page, loginId, 'leavepass2')).toBe(true);

  await page.goto('/mypage/user');
  await page.getByRole('link', { name: '退会の手続き' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '退会の手続き' })).toBeVisible();
  await expect(page.getByText('キャンセルになる申込みはありません。')).toBeVisible();
  await expectAccessible(page);

  // not ticked: the form says so on the box, and nothing happens
  await page.getByLabel('パスワード', { exact: false }).fill('leavepass2');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByText('内容を確認して、チェックを入れてください').first()).toBeVisible();
  await page.getByText('上の内容を確認しました（必須）').click();
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByRole('heading', { name: '最後の確認' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '退会する' }).click();

  await expect(page).toHaveURL(/\/mypage\/withdrawn$/);
  await expect(page.getByRole('heading', { level: 1, name: '退会の手続きが完了しました' })).toBeVisible();
  await expectAccessible(page);
  expect(await canLogIn(page, loginId, 'leavepass2')).toBe(false);
});

test('[管理] 個人情報の保存期間：対象を確かめてから消去する', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/admin/top');
  await page.getByRole('link', { name: '個人情報の保存期間' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '個人情報の保存期間' })).toBeVisible();
  const due = page.getByRole('table', { name: '保存期間を過ぎた学生' });
  await expect(due).toContainText('佐藤 節子（19040007）');
  await expect(due).toContainText('退会した学生');
  await expectAccessible(page);

  const erase = page.getByRole('button', { name: /人の個人情報を今すぐ消去する$/ });
  await erase.click();
  await expect(
    page.getByText('消去した個人情報は元に戻せません。よろしいですか。', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: '消去する', exact: true }).click();
  await expect(page.getByText(/人の個人情報を消去しました。/)).toBeVisible();
  await expect(due).not.toContainText('佐藤 節子');

  // her record keeps its history, without her name; the erasure is on her timeline
  await page.goto('/admin/student?login_id=19040007');
  await expect(page.getByText('検索中...')).toHaveCount(0);
  await expect(page.getByText('佐藤 節子')).toHaveCount(0);

  // her page reads as erased: when and under which rule, 消去済み in place of the values, nothing to edit
  await page
    .getByRole('row')
    .filter({ hasText: '19040007' })
    .getByRole('link', { name: '（個人情報は消去済み）' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '学生詳細' })).toBeVisible();
  await expect(page.getByText('この方の個人情報は消去済みです')).toBeVisible();
  await expect(page.getByText('退会した方の保存期間を過ぎたため消去しました')).toBeVisible();
  await expect(page.locator('dt', { hasText: '生年月日' }).locator('+ dd')).toHaveText('消去済み');
  await expect(page.locator('dt', { hasText: '電話番号1' }).locator('+ dd')).toHaveText('消去済み');
  await expect(page.getByRole('link', { name: '学生情報を変更' })).toHaveCount(0);
  await expectAccessible(page);
});
