/**
 * Lighthouse over the main public pages: `npm run bench:web` (part two; docs/design.md §10).
 *
 * Builds what changed, starts the built server on embedded defaults with the demo seed (or uses BENCH_URL, any
 * running Hanabi), and runs Lighthouse in Debian's Chromium (never a downloaded browser) with the mobile preset.
 * Prints, per page and as the median of BENCH_RUNS (3) runs: performance and accessibility scores, the Core Web
 * Vitals, the bytes on the wire of the first load (compressed transfer sizes) and the load average. Figures, not
 * assertions (the deterministic byte budget is `first-load-budget.test.ts`).
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

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
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
    list: { id: string; user: { id: string } }[];
  };
  const campaign = campaigns.list[0];
  if (!campaign) throw new Error('No public campaign to measure (is the demo seed on?)');
  // The demo seed's ended campaign holds a real, verified draw (decision 0098): its proof page is measured.
  const drawId = process.env.BENCH_DRAW_ID ?? (await seededDrawId(base));
  // BENCH_PAGES=campaign,draw measures only the pages whose path contains one of the words ('/' is "home").
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  const pages = [
    '/',
    `/campaign/${campaign.id}`,
    // Signed out, a streamer page is the sign-in step (route rules); measured as a phone from chat gets it.
    `/audience/streamer/${campaign.user.id}`,
    `/draw/${drawId}`,
    // The audience area's introduction (the "news" page of the first-load bench), signed out (decision 0193).
    '/audience',
  ].filter((page) => !only || only.some((word) => (page === '/' ? word === 'home' : page.includes(word))));
  const runs = Number(process.env.BENCH_RUNS ?? '3');

  process.stdout.write(
    `\nLighthouse (mobile preset, Chromium headless, median of ${runs}) on ${base}; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} at start\n`,
  );
  process.stdout.write(
    `  ${'page'.padEnd(52)} perf  a11y   FCP      LCP      TBT     CLS    wire   requests  load\n`,
  );
  // Over the runs that produced the figure: on a loaded machine a run can miss a metric (NaN), which would
  // otherwise sort anywhere and make the median meaningless. The row says how many runs had all figures.
  const median = (values: number[]) => {
    const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
    return measured.length === 0 ? NaN : measured[Math.floor(measured.length / 2)]!;
  };
  for (const page of pages) {
    const samples: Record<string, number>[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      const requests = (audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items;
      samples.push({
        perf: (categories.performance?.score ?? 0) * 100,
        a11y: (categories.accessibility?.score ?? 0) * 100,
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        // Bytes on the wire (transfer sizes: compressed as the server sent them) of the whole first load.
        wire: audits['total-byte-weight']?.numericValue ?? NaN,
        requests: requests?.length ?? NaN,
        load: os.loadavg()[0]!,
      });
    }
    const m = (key: string) => median(samples.map((sample) => sample[key]!));
    const complete = samples.filter((sample) => Object.values(sample).every(Number.isFinite)).length;
    process.stdout.write(
      `  ${page.padEnd(52)} ${String(Math.round(m('perf'))).padStart(4)}  ${String(Math.round(m('a11y'))).padStart(4)}  ` +
        `${`${(m('fcp') / 1000).toFixed(1)} s`.padStart(6)}  ${`${(m('lcp') / 1000).toFixed(1)} s`.padStart(6)}  ` +
        `${`${Math.round(m('tbt'))} ms`.padStart(7)}  ${m('cls').toFixed(3).padStart(6)}  ` +
        `${`${(m('wire') / 1024).toFixed(0)} KiB`.padStart(8)}  ${String(m('requests')).padStart(5)}  ` +
        `${m('load').toFixed(1).padStart(5)}` +
        `${complete < runs ? `  (${complete}/${runs} runs complete)` : ''}\n`,
    );
  }
} finally {
  chrome.kill();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The first draw of the demo seed's ended campaign (found through the public API, as a visitor would). */
async function seededDrawId(origin: string): Promise<string> {
  const ended = (await (
    await fetch(`${origin}/api/campaign?type=audience&status=ended&limit=10`)
  ).json()) as {
    list: { id: string }[];
  };
  for (const { id } of ended.list) {
    const results = (await (await fetch(`${origin}/api/campaign/${id}/results`)).json()) as {
      draws?: { id: string }[];
    };
    const draw = results.draws?.[0];
    if (draw) return draw.id;
  }
  throw new Error(
    'No drawn campaign to measure the proof page on (is the demo seed on? or set BENCH_DRAW_ID)',
  );
}
