/**
 * Spawns a local anvil (Foundry's EVM node) for tests, benchmarks and the server's local chain.
 *
 * ```ts
 * const anvil = await startAnvil();                       // fresh chain on a free port
 * const anvil = await startAnvil({ state: 'data/chain.json' }); // persisted across restarts
 * // ... use anvil.rpcUrl with viem ...
 * await anvil.stop();                                     // kills the process and waits for it to exit
 * ```
 *
 * The binary comes from the platform package of `@foundry-rs/anvil` (e.g. `@foundry-rs/anvil-linux-amd64`),
 * resolved directly: the wrapper's postinstall script is not needed. Pass `binary` to use another anvil.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** Mnemonic of anvil's prefunded dev accounts (10 accounts with 10,000 ETH each by default). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Chain id anvil uses unless told otherwise. */
export const ANVIL_CHAIN_ID = 31337;

export interface AnvilOptions {
  /** Port to listen on; default: a free port picked by the OS. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /**
   * State file: loaded at start if it exists, written when anvil exits (`--state`), so a chain survives restarts.
   * Anvil writes it on a graceful stop, which {@link AnvilInstance.stop} performs.
   */
  state?: string;
  /** Also write the state every N seconds (`--state-interval`), so a crash loses at most N seconds. */
  stateInterval?: number;
  /** Chain id; default 31337. */
  chainId?: number;
  /** Seconds between blocks; default: a block per transaction (automine). */
  blockTime?: number;
  /** Hardfork, e.g. 'cancun' or 'prague'; default: anvil's latest. */
  hardfork?: string;
  /** Path of the anvil executable; default: the one from the `@foundry-rs/anvil-<platform>` package. */
  binary?: string;
  /** Extra command-line arguments. */
  args?: readonly string[];
  /** How long to wait for the JSON-RPC endpoint to answer; default 15 s. */
  startTimeoutMs?: number;
}

export interface AnvilInstance {
  /** HTTP JSON-RPC endpoint, e.g. http://127.0.0.1:38213 */
  rpcUrl: string;
  port: number;
  /** Process id of anvil. */
  pid: number;
  /** Stops anvil (SIGTERM, then SIGKILL after 5 s) and resolves once the process has exited. Idempotent. */
  stop(): Promise<void>;
}

const PLATFORM_PACKAGES: Record<string, Record<string, string>> = {
  linux: { x64: 'anvil-linux-amd64', arm64: 'anvil-linux-arm64' },
  darwin: { x64: 'anvil-darwin-amd64', arm64: 'anvil-darwin-arm64' },
  win32: { x64: 'anvil-win32-amd64' },
};

/** Children still running: killed if this Node process exits without calling stop(). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Finds the anvil executable shipped in the `@foundry-rs/anvil-<platform>-<arch>` package. */
export function findAnvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[process.platform]?.[process.arch];
  if (!pkg) throw new Error(`anvil: no @foundry-rs binary package for ${process.platform}/${process.arch}`);
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = dirname(require.resolve(`@foundry-rs/${pkg}/package.json`));
  } catch {
    throw new Error(
      `anvil: package @foundry-rs/${pkg} is not installed (it is an optional dependency of @foundry-rs/anvil)`,
    );
  }
  const binary = join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil: binary not found at ${binary}`);
  return binary;
}

/** Asks the OS for a free TCP port on `host`. (There is a small race until anvil binds it; startAnvil retries.) */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

/** Starts anvil and resolves once its JSON-RPC answers `eth_chainId`. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  // A port picked by freePort() can be taken by someone else before anvil binds it: retry with a new one.
  const attempts = options.port === undefined ? 3 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await startOnce(options, options.port ?? (await freePort(options.host)));
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

async function startOnce(options: AnvilOptions, port: number): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1';
  const args = ['--host', host, '--port', String(port), '--silent'];
  if (options.state !== undefined) args.push('--state', options.state);
  if (options.stateInterval !== undefined) args.push('--state-interval', String(options.stateInterval));
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId));
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.hardfork !== undefined) args.push('--hardfork', options.hardfork);
  if (options.args) args.push(...options.args);

  const child = spawn(options.binary ?? findAnvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < 8_000) stderr += chunk;
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // A process that never started (e.g. ENOENT) may emit 'error' without 'exit'.
    child.once('error', () => {
      if (child.pid === undefined) resolve();
    });
  }).finally(() => running.delete(child));
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  spawnError.catch(() => {});

  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const rpcUrl = `http://${urlHost}:${port}`;
  const instance: AnvilInstance = { rpcUrl, port, pid: child.pid ?? -1, stop: () => stop(child, exited) };

  let settled = false;
  try {
    await Promise.race([
      waitForRpc(rpcUrl, options.startTimeoutMs ?? 15_000, () => settled),
      spawnError,
      exited.then(() => {
        throw new Error(
          `anvil exited during start (code ${child.exitCode}): ${stderr.trim() || 'no output'}`,
        );
      }),
    ]);
  } catch (err) {
    await instance.stop();
    throw err;
  } finally {
    settled = true; // ends the polling loop if another branch of the race won
  }
  return instance;
}

async function waitForRpc(rpcUrl: string, timeoutMs: number, cancelled: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cancelled()) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      if (res.ok) {
        const body = (await res.json()) as { result?: unknown };
        if (typeof body.result === 'string') return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer on ${rpcUrl} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM'); // anvil writes --state on SIGTERM
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await exited;
}
