import type { DestinationStream } from 'pino';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { platformConnection } from '../../db/schema.ts';
import { CONNECT_BINDING_COOKIE } from '../live-connections/connect-binding.ts';
import {
  asUser,
  createTestContext,
  headerSessions,
  type TestBackend,
  type TestContext,
} from '../../test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../../test/live-entries.fixture.ts';
import type { CampaignEntryRule } from '../../db/schema.ts';

/**
 * For the live integration tests: the whole app listening on a real port that is also its PUBLIC_ORIGIN, so the
 * production adapters reach the sandbox over HTTP and the platforms' OAuth redirects come back to the callbacks.
 * Callers are impersonated with the `x-test-user` header (test sessions), on injected and real requests alike.
 */
export interface LiveWorld {
  ctx: TestContext;
  origin: string;
  console<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** A Hanabi user of the type, with a real row; `headers` impersonate them. */
  user(type: 'streamer' | 'audience'): Promise<{ userId: string; headers: Record<string, string> }>;
  campaign(
    streamerId: string,
    values?: { status?: 'draft' | 'scheduled' | 'live' | 'ended'; rule?: Partial<CampaignEntryRule> },
  ): Promise<string>;
  /**
   * The whole connect flow as a browser does it: ask Hanabi for the consent URL, click "Allow as <account>" on
   * the sandbox's consent page, follow the platform's redirect to Hanabi's callback in the same browser (same
   * session, with the binding cookie the URL answer set). Answers the final
   * Location (the SPA path with `?connected=` or `?connectError=`).
   */
  connect(
    headers: Record<string, string>,
    platform: 'youtube' | 'twitcasting',
    purpose: 'identity' | 'liveStreaming',
    account: string,
    returnTo?: string,
  ): Promise<string>;
  /** Opens a consent page and clicks the account's button; answers the platform's redirect target. */
  consent(url: string, account: string): Promise<URL>;
  /** Calls a callback URL like the browser would (with the caller's headers) and answers its Location. */
  callback(url: URL | string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/** Opens a sandbox consent page, clicks "Allow as <account>" and answers the platform's redirect target. */
export async function clickConsent(url: string, account: string): Promise<URL> {
  const page = await fetch(url, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
  const match = new RegExp(`href="([^"]+)"[^>]*>Allow as ${account}<`).exec(html);
  if (!match) throw new Error(`no "Allow as ${account}" button`);
  const approved = await fetch(new URL(match[1]!.replaceAll('&amp;', '&'), url), { redirect: 'manual' });
  if (approved.status !== 302) throw new Error(`approve answered ${approved.status}`);
  return new URL(approved.headers.get('location')!);
}

/**
 * The `cookie` header a browser would send to the platform's callback after asking for a consent URL: the
 * HttpOnly binding cookie that answer set (decision 0060). Empty when the answer set none.
 */
export function bindingCookieOf(answer: { headers: Record<string, unknown> }): string {
  const raw = answer.headers['set-cookie'];
  const lines = (Array.isArray(raw) ? raw : [raw]).filter((line): line is string => typeof line === 'string');
  const line = lines.find((candidate) => candidate.startsWith(`${CONNECT_BINDING_COOKIE}=`));
  return line ? line.split(';')[0]! : '';
}

/** Calls a callback URL like the browser would (with the caller's headers) and answers its Location. */
export async function followCallback(
  url: URL | string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(url, { redirect: 'manual', headers });
  if (response.status !== 302)
    throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location')!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const CONSENT_PATHS = {
  youtube: {
    identity: '/api/oauth/youtube/channelId/url',
    liveStreaming: '/api/oauth/youtube/liveStreaming/url',
  },
  twitcasting: {
    identity: '/api/oauth/twitcasting/account/url',
    liveStreaming: '/api/oauth/twitcasting/liveStreaming/url',
  },
} as const;

export async function startLiveWorld(
  backend: TestBackend,
  options: {
    workers?: boolean;
    env?: Record<string, string>;
    /** Real sign-ins (better-auth cookies and bearer tokens) instead of `x-test-user` headers. */
    realSessions?: boolean;
    /** Where the log goes instead of stdout. */
    logStream?: DestinationStream;
  } = {},
): Promise<LiveWorld> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext(backend, {
    env: { PUBLIC_ORIGIN: origin, PORT: String(port), ...options.env },
    ...(options.realSessions ? {} : { sessions: headerSessions }),
    workers: options.workers ?? false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const db = ctx.container.database.db;

  const world: LiveWorld = {
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
    async user(type) {
      const userId = await insertUser(db, {
        type,
        name: `${type} ${Math.random().toString(36).slice(2, 6)}`,
      });
      return { userId, headers: asUser({ userId, type, authUserId: `a-${userId}` }) };
    },
    async campaign(streamerId, values = {}) {
      const goodsId = await insertGoods(db, streamerId);
      return insertCampaign(db, { streamerId, goodsId, ...values });
    },
    consent: clickConsent,
    callback: followCallback,
    async connect(headers, platform, purpose, account, returnTo) {
      const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `${CONSENT_PATHS[platform][purpose]}${query}`,
        headers,
      });
      if (answer.statusCode !== 200)
        throw new Error(`consent url answered ${answer.statusCode}: ${answer.body}`);
      const back = await world.consent(answer.json<{ url: string }>().url, account);
      // Back in the same browser: its session and the binding cookie the URL answer set.
      return world.callback(back, { ...headers, cookie: bindingCookieOf(answer) });
    },
    close: () => ctx.close(),
  };
  return world;
}

/** Makes the stream due and polls it once in this process (tests drive polls by hand; workers stay off). */
export async function pollNow(world: LiveWorld, liveStreamId: string) {
  await world.ctx.container.database.db.execute(
    sql`update live_stream set next_poll_at = now() - interval '1 second' where id = ${liveStreamId}`,
  );
  return world.ctx.container.services.livePoller.poll(liveStreamId);
}

/** The streamer starts (`POST`) or stops (`DELETE`) reading the platform's chat for the campaign. */
export function readChat(
  world: LiveWorld,
  method: 'POST' | 'DELETE',
  campaignId: string,
  platform: 'youtube' | 'twitcasting',
  headers: Record<string, string>,
) {
  const url = `/api/liveStreaming/${campaignId}/stream`;
  return method === 'POST'
    ? world.ctx.app.inject({ method, url, headers, payload: { platform } })
    : world.ctx.app.inject({ method, url: `${url}?platform=${platform}`, headers });
}

/** A streamer whose channel on the platform is connected for live streaming, with a live sandbox broadcast. */
export async function liveStreamer(
  world: LiveWorld,
  platform: 'youtube' | 'twitcasting',
  account: string,
): Promise<{ userId: string; headers: Record<string, string>; channelId: string; sandboxStreamId: string }> {
  const streamer = await world.user('streamer');
  const location = await world.connect(streamer.headers, platform, 'liveStreaming', account);
  if (!location.includes('connected=')) throw new Error(`connect failed: ${location}`);
  const [connection] = await world.ctx.container.database.db
    .select()
    .from(platformConnection)
    .where(eq(platformConnection.userId, streamer.userId));
  const started = await world.console<{ id: string }>('POST', '/streams', {
    platform,
    ownerId: connection!.platformUserId,
  });
  return { ...streamer, channelId: connection!.platformUserId, sandboxStreamId: started.body.id };
}
