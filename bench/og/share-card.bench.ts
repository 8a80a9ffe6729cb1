/**
 * Share-card benchmark: `npm run bench:og`.
 *
 * What drawing a share card costs the other requests (issue 34 item 2, decision 0211): a bare Fastify server
 * answers GET /health while BENCH_CARDS (default 3) cards with a 4,800 × 4,800 cover (23 megapixels, allowed at
 * upload) are drawn, first on the request path as before (satori and resvg on the server's own thread, the whole
 * cover handed to them), then in the card worker (`OgCardRenderer`, cover decoded and cropped there). A steady
 * reader keeps 10 requests in flight for as long as the cards take; it prints the reads' p50/p99/max, how long
 * the cards took, and the process's peak RSS.
 */
import Fastify from 'fastify';
import { encodePng } from '../../apps/server/src/lib/png.ts';
import { OgImageRenderer, type OgCard } from '../../apps/server/src/modules/og-pages/og-image.ts';
import { OgCardRenderer } from '../../apps/server/src/modules/og-pages/og-card-renderer.ts';

const cards = Number(process.env.BENCH_CARDS ?? '3');
const cover = encodePng(4_800, 4_800, (_x, y) => [0x40, (y >> 4) & 0xff, 0x80, 0xff]);
const card = (index: number): OgCard => ({
  badge: '開催中',
  title: `夏祭りプレゼント ${index}`,
  lines: ['賞品: 金の花火バッジ', '2026/08/01 20:00 〜 2026/08/02 20:00 (JST)', 'アリス'],
  pictureKey: `campaign/cover-${index}.png`,
});

const app = Fastify();
app.get('/health', async () => ({ ok: true }));
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

/** Reads /health, 10 at a time, until `drawing` settles; then their latencies. */
async function readWhile(drawing: Promise<unknown>): Promise<number[]> {
  let done = false;
  void drawing.finally(() => (done = true));
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (!done) {
        const startedAt = performance.now();
        await (await fetch(`${origin}/health`)).arrayBuffer();
        latencies.push(performance.now() - startedAt);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function run(name: string, draw: () => Promise<unknown>) {
  peakRss = process.memoryUsage().rss;
  const startedAt = performance.now();
  // The cards start once the reader is going, as a crawler's request would arrive among the others.
  const drawing = new Promise((resolve) => setTimeout(resolve, 50)).then(draw);
  const reads = await readWhile(drawing);
  const ms = performance.now() - startedAt;
  console.log(
    `${name.padEnd(28)} ${cards} cards in ${ms.toFixed(0).padStart(5)} ms; ${String(reads.length).padStart(5)} reads: ` +
      `p50 ${at(reads, 0.5).toFixed(1)} ms, p99 ${at(reads, 0.99).toFixed(1)} ms, max ${reads.at(-1)!.toFixed(1)} ms; ` +
      `peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
  );
}

const quiet = new Promise((resolve) => setTimeout(resolve, 1000));
await run('nothing drawn (1 s)', () => quiet);

// Before: what og-card-images.ts did on the request path (the whole cover into satori, resvg decoding it).
const inline = new OgImageRenderer() as unknown as { render(card: OgCard, picture: Buffer): Promise<Buffer> };
await run('on the request path', async () => {
  for (let index = 0; index < cards; index += 1) await inline.render(card(index), cover);
});

const worker = new OgCardRenderer({ timeoutMs: 60_000, heapMb: 256, maxQueued: 64 });
await worker.render(card(-1), null); // a warm worker, as after the first card a process draws
await run('in the card worker', () =>
  Promise.all(Array.from({ length: cards }, (_, index) => worker.render(card(index), cover))),
);

clearInterval(sampler);
await worker.close();
await app.close();
