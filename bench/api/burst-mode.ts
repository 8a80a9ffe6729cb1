// `BENCH_MODE=burst`: a chat burst opening the campaign page. Each viewer opens /campaign/{id} (the HTML shell),
// then the calls the page really makes in a signed-out browser, in parallel, BURST_OPENS times in all from
// BURST_VIEWERS distinct viewers (each with an own address in x-forwarded-for and its own connections).
//
// The page model (checked with Chromium against the built app, decision 0113): the shell carries the campaign, the
// public config and (live or ended) the public results, and without the session hint cookie the app asks no
// session, so a page open is the shell, the like state and — unless the campaign is only scheduled — the live
// stream (opened on a connection of its own, closed at its first bytes). BURST_BEFORE=1 also measures the page as
// it was before (shell, get-session, config, campaign, like, and for a live campaign results and the stream).
import http from 'node:http';
import { httpGet, percentile, sseOpen, type DemoIds } from './bench-server.ts';

const opens = Number(process.env.BURST_OPENS ?? '10000');
const viewers = Number(process.env.BURST_VIEWERS ?? '1000');

/** The API calls of one page open, after the shell. */
function pageCalls(ids: DemoIds, page: 'before' | 'now'): string[] {
  const id = ids.campaignId;
  const live = ids.campaignStatus !== 'scheduled';
  if (page === 'before') {
    return [
      '/api/auth/get-session',
      '/api/config',
      `/api/campaign/${id}`,
      `/api/like/campaign/${id}`,
      ...(live ? [`/api/campaign/${id}/results`, `/api/liveStreaming/${id}/events`] : []),
    ];
  }
  return [`/api/like/campaign/${id}`, ...(live ? [`/api/liveStreaming/${id}/events`] : [])];
}

export async function runBurst(
  base: string,
  ids: DemoIds,
  title = 'Hanabi',
  page: 'before' | 'now' = 'now',
): Promise<number> {
  const paths = pageCalls(ids, page);
  const latencies: number[] = [];
  // Per kind of request (the shell, each API call): where the time of a page open goes.
  const byKind = new Map<string, number[]>();
  let failed = 0;
  const reasons = new Map<string, number>();
  let next = 0;
  const get = async (viewer: number, path: string, accept: string) => {
    const kind = path.startsWith('/api/') ? path.replace(ids.campaignId, '{id}') : 'shell';
    const t0 = performance.now();
    const headers = { accept, 'x-forwarded-for': `10.${viewer >> 8}.${viewer & 255}.1` };
    const status = path.endsWith('/events')
      ? await sseOpen(`${base}${path}`, headers)
      : await httpGet(viewerAgents[viewer]!, `${base}${path}`, headers);
    const list = byKind.get(kind) ?? [];
    list.push(performance.now() - t0);
    byKind.set(kind, list);
    if (status >= 400) {
      failed += 1;
      reasons.set(
        `${status} ${path.split('/')[2]}`,
        (reasons.get(`${status} ${path.split('/')[2]}`) ?? 0) + 1,
      );
    }
  };
  // A few keep-alive connections per viewer, like a browser tab.
  const viewerAgents = Array.from(
    { length: viewers },
    () => new http.Agent({ keepAlive: true, maxSockets: 3 }),
  );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: viewers }, async (_, viewer) => {
      while (next < opens) {
        next += 1;
        const t0 = performance.now();
        try {
          await get(viewer, `/campaign/${ids.campaignId}`, 'text/html');
          await Promise.all(paths.map((path) => get(viewer, path, 'application/json')));
        } catch (error) {
          failed += 1;
          const code = (error as { code?: string }).code ?? String(error);
          reasons.set(code, (reasons.get(code) ?? 0) + 1);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const agent of viewerAgents) agent.destroy();
  process.stdout.write(
    `\nBurst on ${title}: ${opens} opens of /campaign/{id} (${ids.campaignStatus}: shell + ${paths.map((path) => path.replace(`/${ids.campaignId}`, '')).join(', ')}) by ${viewers} viewers: ` +
      `all served in ${seconds.toFixed(2)} s (${Math.round(opens / seconds)} page opens/s), ` +
      `page-open p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ` +
      `${failed} failed requests${reasons.size > 0 ? ` (${[...reasons].map(([r, n]) => `${r}: ${n}`).join(', ')})` : ''}\n`,
  );
  for (const [kind, list] of byKind) {
    process.stdout.write(
      `  ${kind.padEnd(36)} p50 ${percentile(list, 50).toFixed(0)} ms  p99 ${percentile(list, 99).toFixed(0)} ms` +
        `  max ${percentile(list, 100).toFixed(0)} ms\n`,
    );
  }
  return seconds;
}
