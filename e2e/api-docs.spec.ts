import { expect, expectAccessible, test } from './fixtures';

// The API reference: generated from the routes' schemas; public on a demo (API_DOCS=public, the default on the
// embedded database; the journeys' servers set it).
test('[API] 参照ページでSPECの呼び出しと、だれが呼べるかを読める @phone', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'まなび API' })).toBeVisible();
  const apply = page.getByRole('heading', { level: 2, name: 'POST /api/mypage/courseapplication/' });
  await expect(apply).toBeVisible();
  await expect(page.getByText('学生（マイページのセッション）').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenAPI 3.1（JSON）' })).toBeVisible();
  // no sideways scrolling at 375 px: long paths and tables wrap
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  const json = await page.request.get('/api/openapi.json');
  expect(json.status()).toBe(200);
  expect((await json.json()).openapi).toBe('3.1.0');
});
