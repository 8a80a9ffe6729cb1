// Shared steps of `npm run bench:api`: child processes, readiness, demo ids and a signed-in audience token.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A TypeScript entry point in a child process with IPC; stderr is watched (pg warnings show there). */
export function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/** Collects a child's stderr and counts pg's "already executing a query" warnings. */
export function watchStderr(child: ChildProcess): { text: () => string; pgWarnings: () => number } {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const piece = chunk.toString();
    text += piece;
    if (text.length > 200_000) text = text.slice(-100_000);
    process.stderr.write(piece);
  });
  return {
    text: () => text,
    pgWarnings: () => (text.match(/already executing a query/g) ?? []).length,
  };
}

export interface DemoIds {
  campaignId: string;
  /** Its status: a scheduled campaign's page reads neither results nor the live stream. */
  campaignStatus: string;
  streamerId: string;
  audienceUserId: string;
  /** Bearer token of the demo audience member. */
  audienceToken: string;
}

/** Ids of the demo seed and a bearer token for audience@demo.hanabi.local (e-mail link via the dev mailbox). */
export async function demoIds(base: string): Promise<DemoIds> {
  const list = (await (await fetch(`${base}/api/campaign?type=audience&limit=20`)).json()) as {
    list: { id: string; userId: string; status: string }[];
  };
  // A live campaign when the seed has one: what a chat burst opens (its page also reads results and the stream).
  const first = list.list.find((campaign) => campaign.status === 'live') ?? list.list[0];
  if (!first) throw new Error('the demo seed has no public campaign');
  const email = 'audience@demo.hanabi.local';
  const token = process.env.BENCH_DATABASE_URL
    ? await sessionInDatabase(process.env.BENCH_DATABASE_URL, email)
    : await signInByMailbox(base, email);
  const me = (await (
    await fetch(`${base}/api/myAccountBase`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: string };
  return {
    campaignId: first.id,
    campaignStatus: first.status,
    streamerId: first.userId,
    audienceUserId: me.id,
    audienceToken: token,
  };
}

/** PostgreSQL has no dev mailbox: a session row for the demo audience member, used as a bearer token. */
async function sessionInDatabase(url: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const token = crypto.randomBytes(24).toString('base64url');
    await client.query(
      `insert into auth_session (id, token, user_id, expires_at)
       select $1, $2, id, now() + interval '1 day' from auth_user where email = $3`,
      [crypto.randomUUID(), token, email],
    );
    return token;
  } finally {
    await client.end();
  }
}

/** The e-mail link flow through the dev mailbox (embedded): the token better-auth hands out. */
async function signInByMailbox(base: string, email: string): Promise<string> {
  const origin = new URL(base).origin;
  const requested = await fetch(`${base}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, callbackURL: '/signup/audience/finishSignUp' }),
  });
  if (!requested.ok) throw new Error(`magic link: ${requested.status} ${await requested.text()}`);
  // The link is bound to the browser that asked for it (decision 0064): open it with that browser's cookie.
  const browserCookie = requested.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as {
    messages: { to: string; links: string[] }[];
  };
  const link = mailbox.messages.find((message) => message.to === email)?.links[0];
  if (!link) throw new Error('no sign-in mail in the dev mailbox');
  const landing = await fetch(`${base}${new URL(link).pathname}${new URL(link).search}`, {
    redirect: 'manual',
    headers: { cookie: browserCookie },
  });
  const token = landing.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in link gave no token (${landing.status})`);
  return token;
}

/** Percentile of a list of numbers (sorted in place). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
}

/**
 * Opens an event stream on a connection of its own (a browser keeps one busy per stream) and closes it at its
 * first bytes: what opening the page costs the server; holding thousands of streams is the SSE mode's part.
 */
export function sseOpen(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: { ...headers, accept: 'text/event-stream' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          response.on('end', () => resolve(status));
          return;
        }
        response.once('data', () => {
          request.destroy();
          resolve(status);
        });
        response.on('error', () => undefined);
      },
    );
    request.on('error', reject);
  });
}

/** One GET over node:http on the given agent; answers the status once the body is read. */
export function httpGet(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
