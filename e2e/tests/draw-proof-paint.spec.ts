import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, shoot } from '../support/e2e-helpers';

/**
 * The draw proof page's first paint (decision 0194): the server draws the page before any script runs, and
 * React's page must take its place without moving it — same boxes at a phone's and a desktop's width, in both
 * languages — or the swap is a layout shift and React's text a new, later Largest Contentful Paint.
 */

/** The demo seed's ended campaign holds a real, revealed draw (decision 0098). */
async function seededDrawId(page: Page): Promise<string> {
  const ended = await (await page.request.get('/api/campaign?type=audience&status=ended&limit=10')).json();
  for (const { id } of ended.list as { id: string }[]) {
    const results = await (await page.request.get(`/api/campaign/${id}/results`)).json();
    const draw = (results.draws as { id: string }[] | undefined)?.[0];
    if (draw) return draw.id;
  }
  throw new Error('The demo seed has no drawn campaign');
}

interface Box {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the page's headings, lead, value blocks and winners, in document order, under `scope`. */
function boxes(page: Page, scope: string): Promise<Box[]> {
  return page.evaluate((root) => {
    const main = document.querySelector(root)!;
    const lead = main.querySelector('h1 + div p, h1 ~ div p');
    const items = Array.from(main.querySelectorAll('h1, h2, pre, li'));
    if (lead) items.splice(1, 0, lead);
    return items.map((element) => {
      const rect = element.getBoundingClientRect();
      const what = `${element.tagName.toLowerCase()} ${(element.textContent ?? '').slice(0, 24)}`;
      return { what, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
  }, scope);
}

async function openIn(browser: Browser, locale: 'ja' | 'en', viewport: typeof PHONE, withScript: boolean) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'hanabi.locale', value: locale, url: test.info().project.use.baseURL! }]);
  await context.addInitScript((chosen) => {
    window.localStorage.setItem('hanabi.locale', chosen);
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, locale);
  const page = await context.newPage();
  // Without its scripts the page stays as the server drew it.
  if (!withScript) await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return page;
}

test.describe('the draw proof page drawn by the server', () => {
  for (const locale of ['ja', 'en'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      test(`React takes over without moving it (${locale}, ${size})`, async ({ browser }) => {
        const painted = await openIn(browser, locale, viewport, false);
        const id = await seededDrawId(painted);
        await painted.goto(`/draw/${id}`);
        await expect(painted.locator('html')).toHaveAttribute('lang', locale);
        await expect(painted.locator('[data-first-paint] pre').last()).toContainText(
          `npm run verify-draw -- ${new URL(painted.url()).origin}/draw/${id}`,
        );
        const before = await boxes(painted, '[data-first-paint] main');
        if (size === 'phone') await shoot(painted, `draw-proof-paint-${locale}-before-script.png`);
        await painted.context().close();

        const app = await openIn(browser, locale, viewport, true);
        await app.goto(`/draw/${id}`);
        await expect(app.getByTestId('verify-command')).toBeVisible();
        await expect(app.locator('[data-first-paint]')).toHaveCount(0);
        const after = await boxes(app, '#main-content');
        if (size === 'phone') await shoot(app, `draw-proof-paint-${locale}-after-script.png`);
        // React's page shows more below (the check's result), never less: the painted boxes come first.
        expect(after.length).toBeGreaterThanOrEqual(before.length);
        expect(before.length).toBeGreaterThan(5);
        for (const [index, box] of before.entries()) {
          const mine = after[index]!;
          expect(mine.what, `box ${index}`).toBe(box.what);
          for (const key of ['x', 'y', 'width', 'height'] as const) {
            expect(Math.abs(mine[key] - box[key]), `${box.what}: ${key}`).toBeLessThanOrEqual(1);
          }
        }
        await app.evaluate(() => window.scrollTo(0, 0));
        expect(
          await app.evaluate(() => (window as unknown as { shifts: number }).shifts),
        ).toBeLessThanOrEqual(0.05);
        await app.context().close();
      });
    }
  }
});
