import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPaths } from './paths.ts';
import { outwardAddress } from './test/loopback-clients.ts';

/**
 * Runs the built server as a child process, the way `npm start` and production do (the integration run's global
 * set-up builds it; starting from source made Node compile the whole server on every start, over a minute on a
 * loaded machine).
 */
function startServer(env: Record<string, string | undefined>) {
  const merged = { ...process.env, LOG_PRETTY: '0', LOG_LEVEL: 'info', HANABI_DEMO: '0', ...env };
  const child = spawn(process.execPath, [serverPaths.builtMain], {
    cwd: serverPaths.root,
    // An undefined value leaves the setting unset: the server's own default applies.
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = async () => {
    const deadline = Date.now() + 60_000;
    while (!/Hanabi [^\n]*ready/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, ready, output: () => output };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built server draws a share card in its card worker (dist/og-card.worker.js, decision 0211): a crawler of a
 * demo campaign is pointed at the campaign's own 1200 × 630 PNG.
 */
async function expectSharedCard(origin: string) {
  const listed = await fetch(`${origin}/api/campaign?type=audience&limit=1`);
  const [campaign] = ((await listed.json()) as { list: { id: string }[] }).list;
  expect(campaign).toBeDefined();
  const page = await (await fetch(`${origin}/campaign/${campaign!.id}?crawler=true`)).text();
  const image = /<meta property="og:image" content="([^"]*)"/.exec(page)?.[1];
  expect(image).toMatch(new RegExp(`/files/ogp/${campaign!.id}\\.png\\?v=[0-9a-f]{16}$`));
  const png = Buffer.from(await (await fetch(`${origin}${new URL(image!).pathname}`)).arrayBuffer());
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
}

describe('the server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });
  /** A fresh data folder (removed after the tests) and a free port, for one server of one test. */
  async function freshPlace(): Promise<{ dataDir: string; port: number }> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-main-'));
    dirs.push(dataDir);
    return { dataDir, port: await freePort() };
  }

  it('serves HTTP in the default role and stops cleanly on SIGTERM, keeping its data', async () => {
    const { dataDir, port } = await freshPlace();
    for (let run = 0; run < 2; run += 1) {
      const server = startServer({ HANABI_DATA_DIR: dataDir, PORT: String(port), HANABI_DEMO: '1' });
      await server.ready();
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopped cleanly');
      // The demo seed runs once: the second start finds the first run's data intact.
      expect(server.output().includes('demo data seeded')).toBe(run === 0);
    }
  });

  // A test of its own: a first start seeds the demo and the card worker starts cold, which on a busy machine takes
  // as long as the two starts above together.
  it('draws share cards in the built card worker', async () => {
    const { dataDir, port } = await freshPlace();
    // A crawler waits for its card however slow the cold worker on a busy machine (decision 0211).
    const server = startServer({
      HANABI_DATA_DIR: dataDir,
      PORT: String(port),
      HANABI_DEMO: '1',
      OG_CARD_WAIT_MS: '10000',
    });
    // Once seen past the 60 s limit (7.5–8 s otherwise): if it happens again, the server's own lines say where.
    const slow = setTimeout(
      () => process.stderr.write(`card test past 50 s; server output:\n${server.output().slice(-6000)}\n`),
      50_000,
    );
    try {
      await server.ready();
      await expectSharedCard(`http://127.0.0.1:${port}`);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      clearTimeout(slow);
    }
  });

  it('listens on this machine only by default: another machine cannot connect', async () => {
    const { dataDir, port } = await freshPlace();
    const server = startServer({ HANABI_DATA_DIR: dataDir, PORT: String(port), HOST: undefined });
    await server.ready();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // (Fastify binds every address `localhost` resolves to: ::1 too where /etc/hosts names it.)
    await expect(fetch(`http://${outwardAddress()}:${port}/api/health`)).rejects.toThrow();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('opened to other machines, serves them no dev mailbox, no sandbox and no demo operator, and says so', async () => {
    const { dataDir, port } = await freshPlace();
    // HANABI_DEMO unset: its default, which is off on an exposed address.
    const server = startServer({
      HANABI_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '0.0.0.0',
      HANABI_DEMO: undefined,
    });
    await server.ready();
    expect(server.output()).toContain('listening beyond this machine');
    expect(server.output()).not.toContain('demo data seeded');
    const remote = `http://${outwardAddress()}:${port}`;
    expect((await fetch(`${remote}/api/health`)).status).toBe(200);
    // The attack: ask for the demo operator's sign-in link, then read it from the mailbox.
    const asked = await fetch(`${remote}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: remote },
      body: JSON.stringify({
        email: 'operator@demo.hanabi.local',
        callbackURL: '/signup/streamer/finishSignUp',
      }),
    });
    expect(asked.status).toBeLessThan(500);
    for (const origin of [remote, `http://127.0.0.1:${port}`]) {
      const mailbox = await fetch(`${origin}/api/dev/mailbox`);
      expect(mailbox.status).toBe(404);
      expect(((await mailbox.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect((await fetch(`${remote}/sandbox/api/state`)).status).toBe(404);
    // No demo data: the public campaign list is empty.
    const campaigns = (await (await fetch(`${remote}/api/campaign?type=audience&limit=10`)).json()) as {
      list: unknown[];
    };
    expect(campaigns.list).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('runs only the worker with HANABI_ROLE=worker (no HTTP port)', async () => {
    const { dataDir, port } = await freshPlace();
    const server = startServer({ HANABI_DATA_DIR: dataDir, PORT: String(port), HANABI_ROLE: 'worker' });
    await server.ready();
    expect(server.output()).toContain('worker ready');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with bad settings and names every bad key', async () => {
    const server = startServer({ PORT: 'abc', HANABI_ROLE: 'everything' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/HANABI_ROLE/);
  });
});
