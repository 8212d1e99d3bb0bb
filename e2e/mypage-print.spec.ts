import { addCourseAsAdmin, uniqueTag } from './data';
import { expect, expectAccessible, loginAdmin, loginStudent, test } from './fixtures';

/**
 * Printing the my-page: what a student prints comes out black on white, without the header,
 * menu, footer, search form or buttons, and a link to another site has its address written after it —
 * whatever colour scheme the screen uses.
 */
test('[マイページ][印刷] 講座の詳細は、白地に黒でメニューなし、外部リンクのアドレス付きで印刷される', async ({
  page,
}) => {
  await loginAdmin(page);
  const name = `印刷テスト講座${uniqueTag()}`;
  const url = 'https://www.city.example.jp/manabi/koza/print';
  const id = await addCourseAsAdmin(page.request, { course_name: name, permalink: url });
  await page.request.get('/api/auth/admin/logout/');
  await loginStudent(page);
  await page.goto(`/mypage/course/detail/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // the black scheme on screen, saved where the header's colour buttons save it (the shell re-applies the
  // saved scheme when it mounts, so an attribute set by hand may be undone)
  await page.evaluate(() => localStorage.setItem('screen-color', 'black'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          getComputedStyle(document.querySelector('main')?.closest('.bg-canvas') as Element).backgroundColor,
      ),
    )
    .toBe('rgb(0, 0, 0)');

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header')).toBeHidden();
  for (const nav of await page.getByRole('navigation').all()) await expect(nav).toBeHidden();
  await expect(page.locator('footer')).toBeHidden();
  // links to other screens of the app and the placeholder picture are not printed
  await expect(page.getByRole('link', { name: '講座一覧に戻る' })).toBeHidden();
  await expect(page.getByRole('main').locator('img')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const colours = await page.evaluate(() => {
    const frame = getComputedStyle(document.querySelector('main')?.closest('.bg-canvas') as Element);
    const title = getComputedStyle(document.querySelector('main h1') as Element);
    return { background: frame.backgroundColor, text: title.color };
  });
  expect(colours).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
  const link = page.locator(`main a[href="${url}"]`);
  expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toContain(url);
  // the main column takes the whole page width (no empty menu column)
  const width = await page.locator('main').evaluate((m) => m.getBoundingClientRect().width);
  expect(width).toBeGreaterThan((page.viewportSize()?.width ?? 1280) * 0.8);
});

test('[マイページ][印刷] 学生証を開いて「印刷する」と、学生証だけが印刷される', async ({ page }) => {
  await loginStudent(page);
  await page.goto('/mypage/top');
  await page.getByRole('button', { name: '学生証', exact: true }).click();
  const card = page.getByRole('dialog', { name: '学生証' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: '印刷する' })).toBeVisible();
  await expectAccessible(page);

  await page.emulateMedia({ media: 'print' });
  // the page behind is not printed; the card is, in the page flow, without the dark backdrop
  await expect(page.locator('#root')).toBeHidden();
  await expect(card.getByText('まなび市民大学 学生証')).toBeVisible();
  await expect(card.getByText('学生番号')).toBeVisible();
  const overlay = await card.evaluate((d) => {
    const o = d.closest('.print-dialog') as Element;
    const s = getComputedStyle(o);
    return { position: s.position, background: s.backgroundColor };
  });
  expect(overlay).toEqual({ position: 'static', background: 'rgba(0, 0, 0, 0)' });
  await expect(card.getByRole('button', { name: '印刷する' })).toBeHidden();

  // closed again, the page prints as before
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeVisible();
});
