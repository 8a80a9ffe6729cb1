import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { freePort, startAnvil } from '@hanabi/token';
import { anvilDevKey } from '../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../adapters/chain/rpc-chain.ts';
import type { HexAddress } from '../adapters/chain/token-contract.ts';
import { serverPaths } from '../paths.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

/** One mail the SMTP sink took: envelope recipients and the body with quoted-printable undone. */
export interface SunkMail {
  to: string[];
  body: string;
}

/** A minimal SMTP server on loopback that accepts every message (what a Mailpit would be in a deployment). */
async function startSmtpSink(): Promise<{ port: number; mails: SunkMail[]; close(): Promise<void> }> {
  const mails: SunkMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    let to: string[] = [];
    socket.write('220 sink\r\n');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          // Quoted-printable: soft line breaks and =XX escapes (good enough for links in the HTML and text parts).
          const body = data
            .join('\n')
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          mails.push({ to, body });
          data = null;
          to = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 sink\r\n');
        else if (command === 'RCPT') to.push(/<([^>]+)>/.exec(line)?.[1]?.toLowerCase() ?? '');
        else if (command === 'DATA') data = [];
        else if (command === 'QUIT') socket.end('221 bye\r\n');
        if (command === 'RCPT' || command === 'MAIL' || command === 'RSET' || command === 'NOOP')
          socket.write('250 ok\r\n');
        else if (command === 'DATA') socket.write('354 go ahead\r\n');
        else if (!['EHLO', 'HELO', 'QUIT'].includes(command)) socket.write('502 not here\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A stand-in for the other outside services (S3, Kubo RPC, drand): it answers 503 and counts the calls, so a test
 * sees the production processes point at it and never at an embedded part. Nothing here needs them to work.
 */
async function startServiceStandIn(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ProductionStack {
  /** Production settings shared by every process (no PORT, no HANABI_ROLE). */
  env: Record<string, string>;
  /** The fresh database's name and a URL to it (the test's own judge connection). */
  databaseName: string;
  databaseUrl: string;
  /** The server's admin connection (on the TEST_DATABASE_URL database): cuts and restores the app's database. */
  admin: pg.Client;
  dataDir: string;
  /** Anvil's RPC URL and a client on it (the token is not deployed: `deploy-token` does that). */
  rpcUrl: string;
  chain: RpcChain;
  /** The token, when the stack was asked to deploy it up front (`{ deployToken: true }`); then also in `env`. */
  contract: HexAddress | null;
  mails: SunkMail[];
  close(): Promise<void>;
}

/**
 * Everything production talks to, on loopback: a fresh PostgreSQL database, anvil as the external chain with the
 * token deployed, an SMTP sink, and a stand-in for S3/Kubo/drand. `env` is NODE_ENV=production with all of them.
 */
export async function startProductionStack(
  name: string,
  publicOrigin: string,
  options: { deployToken?: boolean } = {},
): Promise<ProductionStack> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const { admin, databaseName, databaseUrl, drop } = await createThrowawayDatabase(name);
    cleanups.push(drop);
    const anvil = await startAnvil();
    cleanups.push(() => anvil.stop());
    const chain = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
    const contract = options.deployToken ? await chain.deployToken() : null;
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const standIn = await startServiceStandIn();
    cleanups.push(() => standIn.close());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hanabi-${name}-`));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    return {
      env: {
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: publicOrigin,
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Hanabi <no-reply@hanabi.example>',
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_SIGNER_KEY: anvilDevKey(0),
        ...(contract ? { CHAIN_CONTRACT_ADDRESS: contract } : {}),
        IPFS_RPC_URL: `${standIn.url}/kubo`,
        IPFS_GATEWAY_URL: `${standIn.url}/ipfs`,
        S3_BUCKET: 'hanabi-assets',
        S3_ENDPOINT: standIn.url,
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'stand-in',
        S3_SECRET_ACCESS_KEY: 'stand-in-secret',
        DRAND_URL: `${standIn.url}/drand`,
        // Production must not need it, but a folder it would fill if anything fell back to embedded parts.
        HANABI_DATA_DIR: dataDir,
      },
      databaseName,
      databaseUrl,
      admin,
      dataDir,
      rpcUrl: anvil.rpcUrl,
      chain,
      contract,
      mails: smtp.mails,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A Hanabi process started the way production starts one (`node dist/main.js`), its output kept for the test. By
 * default the built server in this checkout (the integration run's global set-up builds it); `from` starts another
 * build, e.g. the staged image's `apps/server/dist/main.js`.
 */
export function startHanabi(
  env: Record<string, string>,
  from: { cwd: string; args: string[] } = { cwd: serverPaths.root, args: [serverPaths.builtMain] },
) {
  const child = spawn(process.execPath, from.args, {
    cwd: from.cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_PRETTY: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async ready() {
      // Four processes starting at once on a busy 2-core machine take a while to print anything at all.
      const deadline = Date.now() + 180_000;
      while (!/Hanabi [^\n]*ready/.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`Hanabi did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/**
 * An e-mail sign-in as a browser does it against a production process: asks `origin` for the link to `email`,
 * takes it from the SMTP sink, and returns it with the asking browser's cookie (the link only opens with it).
 */
export async function requestSignInLink(
  stack: Pick<ProductionStack, 'mails'>,
  origin: string,
  email: string,
  callbackURL: string,
): Promise<{ link: string; cookie: string }> {
  const requested = await fetch(`${origin}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, callbackURL }),
  });
  if (requested.status !== 200) throw new Error(`sign-in link request answered ${requested.status}`);
  const cookie = requested.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await until('the sign-in mail', async () => stack.mails.some((m) => m.to.includes(email)), 15_000);
  const mail = stack.mails.find((candidate) => candidate.to.includes(email))!;
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/magic-link\/verify\?[^\s"<>]+/
    .exec(mail.body)![0]
    .replace(/&amp;/g, '&');
  return { link, cookie };
}

/** Polls until `check` answers true (errors count as false, e.g. while the database is away). */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - startedAt;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One gauge or counter value from a Prometheus text body (first series matching `series`), or null. */
export function metricValue(body: string, series: string): number | null {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

export { freePort };
export { getFrom, sendFrom } from './loopback-clients.ts';
