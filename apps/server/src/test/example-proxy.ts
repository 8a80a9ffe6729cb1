import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverPaths } from '../paths.ts';

/** The deployment example's proxy configuration (deploy/compose.example.yaml mounts it as nginx's default.conf). */
export const EXAMPLE_PROXY_CONF = path.resolve(serverPaths.root, '../../deploy/nginx.conf');

/** The deployment example's compose file: the api's settings behind the proxy come from it. */
export const EXAMPLE_COMPOSE = path.resolve(serverPaths.root, '../../deploy/compose.example.yaml');

export const NGINX_INSTALL_HINT = "Install Debian's nginx with:  sudo apt-get install -y nginx";

/**
 * The example's proxy configuration with only where it listens and where the api processes are changed: its one
 * `listen` becomes `listen`, and the upstream's one `server <host>:<port> <parameters>;` becomes one line per
 * address, each with the same parameters. Every other line is the example's own. Throws when the file no longer
 * has exactly these lines, so the test that uses it breaks instead of testing something else.
 */
export function renderExampleProxy(source: string, at: { listen: string; upstreams: string[] }): string {
  const listens = [...source.matchAll(/^(\s*)listen [^;]+;$/gm)];
  if (listens.length !== 1) throw new Error(`expected one listen directive, found ${listens.length}`);
  const upstreamBlocks = [...source.matchAll(/^upstream hanabi_api \{\n([\s\S]*?)^\}/gm)];
  if (upstreamBlocks.length !== 1) throw new Error('expected one `upstream hanabi_api { … }` block');
  const block = upstreamBlocks[0]!;
  const servers = [...block[1]!.matchAll(/^(\s*)server [^\s;]+([^;]*);$/gm)];
  if (servers.length !== 1) throw new Error(`expected one server in the upstream, found ${servers.length}`);
  if (at.upstreams.length === 0) throw new Error('no upstream addresses');
  const [serverLine, indent, parameters] = servers[0]!;
  const newBlock = block[0].replace(
    serverLine,
    at.upstreams.map((address) => `${indent}server ${address}${parameters};`).join('\n'),
  );
  const [listenLine, listenIndent] = listens[0]!;
  return source.replace(block[0], newBlock).replace(listenLine, `${listenIndent}listen ${at.listen};`);
}

/** A setting the compose example gives its `api` service (a plain or single-quoted scalar), or null when it gives none. */
export function exampleApiSetting(compose: string, key: string): string | null {
  const api = /^ {2}api:\n((?: {4}.*\n|\s*\n)*)/m.exec(compose)?.[1];
  if (api === undefined) throw new Error('the compose example has no `api` service');
  const found = new RegExp(`^ +${key}: (?:'([^']*)'|([^\\s#']+))`, 'm').exec(api);
  return found ? (found[1] ?? found[2]!) : null;
}

/** Debian's nginx: NGINX_PATH, else `nginx` on PATH or in /usr/sbin (not on a normal user's PATH); null if none. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : dirs.map((dir) => path.join(dir, 'nginx'));
  return (
    candidates.find((candidate) => {
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** One line of the proxy's access log: who connected, what X-Forwarded-For they sent, which api answered. */
export interface ProxyLogLine {
  client: string;
  sentForwardedFor: string;
  upstream: string;
  status: number;
  uri: string;
}

export interface ExampleProxy {
  origin: string;
  /** Requests the proxy finished (a stream is logged when it closes). */
  accessLog(): Promise<ProxyLogLine[]>;
  output(): string;
  close(): Promise<void>;
}

/**
 * nginx with the example's configuration in front of `upstreams`, on 127.0.0.1:`port`, run as any user: its own
 * prefix, pid, logs and temp folders in a temporary folder, in the foreground. The surrounding `http` block is what
 * the nginx image's nginx.conf would be around `conf.d/default.conf`, with an access log naming the upstream.
 */
export async function startExampleProxy(
  nginx: string,
  port: number,
  upstreams: string[],
): Promise<ExampleProxy> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hanabi-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temp folders inside.
  await fsp.chmod(dir, 0o755);
  const site = renderExampleProxy(await fsp.readFile(EXAMPLE_PROXY_CONF, 'utf8'), {
    listen: `127.0.0.1:${port}`,
    upstreams,
  });
  await fsp.writeFile(path.join(dir, 'default.conf'), site);
  const accessLog = path.join(dir, 'access.log');
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await fsp.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      `  log_format upstreams '$remote_addr\\t$http_x_forwarded_for\\t$upstream_addr\\t$status\\t$request_uri';`,
      `  access_log ${accessLog} upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'default.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    nginx,
    ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    await fsp.rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`nginx did not start:\n${output}\n--- default.conf ---\n${site}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    async accessLog() {
      const text = await fsp.readFile(accessLog, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [client = '', sentForwardedFor = '', upstream = '', status = '0', uri = ''] =
            line.split('\t');
          return { client, sentForwardedFor, upstream, status: Number(status), uri };
        });
    },
    output: () => output,
    close,
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
