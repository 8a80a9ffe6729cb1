import path from 'node:path';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const shots = path.join(import.meta.dirname, 'test-results', 'screenshots');

test('the home pages render in Japanese by default and switch to English', async ({ page }) => {
  await page.goto('/audience/home?crawler=true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.screenshot({ path: path.join(shots, 'audience-home-ja.png'), fullPage: true });
  await page.goto('/streamer/home?crawler=true');
  await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'streamer-home-ja.png'), fullPage: true });

  await page.getByRole('button', { name: /言語を切り替える/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // The choice is remembered across visits.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'streamer-home-en.png'), fullPage: true });
});

test('a phone-sized screen gets a usable layout', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/streamer/home?crawler=true');
  await expect(page.locator('h1').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(shots, 'streamer-home-phone.png'), fullPage: true });
  await context.close();
});

test('the shell loads under the server CSP without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A signed-out visitor's session check answers 401 by design; anything else is a real problem.
    if (message.type() === 'error' && !/401/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page.locator('h1').first()).toBeVisible();
  await page.goto('/signup/streamer');
  await expect(page.locator('h1').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('the default avatar and the API docs are served', async ({ request }) => {
  const avatar = await request.get('/assets/images/avatar.svg');
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['content-type']).toContain('image/svg+xml');
  const docs = await request.get('/api/docs/json');
  expect((await docs.json()).paths['/api/health']).toBeDefined();
});

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const url of ['/', '/signup/streamer', '/streamer/home?crawler=true', '/audience/home?crawler=true']) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${url}: ${v.id} — ${v.help}`)).toEqual([]);
  }
});

test('signed-out pages make no call that fails (no 401 from the account read) and log nothing', async ({
  page,
  request,
}) => {
  const campaigns = (await (await request.get('/api/campaign?limit=100')).json()) as {
    list: { id: string; status: string }[];
  };
  const ended = campaigns.list.find((item) => item.status === 'ended')!;
  const failed: string[] = [];
  const logged: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/')) asked.push(new URL(req.url()).pathname);
  });
  for (const path of ['/', `/campaign/${ended.id}`, '/news']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // No session cookie, so no session hint: neither the session nor the account is asked (decisions 0095, 0113),
  // and the campaign page took its campaign from the page it came in.
  expect(asked).not.toContain('/api/auth/get-session');
  expect(asked).not.toContain('/api/myAccountBase');
  expect(asked).not.toContain(`/api/campaign/${ended.id}`);
  await expect(page.getByTestId('campaign-detail')).toHaveCount(0); // on /news now
  await page.goto(`/campaign/${ended.id}`);
  await expect(page.getByTestId('campaign-detail')).toBeVisible();
  expect(failed).toEqual([]);
  expect(logged).toEqual([]);
});
