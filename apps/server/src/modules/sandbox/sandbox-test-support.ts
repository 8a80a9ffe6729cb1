import type { AddressInfo } from 'node:net';
import { SANDBOX_CLIENT } from '../../config.ts';
import { YouTubeHttpApi, type YouTubeApiOptions } from '../../adapters/youtube/index.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

/**
 * For the sandbox integration tests: the app listening on a real port (the adapters speak HTTP to it exactly as
 * to the platforms), plus helpers to drive the consent page and the console API like a browser would.
 */
export interface ListeningSandbox {
  ctx: TestContext;
  origin: string;
  console<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Opens a consent page, clicks "Allow as <name>" and returns the redirect target. */
  consent(url: string, name: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startListeningSandbox(): Promise<ListeningSandbox> {
  // The fake platforms keep no state in the database, so one backend is enough.
  const ctx = await createTestContext('pglite');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return {
    ctx,
    origin,
    async console<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${origin}/sandbox/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async consent(url: string, name: string) {
      const page = await fetch(url, { redirect: 'manual' });
      const html = await page.text();
      if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
      const match = new RegExp(`href="([^"]+)"[^>]*>Allow as ${name}<`).exec(html);
      if (!match) throw new Error(`no "Allow as ${name}" button`);
      const href = match[1]!.replaceAll('&amp;', '&');
      const approved = await fetch(new URL(href, url), { redirect: 'manual' });
      if (approved.status !== 302) throw new Error(`approve answered ${approved.status}`);
      return new URL(approved.headers.get('location')!);
    },
    close: () => ctx.close(),
  };
}

/** The production YouTube adapter pointed at a listening sandbox, as embedded config points it. */
export function sandboxYouTubeApi(
  sandbox: Pick<ListeningSandbox, 'origin'>,
  onQuota: YouTubeApiOptions['onQuota'],
): YouTubeHttpApi {
  const base = `${sandbox.origin}/sandbox/youtube`;
  return new YouTubeHttpApi({
    clientId: SANDBOX_CLIENT.id,
    clientSecret: SANDBOX_CLIENT.secret,
    apiUrl: `${base}/youtube/v3`,
    authorizationUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    onQuota,
  });
}
