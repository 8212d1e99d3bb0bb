import type { Page } from '@playwright/test';
import { MAIL_URL } from '../playwright.config';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * Mail that did not arrive (decision 065), on the app whose mail goes to the SMTP catcher (MAIL_URL). The
 * catcher refuses every address whose local part starts with `bounce` with 550 5.1.1, as a mail server
 * refuses a mailbox that does not exist (scripts/e2e-mail-server.mjs). The office publishes a notice with
 * mail to a course; the applicant's address is refused: the work list shows the mail at once (no retries), and
 * the student, on the my-page, is asked to check the address and puts it right, after which the request goes.
 * On the phone project the journey runs at 375 px with the large font.
 */

test.use({ baseURL: MAIL_URL });

const PASSWORD = 'bounce2613';

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const NOTICE_TITLE = '登録のメールアドレスにメールが届きませんでした';

/** Nothing on the page is wider than the window (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('[マイページ][メール] 届かなかったメールを事務局が確かめ、学生はマイページの案内からメールアドレスを直す @phone', async ({
  page,
}, testInfo) => {
  // the office's side and the student's, each screen scanned by axe: a long journey
  test.slow();
  const phone = testInfo.project.name === 'phone';
  const tag = uniqueTag();

  // the office: a course, a student whose address the mail server refuses, a notice with mail to the course
  await loginAdmin(page);
  const courseId = await addCourseAsAdmin(page.request, { course_name: `届かない講座${tag}` });
  const bounced = `bounce-${tag}@example.jp`;
  const name = `届かない ${tag.slice(-4)}`;
  const loginId = await addStudentAsAdmin(page.request, {
    generation: '2613',
    password: PASSWORD,
    fields: { name, mail_1: bounced, mail_1_confirm: bounced, is_email: '1' },
  });
  await addApplicantAsAdmin(page.request, courseId, loginId);
  const subject = `【まなび】教室変更のお知らせ ${tag}`;
  const published = await page.request.post('/api/admin/notice/add/', {
    data: {
      category_id: '',
      title: `教室が変わります ${tag}`,
      content: '次回から2階の201教室です。',
      reference_url1: '',
      reference_url2: '',
      reference_url3: '',
      remarks: '',
      period_from: '',
      period_to: '',
      is_control: '1',
      published_to: '3',
      generation_id: '',
      course_id: String(courseId),
      course_name: '',
      lottery_status: '',
      is_email: '1',
      email_title: subject,
    },
  });
  expect(published.status(), await published.text()).toBe(200);

  // the work list shows the refused mail after its one try, with the server's reason and no address
  await page.goto('/admin/top');
  const mail = card(page, '届かなかったメール');
  await expect(async () => {
    await page.reload();
    await expect(mail.getByText(subject)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const item = mail.getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText(/^理由：.*550 5\.1\.1 User unknown/)).toBeVisible();
  await expect(mail).not.toContainText(bounced);
  await expectAccessible(page);

  // the student is on the call list (「メールが届きません」) until the address is changed, and so says their page
  await page.goto('/admin/contact?reason=mail');
  const row = page
    .getByRole('table', { name: '連絡が必要な学生' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row.getByText('メールが届きません').first()).toBeVisible();
  await row.getByRole('link', { name }).click();
  const record = page.getByRole('region', { name: '連絡の記録' });
  await expect(record.getByText(/550 5\.1\.1 User unknown/)).toBeVisible();
  await expectAccessible(page);
  await page.request.get('/api/auth/admin/logout/');

  // the student, at 375 px with the large font on the phone, is asked to check the address
  if (phone) {
    await page.addInitScript(() => localStorage.setItem('color-standard', 'large'));
  }
  await page.goto('/mypage/login');
  await page.getByLabel('学生番号').fill(loginId);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/top$/);
  await expect(page.getByText(NOTICE_TITLE)).toBeVisible();
  await expect(
    page.getByText('メールアドレスに誤りがないか、ご確認ください。', { exact: false }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // the same request on the user page (the same words: scanned on the top page)
  await page.goto('/mypage/user');
  await expect(page.getByRole('heading', { level: 1, name: '利用者情報' })).toBeVisible();
  await expect(page.getByText(NOTICE_TITLE)).toBeVisible();

  // from it, to the contacts form: the request is there too (without the link to itself)
  await page.getByRole('link', { name: '連絡先を確認・変更する' }).click();
  await expect(page).toHaveURL(/\/mypage\/user\/update$/);
  await expect(page.getByRole('heading', { level: 1, name: '連絡先の変更' })).toBeVisible();
  await expect(page.getByText(NOTICE_TITLE)).toBeVisible();
  await expect(page.getByRole('link', { name: '連絡先を確認・変更する' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  const fixed = `student${loginId}@example.jp`;
  const mail1 = page.getByRole('textbox', { name: /メールアドレス1/ });
  await expect(mail1).toHaveValue(bounced);
  await mail1.fill(fixed);
  await page.getByRole('button', { name: '変更内容を確認' }).click();
  await expect(page.getByText(fixed)).toBeVisible();
  await page.getByRole('button', { name: '変更を確定' }).click();
  await expect(page.getByText('連絡先の変更が完了しました')).toBeVisible();
  await expect(page.getByText(NOTICE_TITLE)).toHaveCount(0);

  // the new address has not been refused: the request has gone from the top page and the user page
  await page.goto('/mypage/top');
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
  await expect(page.getByText('あなたへのお知らせ').first()).toBeVisible();
  await expect(page.getByText(NOTICE_TITLE)).toHaveCount(0);
  await page.goto('/mypage/user');
  await expect(page.getByText(fixed)).toBeVisible();
  await expect(page.getByText(NOTICE_TITLE)).toHaveCount(0);
  await expectAccessible(page);
});
