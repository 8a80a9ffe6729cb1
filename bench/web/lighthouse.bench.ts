/**
 * Lighthouse over the main public pages: `npm run bench:web` (part two; DESIGN section 10).
 *
 * Builds what changed, starts the built server on embedded defaults with the demo seed (or uses BENCH_URL, any
 * running Hanabi), and runs Lighthouse in Debian's Chromium (never a downloaded browser) with the mobile preset.
 * Prints the four category scores and the Core Web Vitals per page. Figures, not assertions.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  throw new Error(`No Chromium at ${chromePath}: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;
let base = process.env.BENCH_URL?.replace(/\/$/, '');
if (!base) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-web-'));
  const port = 3600 + Math.floor(Math.random() * 100);
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HANABI_DATA_DIR: dataDir,
      HANABI_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://localhost:${port}`;
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  await waitFor(`${base}/api/ready`);
  const campaigns = (await (await fetch(`${base}/api/campaign?type=audience&limit=1`)).json()) as {
    list: { id: string }[];
  };
  const pages = ['/', '/audience', '/signup/audience'];
  if (campaigns.list[0]) pages.push(`/campaign/${campaigns.list[0].id}`);

  process.stdout.write(`\nLighthouse ${'(mobile preset, Chromium headless)'} on ${base}\n`);
  process.stdout.write(`  ${'page'.padEnd(52)} perf  a11y  best  seo   FCP     LCP     TBT     CLS\n`);
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(4);
    const metric = (id: string) => (audits[id]?.displayValue ?? '–').padStart(7);
    process.stdout.write(
      `  ${page.padEnd(52)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ` +
        `${score('seo')}  ${metric('first-contentful-paint')} ${metric('largest-contentful-paint')} ` +
        `${metric('total-blocking-time')} ${metric('cumulative-layout-shift')}\n`,
    );
  }
} finally {
  chrome.kill();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
