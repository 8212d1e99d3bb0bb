import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, applicantsOf, courseIdOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, pageTab, test } from './fixtures';

// The intake cycle's admin screens: the lottery modal's options, the lottery records and their
// re-verification, promotion by hand and by a cancel, and the draw refused while applications are open. The
// draw of the demo course はじめての俳句 (C2610) runs once, on the desktop only; every other journey makes a
// course of its own.

const HAIKU = 'はじめての俳句';

type ApplicantRow = {
  user_id: number;
  login_id: string;
  name: string;
  lottery_status: string;
  waitlist_rank: number | null;
  updated_at: string;
};

/**
 * A lottery course of the journey's own (capacity 3) with `count` new students applied, drawn through the
 * API: 2 winners, the others ranked 補欠. Its application period is still open: the draw states why.
 */
async function drawnCourse(request: APIRequestContext, count: number) {
  const tag = uniqueTag();
  const courseName = `E2E抽選講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName, capacity: '3' });
  for (let i = 0; i < count; i++) {
    const loginId = await addStudentAsAdmin(request, {
      generation: '2513',
      password: 'lotpass01',
      fields: { name: `抽選 ${tag.slice(-4)}${i + 1}` },
    });
    const found = await request.get(
      `/api/admin/addcourseapplicant/studentlist/?id=${courseId}&login_id=${loginId}`,
    );
    const [student] = (await found.json()) as { user_id: number }[];
    expect(student, loginId).toBeTruthy();
    const added = await request.post('/api/admin/addcourseapplicant/add/', {
      data: { course_id: courseId, user_id: student?.user_id, how_apply: '2', remarks: '' },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await drawAsAdmin(request, courseId);
  return { courseId, courseName };
}

/** The applicant table's row of a student (its row header is the 学生番号). */
const row = (page: Page, loginId: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: loginId, exact: true }) });

test('[管理][抽選] 補欠ありと区内在住者優先で抽選し、抽選記録を再検証してJSONを保存する', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const courseId = await courseIdOf(request, HAIKU);
  // who the draw will tell, as the server counts them
  const preview = (await (
    await request.get(`/api/admin/courseapplicantlist/lottery/preview/?id=${courseId}`)
  ).json()) as { notify_count: number; mail_count: number; capacity: number; period_open: boolean };
  expect(preview).toMatchObject({ notify_count: 4, period_open: false });
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/1`);
  const panel = page.getByRole('region', { name: '募集の状況' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('抽選待ち', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await pageTab(page, '申込者一覧').click();
  await expect(page.getByRole('heading', { level: 1, name: '申込者一覧' })).toBeVisible();
  await page.getByRole('button', { name: '抽選', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '抽選' });
  await expect(dialog.getByText('抽選待ちの申込者 4人')).toBeVisible();
  // the period has ended: nothing to explain, and 当選者数 starts at the course's 定員
  await expect(dialog.getByText('申込期間中のため、まだ抽選できません')).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /当選者数/ })).toHaveValue(String(preview.capacity));
  await dialog.getByRole('textbox', { name: /当選者数/ }).fill('2');
  // react-aria draws the box over the native one: choose it by its label, as a person does
  await dialog.getByText('落選者を補欠にする（補欠順位をつける）', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: /落選者を補欠にする/ })).toBeChecked();
  await dialog.getByText('区内在住者優先', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: /区内在住者優先/ })).toBeChecked();
  await expect(dialog.getByText('優先1：')).toBeVisible();
  await dialog.getByRole('textbox', { name: /受講確定の期限/ }).fill('7');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  // the last step says what will happen, and that it is final
  await expect(
    dialog.getByText(
      `${preview.notify_count}人に結果をお知らせします（うちメール ${preview.mail_count}人）。取り消せません。`,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '抽選する' }).click();
  await expect(dialog.getByText('抽選が完了しました')).toBeVisible();
  await expect(dialog.getByText('当選 2人、補欠 2人、落選 0人です。')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('link', { name: '抽選記録を見る' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/lottery$`));
  await expect(page.getByRole('heading', { level: 1, name: '抽選記録' })).toBeVisible();
  // the page speaks to the office: 再検証, not a command for IT
  await expect(page.getByText(/npm run/)).toHaveCount(0);
  await expect(page.getByText(/各記録の「再検証」を押すと/)).toBeVisible();
  const latest = page.getByRole('article').first();
  await expect(latest.getByText('当選 2人、補欠 2人、落選 0人')).toBeVisible();
  await expect(latest.getByText('区内在住者優先', { exact: true })).toBeVisible();

  await latest.getByRole('button', { name: '再検証' }).click();
  await expect(latest.getByText('一致しました')).toBeVisible();
  await expect(latest.getByText('×')).toHaveCount(0);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await latest.getByRole('button', { name: '記録をJSONでダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^抽選記録_C2610_\d+\.json$/);
  const record = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    tiers: string[];
    waitlist: boolean;
    entries: { outcome: string; waitlist_rank: number | null }[];
  };
  expect(record.tiers).toEqual(['ward_resident']);
  expect(record.waitlist).toBe(true);
  expect(record.entries).toHaveLength(4);
  const ranks = record.entries.filter((e) => e.outcome === '5').map((e) => e.waitlist_rank);
  expect(ranks.sort()).toEqual([1, 2]);

  const csv = page.waitForEvent('download');
  await latest.getByRole('button', { name: 'CSVでダウンロード' }).click();
  const bytes = await readFile(await (await csv).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(header).toBe('順位,申込ID,優先区分,結果,補欠順位,照合用の値(key)');
  expect(lines).toHaveLength(4);
});

test('[管理][抽選] 補欠を手で繰り上げ、当選者のキャンセルで次の補欠が繰り上がる @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId } = await drawnCourse(request, 4);
  const drawn = await applicantsOf<ApplicantRow>(request, courseId);
  await request.dispose();
  const winners = drawn.filter((a) => a.lottery_status === '2');
  const waiting = drawn
    .filter((a) => a.lottery_status === '5')
    .sort((a, b) => (a.waitlist_rank ?? 0) - (b.waitlist_rank ?? 0));
  expect(winners).toHaveLength(2);
  expect(waiting.map((a) => a.waitlist_rank)).toEqual([1, 2]);
  const [first, second] = waiting as [ApplicantRow, ApplicantRow];
  const [winner] = winners as [ApplicantRow];

  await loginAdmin(page);
  // the course's 募集の状況 and 繰り上げの設定
  await page.goto(`/admin/course/detail/${courseId}/1`);
  const panel = page.getByRole('region', { name: '募集の状況' });
  await expect(panel.getByRole('checkbox', { name: '自動で繰り上げる' })).toBeChecked();
  await panel.getByRole('button', { name: '設定を保存する' }).click();
  await expect(panel.getByText('繰り上げの設定を保存しました。')).toBeVisible();
  await expectAccessible(page);

  // the applicant tab: only the 補欠, each with its rank
  await page.goto(`/admin/course/detail/${courseId}/2?lottery_status=5`);
  await expect(page.getByRole('checkbox', { name: '補欠', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '辞退', exact: true })).not.toBeChecked();
  await expect(row(page, first.login_id).getByText('補欠1番')).toBeVisible();
  await expect(row(page, second.login_id).getByText('補欠2番')).toBeVisible();
  await expect(row(page, winner.login_id)).toHaveCount(0);
  await expectAccessible(page);

  // 補欠1 by hand: a confirmation, then the message
  await row(page, first.login_id)
    .getByRole('button', { name: /繰り上げ/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '補欠の繰り上げ' });
  await expect(dialog.getByText('補欠1番')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '繰り上げる' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${first.name}さん（学生番号 ${first.login_id}`)).toBeVisible();
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await expect(row(page, first.login_id).getByText(/^繰り上げ \d{4}年/)).toBeVisible();
  await expect(row(page, first.login_id).getByRole('combobox', { name: /抽選状況/ })).toHaveValue('2');
  // the next one in line moved up a place
  await expect(row(page, second.login_id).getByText('補欠1番')).toBeVisible();
  await expect(page.getByText('補欠2番')).toHaveCount(0);

  // a winner cancels (the existing cancel screen): the next 補欠 takes the seat
  await page.goto(`/admin/course/detail/applicant/${courseId}/${winner.user_id}`);
  await page.getByRole('link', { name: '申込をキャンセル' }).click();
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(page.getByText('申込をキャンセルしました。')).toBeVisible();

  await page.goto(`/admin/course/detail/${courseId}/2`);
  const promoted = row(page, second.login_id);
  await expect(promoted.getByRole('combobox', { name: /抽選状況/ })).toHaveValue('2');
  await expect(promoted.getByText(/^繰り上げ \d{4}年/)).toBeVisible();
  await expect(promoted.getByRole('button', { name: /繰り上げ/ })).toHaveCount(0);
  await expectAccessible(page);

  // the lottery record: still the one draw, as drawn; both promotions listed under it, none as a draw
  await page.goto(`/admin/course/detail/${courseId}/lottery`);
  await expect(page.getByRole('heading', { level: 1, name: '抽選記録' })).toBeVisible();
  const runs = page.getByRole('article');
  await expect(runs).toHaveCount(1);
  await expect(runs.first().getByText('当選 2人、補欠 2人、落選 0人')).toBeVisible();
  const promotions = runs.first().getByRole('region', { name: 'この抽選の補欠からの繰り上げ（2人）' });
  await expect(promotions.getByRole('listitem')).toHaveCount(2);
  await expect(promotions.getByRole('listitem').nth(0)).toContainText('補欠1番の方を当選に');
  await expect(promotions.getByRole('listitem').nth(0)).toContainText('事務局の操作で繰り上げ');
  await expect(promotions.getByRole('listitem').nth(1)).toContainText(
    '補欠1番（抽選では補欠2番）の方を当選に',
  );
  await expect(promotions.getByRole('listitem').nth(1)).toContainText('空いた席に自動で繰り上げ');
  await expectAccessible(page);
});

test('[管理][抽選] 抽選記録を開いて再検証する（スマートフォン幅でも） @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId, courseName } = await drawnCourse(request, 3);
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/1`);
  await page
    .getByRole('region', { name: '募集の状況' })
    .getByRole('link', { name: '抽選記録を見る' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '抽選記録' })).toBeVisible();
  await expect(page.getByText(courseName, { exact: true })).toBeVisible();
  const run = page.getByRole('article').first();
  await expect(run.getByText('当選 2人、補欠 1人、落選 0人')).toBeVisible();
  await run.getByRole('button', { name: '再検証' }).click();
  await expect(run.getByText('一致しました')).toBeVisible();
  await expectAccessible(page);
});

test('[管理][抽選] 申込期間中は抽選できないと伝え、理由を書けば抽選でき、知らせる人数を最後に示す @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const tag = uniqueTag();
  const courseName = `E2E受付中の抽選${tag}`;
  // the course is open from yesterday to next week (addCourseAsAdmin)
  const courseId = await addCourseAsAdmin(request, { course_name: courseName, capacity: '3' });
  for (const isEmail of ['1', '0']) {
    const loginId = await addStudentAsAdmin(request, {
      generation: '2513',
      password: 'lotpass01',
      fields: { name: `受付中 ${tag.slice(-4)}${isEmail}`, is_email: isEmail },
    });
    await addApplicantAsAdmin(request, courseId, loginId);
  }
  await request.dispose();

  await loginAdmin(page);
  await page.goto(`/admin/course/detail/${courseId}/2`);
  await page.getByRole('button', { name: '抽選', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '抽選' });
  await expect(dialog.getByText('申込期間中のため、まだ抽選できません')).toBeVisible();
  const winNum = dialog.getByRole('textbox', { name: /当選者数/ });
  await expect(winNum).toHaveValue('3');
  await expectAccessible(page);

  // without a reason it goes no further
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(dialog.getByText(/申込期間が終わる.+までは、抽選できません/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /申込期間中に抽選する理由/ })).toBeFocused();
  await expectAccessible(page);

  await dialog
    .getByRole('textbox', { name: /申込期間中に抽選する理由/ })
    .fill('会場の都合で早く知らせるため');
  await winNum.fill('1');
  await dialog.getByRole('button', { name: '確認へ進む' }).click();
  await expect(
    dialog.getByText('2人に結果をお知らせします（うちメール 1人）。取り消せません。'),
  ).toBeVisible();
  await expect(dialog.getByText('会場の都合で早く知らせるため')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '抽選する' }).click();
  await expect(dialog.getByText('当選 1人、落選 1人です。')).toBeVisible();

  await dialog.getByRole('link', { name: '抽選記録を見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '抽選記録' })).toBeVisible();
  const run = page.getByRole('article').first();
  await expect(run.getByText('会場の都合で早く知らせるため')).toBeVisible();
  await run.getByRole('button', { name: '再検証' }).click();
  await expect(run.getByText('一致しました')).toBeVisible();
  await expectAccessible(page);
});

test('[マイページ][補欠] 前の補欠が繰り上がると、自分の補欠の番号が1つ上がる @phone', async ({
  page,
  playwright,
}) => {
  const request = await adminApi(playwright);
  const { courseId, courseName } = await drawnCourse(request, 4);
  const waiting = (await applicantsOf<ApplicantRow>(request, courseId))
    .filter((a) => a.lottery_status === '5')
    .sort((a, b) => (a.waitlist_rank ?? 0) - (b.waitlist_rank ?? 0));
  const [first, second] = waiting as [ApplicantRow, ApplicantRow];
  const promoted = await request.post('/api/admin/courseapplicantlist/promote/', {
    data: { course_id: courseId, user_id: first.user_id, updated_at: first.updated_at },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await request.dispose();

  await loginStudent(page, { login_id: second.login_id, password: 'lotpass01' });
  await page.goto('/mypage/course/applied');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: courseName }) });
  await expect(card.getByText('補欠 1番')).toBeVisible();
  await expect(card.getByText(/補欠1番です/)).toBeVisible();
  await expect(card.getByText(/補欠2番/)).toHaveCount(0);
  await expectAccessible(page);
});
