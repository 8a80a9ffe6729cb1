import { expect, test, type Browser } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  STREAMER,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  signIn,
} from '../support/e2e-helpers';

/**
 * Issue 25, attack 1 in real browsers (decision 0060): a signed-in attacker asks Hanabi for a YouTube consent
 * link and sends it to a viewer; the viewer opens it in their own browser (no Hanabi session), presses "Allow"
 * on the (sandbox) Google page as their own channel, and comes back to Hanabi — which links nothing and says
 * "sign in, then connect again", in Japanese and in English, on a phone and on a desktop.
 */
const VICTIM = 'Viewer Ren';

async function attackerLink(browser: Browser): Promise<{ url: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, 'streamer', STREAMER);
  const answer = await page.request.get('/api/oauth/youtube/channelId/url');
  expect(answer.status()).toBe(200);
  return { url: ((await answer.json()) as { url: string }).url, close: () => context.close() };
}

test('a consent link sent by someone else links nothing and tells the viewer to sign in and connect again', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const attacker = await attackerLink(browser);

  for (const locale of ['ja', 'en'] as const) {
    // The viewer's own browser: never signed in to Hanabi.
    const context = await browser.newContext({ viewport: locale === 'ja' ? DESKTOP : PHONE });
    await context.addInitScript((value) => window.localStorage.setItem('hanabi.locale', value), locale);
    const viewer = await context.newPage();
    const problems: string[] = [];
    viewer.on('pageerror', (error) => problems.push(error.message));
    const link = locale === 'ja' ? attacker.url : (await attackerLink(browser)).url;
    await viewer.goto(link);
    await expect(viewer.getByText('Sign in to YouTube (Google)')).toBeVisible();
    await viewer.getByRole('link', { name: `Allow as ${VICTIM}` }).click();

    await expect(viewer).toHaveURL(/\/$/);
    const message =
      locale === 'ja'
        ? 'ご自身の Hanabi アカウントにログインしてから、もう一度連携してください。'
        : 'Sign in to your own Hanabi account, then connect again.';
    await expect(viewer.getByText(message, { exact: false })).toBeVisible();
    await noSeriousAxeViolations(viewer, `landing after a foreign connect link (${locale})`);
    await noHorizontalOverflow(viewer);
    await shoot(viewer, `custody-foreign-link-${locale}${locale === 'en' ? '-phone' : ''}.png`);
    await viewer.setViewportSize(locale === 'ja' ? PHONE : DESKTOP);
    await noHorizontalOverflow(viewer);
    await shoot(viewer, `custody-foreign-link-${locale}${locale === 'en' ? '' : '-phone'}.png`);
    expect(problems).toEqual([]);
    await context.close();
  }

  // Nobody has the viewer's channel: the attacker's connections do not show it.
  const state = (await (await request.get('/sandbox/api/state')).json()) as {
    accounts: { platform: string; id: string; name: string }[];
  };
  const ren = state.accounts.find((item) => item.platform === 'youtube' && item.name === VICTIM)!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'streamer', STREAMER);
  const connections = (await (await page.request.get('/api/oauth/connections')).json()) as {
    youtube: { platformUserId: string } | null;
  };
  expect(connections.youtube?.platformUserId ?? null).not.toBe(ren.id);
  await context.close();
  await attacker.close();
});
