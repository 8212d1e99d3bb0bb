import { expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * decision 027: /mypage/top draws its frame and h1 from the HTML, before any script has run, and
 * the app takes its place once it has drawn the page. A visitor without a session is not shown the frame
 * of a page they are about to be sent away from.
 */
test('[マイページ][最初の表示] スクリプトが動く前から見出しが見え、画面ができると入れ替わる @phone', async ({
  page,
  browser,
}) => {
  await loginStudent(page);

  // before the scripts: the same session, with JavaScript off, shows what the HTML itself draws
  const cookies = await page.context().cookies();
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    await noScript.addCookies(cookies);
    const early = await noScript.newPage();
    await early.goto('/mypage/top');
    const shell = early.locator('#shell');
    await expect(shell.locator('h1')).toHaveText('マイページ トップ');
    await expect(shell).toContainText('まなび マイページ');
    await expect(shell).toContainText('読み込み中');
    // a picture of the page: hidden from screen readers, nothing in it to press
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    await expect(shell.locator('a, button, input, [tabindex]')).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // with the scripts: the app's page replaces the picture, and the page is the app's alone
  await page.goto('/mypage/top');
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ トップ' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '申し込んだ講座' })).toBeVisible();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  // the keyboard starts where every page starts it
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へ移動' })).toBeFocused();
  await expectAccessible(page);
});

test('[マイページ][最初の表示] ログインしていない人にはトップの枠を描かず、ログイン画面へ', async ({
  page,
}) => {
  const answer = await page.goto('/mypage/top');
  expect(await answer?.text()).not.toContain('id="shell"');
  await expect(page).toHaveURL(/\/mypage\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
  await expectAccessible(page);
});

/**
 * decision 079: a page's first Intl call loads ICU's data, tens of milliseconds of a phone's main thread at
 * the first paint. The student's main screens draw without it: dates are Tokyo arithmetic (decision 068) and
 * react-aria's locale is the app's own ja-JP, not checked against ICU (packages/web/preact.ts).
 */
test('[マイページ][最初の表示] 主な画面は Intl（ICU）を使わずに描かれる', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of [
      'DateTimeFormat',
      'NumberFormat',
      'Collator',
      'Locale',
      'PluralRules',
      'ListFormat',
    ]) {
      const original = intl[name] as (new (...args: unknown[]) => object) & Record<string, unknown>;
      intl[name] = new Proxy(original, {
        construct(target, args) {
          calls.push(`new Intl.${name}`);
          return new target(...args);
        },
        get(target, key) {
          if (key === 'supportedLocalesOf') calls.push(`Intl.${name}.supportedLocalesOf`);
          return target[key as string];
        },
      });
    }
    for (const [proto, method] of [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [String.prototype, 'localeCompare'],
    ] as const) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
      (proto as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        calls.push(method);
        return original?.apply(this, args);
      };
    }
  });
  const intlCalls = () => page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);

  await page.goto('/mypage/login');
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ ログイン' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  expect(await intlCalls()).toEqual([]);

  await loginStudent(page);
  for (const [path, h1] of [
    ['/mypage/top', 'マイページ トップ'],
    ['/mypage/course/search/accepting', '講座を探す'],
    ['/mypage/course/applied', '申込状況・受講履歴'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
    expect(await intlCalls(), path).toEqual([]);
  }
});
