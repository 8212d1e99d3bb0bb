import type { APIRequestContext } from '@playwright/test';
import { adminApi, applicantsOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

// A seat confirmed or declined by the office for a student who does not use the my-page (decision 065): the
// applicant's page, the dialog, and the 補欠 moving up as when the student declines. Each journey draws a
// course of its own, so the demo's contact list stays as other journeys expect it.

type ApplicantRow = {
  user_id: number;
  name: string;
  lottery_status: string;
  waitlist_rank: number | null;
  promoted_at: string | null;
};

/** A lottery course with three students who take no mail, entered by the office, drawn: 2 winners, 1 補欠. */
async function drawnForPhone(request: APIRequestContext) {
  const tag = uniqueTag();
  const courseId = await addCourseAsAdmin(request, { course_name: `E2E電話の講座${tag}`, capacity: '3' });
  for (let i = 0; i < 3; i++) {
    const loginId = await addStudentAsAdmin(request, {
      generation: '2513',
      password: 'phonepass1',
      fields: { name: `電話 ${tag.slice(-4)}${i + 1}`, is_email: '0' },
    });
    await addApplicantAsAdmin(request, courseId, loginId);
  }
  await drawAsAdmin(request, courseId, { confirm_days: '3' });
  const rows = await applicantsOf<ApplicantRow>(request, courseId);
  return {
    courseId,
    winners: rows.filter((r) => r.lottery_status === '2'),
    waiting: rows.find((r) => r.waitlist_rank === 1) as ApplicantRow,
  };
}

test('[管理][連絡] 電話で本人の意思を確かめ、事務局が代理で受講を確定する @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId, winners } = await drawnForPhone(request);
  await request.dispose();
  const winner = winners[0] as ApplicantRow;

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/applicant/${courseId}/${winner.user_id}`);
  await expect(page.getByRole('heading', { level: 1, name: '申込者詳細' })).toBeVisible();
  // the office entered the application by telephone: who did it is on the record
  await expect(page.locator('dd', { hasText: /^事務局 管理者$/ })).toBeVisible();
  await page.getByRole('button', { name: '代理で確定・辞退' }).click();
  const dialog = page.getByRole('dialog', { name: '代理で確定・辞退' });
  await expect(dialog.getByRole('radio', { name: /受講する/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '電話' })).toBeChecked();
  await expectAccessible(page);

  // the note is required: the form says so on the field and goes no further
  await dialog.getByRole('button', { name: 'この内容で手続きする' }).click();
  const note = dialog.getByRole('textbox', { name: /確認した内容/ });
  await expect(note).toBeFocused();
  await expect(
    dialog.getByText('確認した内容（どなたと、何を）を入力してください', { exact: true }),
  ).toBeVisible();
  await note.fill('ご本人と電話で話し、受講されるとのこと');
  await dialog.getByRole('button', { name: 'この内容で手続きする' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('代理で受講を確定しました。ご本人にお知らせしました。')).toBeVisible();
  await expect(
    page.getByText(/^事務局が代理で確定（\d{4}年\d{1,2}月\d{1,2}日 電話・事務局 管理者）$/),
  ).toBeVisible();
  await expect(page.getByText('ご本人と電話で話し、受講されるとのこと')).toBeVisible();
  await expect(page.getByText(/^確定済み（/)).toBeVisible();
  await expectAccessible(page);
});

test('[管理][連絡] 窓口で辞退を受けると、補欠の1番が繰り上がる', async ({ page, playwright }) => {
  const request = await adminApi(playwright);
  const { courseId, winners, waiting } = await drawnForPhone(request);
  const winner = winners[1] as ApplicantRow;

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/applicant/${courseId}/${winner.user_id}`);
  await page.getByRole('button', { name: '代理で確定・辞退' }).click();
  const dialog = page.getByRole('dialog', { name: '代理で確定・辞退' });
  // a click on the visible label, as a user picks (the radio itself is visually hidden)
  await dialog.getByText('受講しない（辞退する。補欠の方が繰り上がります）', { exact: true }).click();
  await dialog
    .getByRole('radiogroup', { name: /確認した方法/ })
    .getByText('窓口', { exact: true })
    .click();
  await expect(dialog.getByRole('radio', { name: '窓口' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /確認した内容/ }).fill('窓口でご家族から辞退のお申し出');
  await dialog.getByRole('button', { name: 'この内容で手続きする' }).click();
  await expect(page.getByText('代理で辞退の手続きをしました。ご本人にお知らせしました。')).toBeVisible();
  await expect(page.getByText(/^事務局が代理で辞退（.+ 窓口・事務局 管理者）$/)).toBeVisible();
  // no seat to decide any more: the button is gone
  await expect(page.getByRole('button', { name: '代理で確定・辞退' })).toHaveCount(0);

  // the next 補欠 moved up on the same path as a student's own decline
  const after = await applicantsOf<ApplicantRow>(request, courseId);
  await request.dispose();
  expect(after.find((r) => r.user_id === waiting.user_id)).toMatchObject({
    lottery_status: '2',
    waitlist_rank: null,
  });
  expect(after.find((r) => r.user_id === waiting.user_id)?.promoted_at).not.toBeNull();
  expect(after.find((r) => r.user_id === winner.user_id)?.lottery_status).toBe('6');
});
