import { expect, test } from '@playwright/test';

/**
 * Every route of the original (docs/original-spec.md §2), visited by a signed-out visitor: where it lands,
 * and — on pages a visitor may see — which menu entry is current.
 */
const landings: Array<[visit: string, lands: string]> = [
  ['/', '/'],
  ['/streamer', '/streamer'],
  ['/audience', '/audience'],
  ['/terms', '/terms'],
  ['/distributer', '/streamer'],
  ['/distributer/home', '/signup/streamer'],
  ['/streamer/signup', '/signup/streamer'],
  ['/audience/signup', '/signup/audience'],
  ['/signup/streamer', '/signup/streamer'],
  ['/signup/audience', '/signup/audience'],
  ['/signup/streamer/finishSignUp', '/signup/streamer/finishSignUp'],
  ['/signup/audience/finishSignUp', '/signup/audience/finishSignUp'],
  ['/streamer/home', '/signup/streamer'],
  ['/streamer/editor/campaign', '/signup/streamer'],
  ['/streamer/editor/campaign/1', '/signup/streamer'],
  ['/streamer/editor/manual-distribution', '/signup/streamer'],
  ['/streamer/editor/digitalgoods', '/signup/streamer'],
  ['/streamer/account', '/signup/streamer'],
  ['/streamer/liveStreaming/1', '/signup/streamer'],
  ['/audience/home', '/signup/audience'],
  ['/audience/collection', '/signup/audience'],
  ['/audience/campaign', '/signup/audience'],
  ['/audience/streamer', '/signup/audience'],
  ['/audience/account', '/signup/audience'],
  ['/collection/1', '/signup/streamer'],
  ['/campaign/1', '/campaign/1'],
  ['/operator', '/signup/streamer'],
  ['/operator/dashboard', '/signup/streamer'],
];

test.describe('signed-out visitor', () => {
  for (const [visit, lands] of landings) {
    test(`${visit} → ${lands}`, async ({ page }) => {
      await page.goto(visit);
      await expect(page).toHaveURL((url) => url.pathname === lands);
      await expect(page.locator('h1').first()).toBeVisible();
    });
  }

  // crawler=true opens any page without sign-in, which lets a visitor see the area menus.
  const menus: Array<[visit: string, current: string]> = [
    ['/streamer/home?crawler=true', 'home'],
    ['/streamer/editor/campaign?crawler=true', 'campaign'],
    ['/streamer/editor/campaign/7?crawler=true', 'campaign'],
    ['/streamer/editor/manual-distribution?crawler=true', 'manual-distribution'],
    ['/streamer/editor/digitalgoods?crawler=true', 'digitalgoods'],
    ['/streamer/account?crawler=true', 'account'],
    ['/audience/home?crawler=true', 'home'],
    ['/audience/collection?crawler=true', 'collection'],
    ['/audience/campaign?crawler=true', 'campaign'],
    ['/audience/streamer?crawler=true', 'streamer'],
    ['/audience/account?crawler=true', 'account'],
  ];
  for (const [visit, current] of menus) {
    test(`${visit} stays and marks "${current}" as the current menu entry`, async ({ page }) => {
      await page.goto(visit);
      await expect(page).toHaveURL((url) => url.pathname === visit.split('?')[0]);
      const entry = page.locator(`[data-menu="${current}"]`).first();
      await expect(entry).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('[data-menu][aria-current="page"]')).toHaveCount(1);
    });
  }
});

test.describe('external redirects', () => {
  test('an unknown host gets an interstitial showing the target', async ({ page }) => {
    const target = 'https://unknown.example.org/path?q=1';
    await page.goto(`/externalRedirect?externalUrl=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/\/externalRedirect/);
    await expect(page.getByText(target)).toBeVisible();
  });

  test('a non-http URL is refused', async ({ page }) => {
    await page.goto(`/externalRedirect?externalUrl=${encodeURIComponent('javascript:alert(1)')}`);
    await expect(page).toHaveURL(/\/externalRedirect/);
    await expect(page.getByRole('link', { name: /javascript:/ })).toHaveCount(0);
    await expect(page.getByRole('alert')).toBeVisible();
  });
});
