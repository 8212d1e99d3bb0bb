import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminApi, applicantsOf } from './admin-api';
import { addApplicantAsAdmin, addCourseAsAdmin, addStudentAsAdmin, drawAsAdmin, uniqueTag } from './data';
import { ACCOUNTS, expect, expectAccessible, loginAdmin, test } from './fixtures';

/**
 * Results on paper (issue 35 §3): the office draws a course, prints a letter for each applicant who takes
 * no mail — one A4 page each, the address where a 長形3号 window envelope shows it — records them as printed,
 * and downloads the same addresses as labels. Each journey makes a course and students of its own.
 */

/** The window of a 長3 窓付き封筒 on the folded A4 sheet, in mm from its top left (letters.css). */
const WINDOW = { left: 23, top: 13, right: 23 + 90, bottom: 13 + 45 };
/** CSS px per mm (96 dpi). */
const PX_PER_MM = 96 / 25.4;

interface Applicant {
  loginId: string;
  name: string;
  mail: boolean;
}

/**
 * A lottery course (capacity 2) with four new students applied — three take no mail, one of them living in
 * a named building at 4丁目 2-8 (the 丁目 typed as a bare 4, as the admission form stores it), and one takes
 * mail — drawn through the API (2 winners, the others 補欠).
 */
async function drawnCourse(request: APIRequestContext, draw: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  const courseName = `E2E郵送講座${tag}`;
  const courseId = await addCourseAsAdmin(request, { course_name: courseName, capacity: '2' });
  const applicants: Applicant[] = [];
  const students: Record<string, string>[] = [
    {},
    { street_name2: '4', address: '2-8', street_name3: '芝公園ハイツ101' },
    {},
    { is_email: '1' },
  ];
  for (const [i, over] of students.entries()) {
    const name = `郵送 ${tag.slice(-4)}${i + 1}`;
    const loginId = await addStudentAsAdmin(request, {
      generation: '2514',
      password: 'letpass01',
      fields: { name, ...over },
    });
    await addApplicantAsAdmin(request, courseId, loginId);
    applicants.push({ loginId, name, mail: 'is_email' in over });
  }
  await drawAsAdmin(request, courseId, draw);
  return { courseId, courseName, applicants };
}

/** A box's place on its sheet, in mm. */
async function boxOnSheet(sheet: Locator, box: Locator) {
  const [s, b] = await Promise.all([sheet.boundingBox(), box.boundingBox()]);
  if (!s || !b) throw new Error('not laid out');
  return {
    left: (b.x - s.x) / PX_PER_MM,
    top: (b.y - s.y) / PX_PER_MM,
    right: (b.x - s.x + b.width) / PX_PER_MM,
    bottom: (b.y - s.y + b.height) / PX_PER_MM,
  };
}

const within = (box: { left: number; top: number; right: number; bottom: number }) => {
  expect(box.left).toBeGreaterThanOrEqual(WINDOW.left);
  expect(box.top).toBeGreaterThanOrEqual(WINDOW.top);
  expect(box.right).toBeLessThanOrEqual(WINDOW.right);
  expect(box.bottom).toBeLessThanOrEqual(WINDOW.bottom);
};

/** The names of what Tab reaches, in order, from the top of the page until it comes round again. */
async function tabStops(page: Page, max = 40): Promise<string[]> {
  await page.getByRole('heading', { level: 1 }).focus();
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const label = el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent;
        return (label ?? '').trim();
      }),
    );
  }
  return stops;
}

test.describe('[管理][結果通知の郵送]', () => {
  test('[管理][結果通知の郵送] 抽選した講座の、メールを受け取らない方への結果通知を1人1枚で印刷し、宛名ラベルを保存する', async ({
    page,
    playwright,
  }) => {
    const request = await adminApi(playwright);
    const { courseId, courseName, applicants } = await drawnCourse(request);
    await request.dispose();
    const noMail = applicants.filter((a) => !a.mail).sort((a, b) => a.loginId.localeCompare(b.loginId));

    // the browser's printing answers at once (a real one waits for the person)
    await page.addInitScript(() => {
      const w = window as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    await loginAdmin(page);
    await page.goto(`/admin/course/detail/${courseId}/1`);
    await page
      .getByRole('region', { name: '募集の状況' })
      .getByRole('link', { name: '結果通知を郵送用に印刷' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/course/detail/${courseId}/letters$`));
    await expect(page.getByRole('heading', { level: 1, name: '結果通知の郵送' })).toBeVisible();
    await expect(page.getByText(courseName, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'メールを受け取らない方' })).toBeChecked();
    await expect(page.getByTestId('letters-count')).toHaveText('結果通知 3通');

    // one letter per applicant without mail, in 学生番号 order, each its own notice's words
    const sheets = page.getByTestId('letter');
    await expect(sheets).toHaveCount(3);
    for (const [i, a] of noMail.entries()) {
      const sheet = sheets.nth(i);
      await expect(sheet.getByText(`${a.name} 様`, { exact: true })).toBeVisible();
      await expect(sheet.getByText(`学生番号 ${a.loginId}`, { exact: true })).toBeVisible();
      await expect(sheet.getByRole('heading', { level: 3 })).toContainText(`「${courseName}」`);
      await expect(sheet.getByText(/^抽選の結果、/)).toBeVisible();
    }
    const inBuilding = sheets.filter({ hasText: noMail.find((a) => a.name.endsWith('2'))?.name ?? '' });
    // the address as it is written: 4丁目 2-8, not 「芝公園42-8」, and the building on a line of its own
    await expect(inBuilding.getByTestId('letter-address')).toHaveText(
      /〒105-0011\s*東京都港区芝公園4丁目2-8\s*芝公園ハイツ101\s*郵送 .+2 様/,
    );
    await expect(page.getByText('未印刷', { exact: true })).toHaveCount(3);
    const mailTaker = applicants.find((a) => a.mail);
    await expect(page.getByText(`${mailTaker?.name} 様`)).toHaveCount(0);
    await expectAccessible(page);

    // on paper: the letters alone, each on a page of its own, the address inside the envelope's window
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: '結果通知の郵送' })).toBeHidden();
    await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByText('未印刷', { exact: true }).first()).toBeHidden();
    const breaks = await sheets.evaluateAll((all) => all.map((el) => getComputedStyle(el).breakAfter));
    expect(breaks).toEqual(['page', 'page', 'auto']);
    for (let i = 0; i < 3; i++) {
      const sheet = sheets.nth(i);
      const size = await sheet.boundingBox();
      // A4 wide, a page tall (less the millimetre kept for rounding), and at the paper's left edge
      expect(Math.round((size?.width ?? 0) / PX_PER_MM)).toBe(210);
      expect((size?.height ?? 0) / PX_PER_MM).toBeGreaterThanOrEqual(295);
      expect((size?.height ?? 0) / PX_PER_MM).toBeLessThanOrEqual(297);
      expect(size?.x).toBe(0);
      const address = sheet.getByTestId('letter-address');
      within(await boxOnSheet(sheet, address));
      // every line, the name last and largest, is inside the window too (nothing spills out of the block)
      within(await boxOnSheet(sheet, address.locator('p').last()));
      expect(await address.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      // the notice starts below the first fold (99 mm), in type of at least 11 pt
      const body = sheet.locator('p.m-letter-body');
      expect((await boxOnSheet(sheet, sheet.getByRole('heading', { level: 3 }))).top).toBeGreaterThan(99);
      const type = await body.evaluate((el) => ({
        size: Number.parseFloat(getComputedStyle(el).fontSize),
        space: getComputedStyle(el).whiteSpace,
      }));
      expect(type.size).toBeGreaterThanOrEqual((11 * 96) / 72);
      expect(type.space).toBe('pre-wrap');
    }
    // Chromium's own print: one A4 page per letter
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(Math.round((Number(box?.[1]) * 25.4) / 72)).toBe(210);
    expect(Math.round((Number(box?.[2]) * 25.4) / 72)).toBe(297);
    await page.emulateMedia({ media: 'screen' });

    // everything on the screen is reached by Tab
    const stops = await tabStops(page);
    for (const name of [
      'メールを受け取らない方',
      '印刷する',
      '宛名ラベル（CSV）',
      '講座詳細へ戻る',
      '申込者一覧へ',
    ])
      expect(stops, name).toContain(name);

    // 印刷する: the browser prints, then the letters shown are recorded as printed
    await page.getByRole('button', { name: '印刷する' }).click();
    await expect(page.getByRole('status').filter({ hasText: '印刷済みとして記録しました' })).toBeVisible();
    await expect(page.getByText('3通の結果通知を「印刷済み」にしました。')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(page.getByText(/^印刷済み（\d{4}年\d{1,2}月\d{1,2}日）$/)).toHaveCount(3);
    await expect(page.getByTestId('letters-count')).toHaveText('結果通知 3通（うち印刷済み 3通）');
    await expectAccessible(page);

    // the same letters' addresses for 差し込み印刷
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '宛名ラベル（CSV）' }).click();
    const bytes = await readFile(await (await download).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain('\r\n');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe('郵便番号,住所1,住所2,氏名,学生番号');
    expect(rows).toHaveLength(3);
    const plain = noMail.find((a) => a.name.endsWith('1')) as Applicant;
    expect(rows).toContain(`105-0011,東京都港区芝公園1-1,,${plain.name},${plain.loginId}`);
    const housed = noMail.find((a) => a.name.endsWith('2')) as Applicant;
    expect(rows).toContain(
      `105-0011,東京都港区芝公園4丁目2-8,芝公園ハイツ101,${housed.name},${housed.loginId}`,
    );

    // everyone told: the student who takes mail too
    await page.getByText('全員', { exact: true }).click();
    await expect(page).toHaveURL(/\?who=all$/);
    await expect(page.getByTestId('letters-count')).toHaveText('結果通知 4通（うち印刷済み 3通）');
    await expect(sheets).toHaveCount(4);
    await expect(sheets.filter({ hasText: `${mailTaker?.name} 様` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: '宛名ラベル（CSV）' })).toHaveAttribute(
      'href',
      new RegExp(`source=letters&course_id=${courseId}&who=all$`),
    );
    await expectAccessible(page);

    // only those not printed yet: the one letter to the student who takes mail, and its label
    await page.getByText('まだ印刷していないものだけ', { exact: true }).click();
    await expect(page).toHaveURL(/\?who=all&unprinted=1$/);
    await expect(page.getByTestId('letters-count')).toHaveText('結果通知 1通');
    await expect(sheets).toHaveCount(1);
    await expect(sheets.filter({ hasText: `${mailTaker?.name} 様` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: '宛名ラベル（CSV）' })).toHaveAttribute(
      'href',
      new RegExp(`source=letters&course_id=${courseId}&who=all&unprinted=1$`),
    );
    // of those who take no mail, every letter is printed
    await page.getByText('メールを受け取らない方', { exact: true }).click();
    await expect(page).toHaveURL(/\?unprinted=1$/);
    await expect(page.getByText('まだ印刷していない結果通知はありません。', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await page.getByText('すべて', { exact: true }).click();
    await expect(page).not.toHaveURL(/unprinted/);

    // the applicant tab gives every applicant's labels
    await page.getByRole('link', { name: '申込者一覧へ' }).click();
    const labels = page.waitForEvent('download');
    await page.getByRole('link', { name: '宛名ラベル（CSV）' }).click();
    const all = (await readFile(await (await labels).path())).subarray(3).toString('utf8');
    expect(all.trimEnd().split('\r\n')).toHaveLength(1 + applicants.length);
  });

  test('[管理][結果通知の郵送] 確定を待つ当選者への通知は、電話番号と受付時間、期限、切り取る返信票で答え方を伝える', async ({
    page,
    playwright,
  }) => {
    const request = await adminApi(playwright);
    // winners have five days to confirm: their letters ask for an answer
    const { courseId, courseName, applicants } = await drawnCourse(request, { confirm_days: '5' });
    const seats = await applicantsOf<{ user_id: number; login_id: string; lottery_status: string }>(
      request,
      courseId,
    );
    await request.dispose();
    const won = new Set(seats.filter((r) => r.lottery_status === '2').map((r) => r.login_id));
    const noMail = applicants.filter((a) => !a.mail);
    const winner = noMail.find((a) => won.has(a.loginId)) as Applicant;
    const waiting = noMail.find((a) => !won.has(a.loginId)) as Applicant;

    await loginAdmin(page);
    await page.goto(`/admin/course/detail/${courseId}/letters`);
    await expect(page.getByText(/返信票がつきます/)).toBeVisible();
    const sheets = page.getByTestId('letter');
    await expect(sheets).toHaveCount(3);
    const sheet = sheets.filter({ hasText: `${winner.name} 様` });
    // how to answer without a computer: the telephone and its hours, the deadline, the slip
    const body = sheet.locator('p.m-letter-body');
    await expect(body).toContainText(
      '事務局（電話 03-0000-0000、平日 9:00〜17:00）へのお電話か、下の返信票でお知らせください。',
    );
    await expect(body).toContainText(
      /\d{4}年\d{1,2}月\d{1,2}日（.）23時59分までに、受講するかどうかを決めてください。/,
    );
    await expect(body).not.toContainText('を押してください');
    const slip = sheet.getByTestId('letter-reply');
    await expect(slip.getByRole('heading', { level: 4, name: '返信票（受講の確定・辞退）' })).toBeVisible();
    await expect(slip.getByText(`講座：${courseName}`)).toBeVisible();
    await expect(slip.getByText(/^確定の期限：\d{4}年/)).toBeVisible();
    await expect(slip.getByText('受講します（確定します）')).toBeVisible();
    await expect(slip.getByText('受講しません（辞退します）')).toBeVisible();
    await expect(slip.getByText(winner.loginId, { exact: true })).toBeVisible();
    await expect(slip.getByText(winner.name, { exact: true })).toBeVisible();
    await expect(slip.getByText('記入日')).toBeVisible();
    await expect(sheet.getByText('電話 03-0000-0000（受付 平日 9:00〜17:00）')).toBeVisible();
    // a 補欠 is asked nothing: her letter has no slip
    await expect(sheets.filter({ hasText: `${waiting.name} 様` }).getByTestId('letter-reply')).toHaveCount(0);
    await expectAccessible(page);

    // on paper the slip is the bottom third, cut along the second fold, and each letter is still one page
    await page.emulateMedia({ media: 'print' });
    const size = await sheet.boundingBox();
    expect((size?.height ?? 0) / PX_PER_MM).toBeLessThanOrEqual(297);
    const top = (await boxOnSheet(sheet, slip)).top;
    expect(top).toBeGreaterThan(196);
    expect(top).toBeLessThan(200);
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
    await page.emulateMedia({ media: 'screen' });
  });

  test('[管理][結果通知の郵送] まだ抽選していない講座では、印刷するものがないと伝える', async ({
    page,
    playwright,
  }) => {
    const request = await adminApi(playwright);
    const courseId = await addCourseAsAdmin(request);
    await request.dispose();
    await loginAdmin(page);
    await page.goto(`/admin/course/detail/${courseId}/letters`);
    await expect(page.getByText('印刷する結果通知はありません')).toBeVisible();
    await expect(page.getByRole('button', { name: '印刷する' })).toHaveCount(0);
    await expect(page.getByTestId('letter')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('[管理][結果通知の郵送] 大学の担当者は結果通知の郵送画面に入れない', async ({ page, playwright }) => {
    const request = await adminApi(playwright);
    const courseId = await addCourseAsAdmin(request);
    await request.dispose();
    await loginAdmin(page, ACCOUNTS.univ);
    await page.goto(`/admin/course/detail/${courseId}/letters`);
    await expect(page).toHaveURL(/\/admin\/apierror\?forbidden=1$/);
  });

  test('[管理][結果通知の郵送] スマートフォン幅(375px)と大きい文字で、結果通知を読める @phone', async ({
    page,
    playwright,
  }) => {
    const request = await adminApi(playwright);
    const { courseId } = await drawnCourse(request);
    await request.dispose();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.addInitScript(() => localStorage.setItem('color-standard', 'large'));
    await loginAdmin(page);
    await page.goto(`/admin/course/detail/${courseId}/letters`);
    await expect(page.getByRole('heading', { level: 1, name: '結果通知の郵送' })).toBeVisible();
    const sheets = page.getByTestId('letter');
    await expect(sheets).toHaveCount(3);
    // narrower than the paper: each letter a card in the flow, nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const address = sheets.first().getByTestId('letter-address');
    expect(await address.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const body = sheets.first().locator('p.m-letter-body');
    expect(
      await body.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    await expectAccessible(page);
  });
});
