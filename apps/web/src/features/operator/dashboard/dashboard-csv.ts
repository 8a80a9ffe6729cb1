import { LIVE_PLATFORMS, type AnalyticsDashboard } from '@hanabi/api';
import Papa from 'papaparse';

const LIVE_COLUMNS = [
  ['Comments', 'comments'],
  ['Entrants', 'entrants'],
  ['Eligible', 'eligible'],
  ['Winners', 'winners'],
  ['Held', 'held'],
  ['Delivered', 'delivered'],
] as const;

/**
 * The figures shown on the dashboard, one row per bucket plus a total row, as CSV (papaparse `unparse`). Live
 * columns are `{platform}{Figure}` (youtubeComments, twitcastingEntrants, …); in the total row entrants and
 * eligible count each person once over the range, as the API does.
 */
export function dashboardCsv(dashboard: AnalyticsDashboard): string {
  const row = (bucket: string, figures: Omit<AnalyticsDashboard['series'][number], 'bucket'>) => ({
    bucket,
    signUpsStreamer: figures.signUpsStreamer,
    signUpsAudience: figures.signUpsAudience,
    activeCampaigns: figures.activeCampaigns,
    deliveriesQueued: figures.deliveries.queued,
    deliveriesSubmitted: figures.deliveries.submitted,
    deliveriesConfirmed: figures.deliveries.confirmed,
    deliveriesFailed: figures.deliveries.failed,
    deliveriesCancelled: figures.deliveries.cancelled,
    gasUsed: figures.gasUsed,
    heldClaimsCreated: figures.heldClaimsCreated,
    heldClaimsReleased: figures.heldClaimsReleased,
    ...Object.fromEntries(
      LIVE_PLATFORMS.flatMap((platform) =>
        LIVE_COLUMNS.map(([suffix, key]) => [`${platform}${suffix}`, figures.live[platform][key]]),
      ),
    ),
    youtubeQuotaUsed: figures.youtubeQuotaUsed,
  });
  const rows = [...dashboard.series.map((item) => row(item.bucket, item)), row('total', dashboard.totals)];
  return Papa.unparse(rows, { newline: '\r\n' });
}

export function csvFileName(dashboard: AnalyticsDashboard): string {
  const day = (iso: string) => iso.slice(0, 10);
  return `hanabi-dashboard-${day(dashboard.range.from)}-${day(dashboard.range.to)}-${dashboard.range.interval}.csv`;
}

/** Saves text as a file through a temporary link (with a BOM so spreadsheet apps read UTF-8). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
