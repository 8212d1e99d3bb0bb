import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginStudent, test } from './fixtures';

/**
 * 文字サイズ「大きい」 really large. Every my-page screen at 320 CSS px — a 640 px window at
 * 200 % zoom (WCAG 1.4.4 / 1.4.10; deviceScaleFactor 2 renders it as that zoom would) — shows every visible
 * text at 20 px or more and every control at least 48 × 48 px (a link inside a sentence excepted, WCAG
 * 2.5.8), scrolls nothing sideways, cuts no text off and lays no text over other text; axe finds nothing.
 * Read-only on the demo data of 24040001 (opening a notice marks it read, which no journey counts); the
 * inquiry is taken to its confirmation step only.
 */

test.use({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 });

const MIN_TEXT_PX = 20;
const MIN_TARGET_PX = 48;

type Theme = 'white' | 'black';

/** The display choices as the my-page saves them (packages/web/src/lib/prefs.ts), before any page loads. */
async function preferLargeFont(page: Page, theme: Theme) {
  await page.addInitScript((color) => {
    localStorage.setItem('color-standard', 'large');
    localStorage.setItem('screen-color', color);
  }, theme);
}

interface Findings {
  overflow: number;
  smallText: string[];
  smallTargets: string[];
  clipped: string[];
  overlapping: string[];
}

/**
 * Measures the page as shown (in the browser). Texts and controls are looked for inside `scope` (the open
 * dialog, or the whole page). Each offender is described by its element, text and size.
 */
function measure({ scope, minText, minTarget }: { scope: string; minText: number; minTarget: number }) {
  const root = document.querySelector(scope) ?? document.body;
  const nameOf = (el: Element) => {
    const role = el.getAttribute('role');
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>「${text.slice(0, 30)}」`;
  };
  /** Hidden for the eye: react-aria's sr-only texts and hidden native inputs sit in a 1 px clipped box. */
  const visuallyHidden = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      const r = a.getBoundingClientRect();
      if ((r.width <= 1 || r.height <= 1) && s.overflow !== 'visible') return true;
    }
    return false;
  };
  const shown = (el: Element) => {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    // moved off the page until focused (the skip link)
    if (r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0) return false;
    return !visuallyHidden(el);
  };

  const texts: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent?.trim() || el.closest('script, style, noscript, template')) continue;
    if (shown(el)) texts.push(node as Text);
  }

  const smallText = new Set<string>();
  for (const node of texts) {
    const el = node.parentElement as Element;
    const size = Number.parseFloat(getComputedStyle(el).fontSize);
    if (size < minText) smallText.add(`${nameOf(el)} ${size}px`);
  }
  for (const el of root.querySelectorAll('input, select, textarea')) {
    if (!shown(el) || el.matches('[type=radio], [type=checkbox]')) continue;
    const size = Number.parseFloat(getComputedStyle(el).fontSize);
    if (size < minText) smallText.add(`${nameOf(el)}（入力欄 ${el.id}）${size}px`);
  }

  /** A link inside running text: the sentence sets its size (WCAG 2.5.8 inline exception). */
  const inSentence = (el: Element) =>
    el.tagName === 'A' &&
    getComputedStyle(el).display === 'inline' &&
    [...(el.parentElement?.childNodes ?? [])].some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
    );
  /** What a press lands on: the label around react-aria's hidden radio/checkbox input; the card a ::after covers. */
  const hitArea = (control: Element): Element => {
    if (control.matches('input[type=radio], input[type=checkbox]'))
      return control.closest('label') ?? control;
    const after = getComputedStyle(control, '::after');
    if (after.content !== 'none' && after.position === 'absolute' && control instanceof HTMLElement)
      return control.offsetParent ?? control;
    return control;
  };
  const smallTargets = new Set<string>();
  const controls = root.querySelectorAll(
    'a[href], button, select, textarea, summary, input:not([type=hidden]), [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=combobox]',
  );
  for (const control of controls) {
    const target = hitArea(control);
    if (!shown(target) || inSentence(target)) continue;
    const r = target.getBoundingClientRect();
    if (r.height < minTarget - 0.5 || r.width < minTarget - 0.5)
      smallTargets.add(`${nameOf(target)} ${Math.round(r.width)}×${Math.round(r.height)}px`);
  }

  // text cut off by a box that hides what overflows it
  const clipped = new Set<string>();
  for (const el of root.querySelectorAll('*')) {
    const s = getComputedStyle(el);
    const clips = (v: string) => v === 'hidden' || v === 'clip';
    if (!clips(s.overflowX) && !clips(s.overflowY)) continue;
    if (!el.textContent?.trim() || !shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      clipped.add(
        `${nameOf(el)} ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}px`,
      );
  }

  // one line of text drawn over another (each line's glyph box, 2 px of tolerance)
  const lines: { rect: DOMRect; node: Text }[] = [];
  for (const node of texts) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (rect.width > 0) lines.push({ rect, node });
  }
  const overlapping = new Set<string>();
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.node === b.node) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 2 && y > 2)
        overlapping.add(
          `「${a.node.textContent?.trim().slice(0, 20)}」×「${b.node.textContent?.trim().slice(0, 20)}」`,
        );
    }
  }

  const html = document.documentElement;
  return {
    overflow: html.scrollWidth - html.clientWidth,
    smallText: [...smallText],
    smallTargets: [...smallTargets],
    clipped: [...clipped],
    overlapping: [...overlapping],
  } satisfies Findings;
}

/** The screen is large, fits 320 px and passes axe; `scope` narrows the text checks to an open dialog. */
async function expectLargeAndFitting(page: Page, what: string, scope = 'body') {
  await expect(page.getByText('読み込み中...')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-font', 'large');
  const found = await page.evaluate(measure, { scope, minText: MIN_TEXT_PX, minTarget: MIN_TARGET_PX });
  // soft: one run lists the offenders of every screen
  expect.soft(found.overflow, `${what}: the page scrolls sideways at 320 px by`).toBeLessThanOrEqual(0);
  expect.soft(found.smallText, `${what}: texts under ${MIN_TEXT_PX} px`).toEqual([]);
  expect
    .soft(found.smallTargets, `${what}: controls under ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px`)
    .toEqual([]);
  expect.soft(found.clipped, `${what}: texts cut off by their box`).toEqual([]);
  expect.soft(found.overlapping, `${what}: texts drawn over each other`).toEqual([]);
  await expectAccessible(page);
}

/** A demo course 24040001 can apply to, picked through the API as the student sees it. */
async function courseToApplyTo(page: Page): Promise<number> {
  const accepting = await (await page.request.get('/api/mypage/acceptingcourselist/')).json();
  for (const row of accepting.data_list as { id: number }[]) {
    const detail = await (await page.request.get('/api/mypage/course/', { params: { id: row.id } })).json();
    if (detail.is_disp_applybtn) return row.id;
  }
  throw new Error('no demo course 24040001 can apply to');
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A required field's label ends with 「必須」. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));

test('[マイページ][表示] 大きい文字：ログイン前の画面は320 px幅でも文字20 px以上・操作部品48 px以上で、横にはみ出さない', async ({
  page,
}) => {
  await preferLargeFont(page, 'white');
  const screens: [path: string, heading: string][] = [
    ['/mypage/login', 'ログイン'],
    ['/mypage/password', 'パスワードの再設定'],
    ['/mypage/admission', '入学申込み'],
    ['/mypage/inquiry', 'お問い合わせ'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(h1(page, heading)).toBeVisible();
    await expectLargeAndFitting(page, path);
  }

  // a long mail address on the confirmation step wraps instead of widening the page
  const mail = 'manabi.shimin.daigaku.kouza.moushikomi.otoiawase@example-municipal-office.lg.jp';
  await page
    .getByRole('radiogroup', { name: /お問い合わせの種類/ })
    .getByText('その他の質問・相談', { exact: true })
    .click();
  await field(page, 'お問い合わせの詳細').fill('講座の見学はできますか。');
  await field(page, '氏名').fill('鈴木 一郎');
  await field(page, 'メールアドレス').fill(mail);
  await field(page, 'メールアドレス（確認）').fill(mail);
  await field(page, '電話番号').fill('0312345678');
  await page.locator('label').filter({ hasText: '個人情報の取り扱いに同意して送信する' }).click();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByText(mail)).toBeVisible();
  await expectLargeAndFitting(page, '/mypage/inquiry（確認・長いメールアドレス）');
});

for (const theme of ['white', 'black'] as const) {
  test(`[マイページ][表示] 大きい文字（背景色 ${theme}）：ログイン後の画面は320 px幅でも文字20 px以上・操作部品48 px以上で、横にはみ出さない`, async ({
    page,
  }) => {
    await preferLargeFont(page, theme);
    await loginStudent(page);
    const course = await courseToApplyTo(page);
    const screens: [path: string, heading: string | RegExp][] = [
      ['/mypage/top', 'マイページ トップ'],
      ['/mypage/news/1', 'みなさんへのお知らせ'],
      ['/mypage/course/search/accepting', '講座を探す'],
      ['/mypage/course/search/before', '講座を探す'],
      [`/mypage/course/detail/${course}`, /.+/],
      [`/mypage/course/applicant/${course}`, '講座の申込内容の確認'],
      ['/mypage/course/applied', '申込状況・受講履歴'],
      ['/mypage/course/attended', '申込状況・受講履歴'],
      ['/mypage/user', '利用者情報'],
      ['/mypage/user/update', '連絡先の変更'],
      ['/mypage/user/password', 'パスワードの変更'],
      ['/mypage/user/address', '住所変更の届出'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      if (theme === 'black') await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
      await expectLargeAndFitting(page, path);
    }

    // a notice, opened from the list
    await page.goto('/mypage/news/1');
    const notice = page.getByRole('main').getByRole('listitem').getByRole('link').first();
    const title = (await notice.textContent()) ?? '';
    await notice.click();
    await expect(h1(page, title)).toBeVisible();
    await expectLargeAndFitting(page, 'お知らせの詳細');

    // the student ID card, over the page
    await page.getByRole('button', { name: '学生証' }).click();
    await expect(page.getByRole('dialog', { name: '学生証' })).toBeVisible();
    await expectLargeAndFitting(page, '学生証', '[role=dialog]');
  });
}

test('[マイページ][表示] 大きい文字の検査は、小さい文字・小さいボタン・切れた文字・重なり・はみ出しを見つける', async ({
  page,
}) => {
  // the checks above pass only if they can fail: plant one offender of each kind on a real screen
  await preferLargeFont(page, 'white');
  await page.goto('/mypage/login');
  await expect(h1(page, 'ログイン')).toBeVisible();
  await page.getByRole('main').evaluate((main) => {
    main.insertAdjacentHTML(
      'beforeend',
      `<p style="font-size:12px">小さい注記</p>
       <button type="button" style="height:30px;min-height:0">小</button>
       <div style="width:3rem;overflow:hidden;white-space:nowrap">切れてしまう長い文</div>
       <div style="position:relative"><span>下の文字</span><span style="position:absolute;left:0;top:0">上の文字</span></div>
       <div style="width:400px">幅の広い箱</div>`,
    );
  });
  const found = await page.evaluate(measure, {
    scope: 'body',
    minText: MIN_TEXT_PX,
    minTarget: MIN_TARGET_PX,
  });
  expect(found.smallText).toContain('<p>「小さい注記」 12px');
  expect(found.smallTargets.some((t) => t.startsWith('<button>「小」'))).toBe(true);
  expect(found.clipped.some((t) => t.includes('切れてしまう長い文'))).toBe(true);
  expect(found.overlapping).toContain('「下の文字」×「上の文字」');
  expect(found.overflow).toBeGreaterThan(0);
});
