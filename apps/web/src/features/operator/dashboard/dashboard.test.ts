import type { AnalyticsDashboard } from '@hanabi/api';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, dashboardCsv } from './dashboard-csv';
import { dashboardQuery, presetRange, rangeFromSearch } from './dashboard-range';

const figures = {
  signUpsStreamer: 1,
  signUpsAudience: 2,
  activeCampaigns: 3,
  deliveries: { queued: 4, submitted: 5, confirmed: 6, failed: 7, cancelled: 8 },
  gasUsed: '123456789012345678901234567890',
  heldClaimsCreated: 9,
  heldClaimsReleased: 10,
  live: {
    youtube: { comments: 11, entrants: 12, eligible: 13, winners: 14, held: 15, delivered: 16 },
    twitcasting: { comments: 21, entrants: 22, eligible: 23, winners: 24, held: 25, delivered: 26 },
  },
  youtubeQuotaUsed: 17,
};
const dashboard: AnalyticsDashboard = {
  range: {
    from: '2025-01-01T00:00:00.000Z',
    to: '2025-01-03T00:00:00.000Z',
    interval: 'day',
    timeZone: 'UTC',
  },
  series: [
    { bucket: '2025-01-01T00:00:00.000Z', ...figures },
    { bucket: '2025-01-02T00:00:00.000Z', ...figures, signUpsAudience: 0 },
  ],
  totals: {
    ...figures,
    signUpsAudience: 2,
    transactions: 2,
    campaignsByStatus: { scheduled: 0, live: 1, ended: 2 },
  },
  byPlatform: [],
};

describe('dashboard CSV', () => {
  it('has one row per bucket and a total row, with the shown figures', () => {
    const parsed = Papa.parse<Record<string, string>>(dashboardCsv(dashboard), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => row.bucket)).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-01-02T00:00:00.000Z',
      'total',
    ]);
    expect(parsed.data[0]).toMatchObject({
      signUpsStreamer: '1',
      signUpsAudience: '2',
      activeCampaigns: '3',
      deliveriesQueued: '4',
      deliveriesFailed: '7',
      gasUsed: '123456789012345678901234567890',
      heldClaimsReleased: '10',
      youtubeComments: '11',
      youtubeEntrants: '12',
      youtubeEligible: '13',
      youtubeWinners: '14',
      youtubeHeld: '15',
      youtubeDelivered: '16',
      twitcastingComments: '21',
      twitcastingDelivered: '26',
      youtubeQuotaUsed: '17',
    });
    expect(Object.keys(parsed.data[0]!).at(-1)).toBe('youtubeQuotaUsed');
    expect(parsed.data[1]!.signUpsAudience).toBe('0');
    expect(csvFileName(dashboard)).toBe('hanabi-dashboard-2025-01-01-2025-01-03-day.csv');
  });
});

describe('dashboard range', () => {
  it('turns picked days into local midnights, the end day included', () => {
    const query = dashboardQuery({ from: '2025-03-01', to: '2025-03-31', interval: 'week' }, 'Asia/Tokyo')!;
    expect(new Date(query.from).getTime()).toBe(new Date(2025, 2, 1).getTime());
    expect(new Date(query.to).getTime()).toBe(new Date(2025, 3, 1).getTime());
    expect(query).toMatchObject({ interval: 'week', timeZone: 'Asia/Tokyo' });
  });

  it('refuses reversed, unreadable and too long ranges', () => {
    expect(dashboardQuery({ from: '2025-03-02', to: '2025-03-01', interval: 'day' }, 'UTC')).toBeNull();
    expect(dashboardQuery({ from: 'x', to: '2025-03-01', interval: 'day' }, 'UTC')).toBeNull();
    expect(dashboardQuery({ from: '2024-01-01', to: '2025-03-01', interval: 'day' }, 'UTC')).toBeNull();
    expect(dashboardQuery({ from: '2025-03-01', to: '2025-03-01', interval: 'day' }, 'UTC')).not.toBeNull();
  });

  it('reads the URL, falling back to the last 30 days by day', () => {
    const today = new Date(2025, 5, 30);
    expect(
      rangeFromSearch(new URLSearchParams('from=2025-01-01&to=2025-02-01&interval=month'), today),
    ).toEqual({
      from: '2025-01-01',
      to: '2025-02-01',
      interval: 'month',
    });
    expect(rangeFromSearch(new URLSearchParams('from=bad&interval=year'), today)).toEqual(
      presetRange(30, 'day', today),
    );
    expect(presetRange(7, 'day', today)).toEqual({ from: '2025-06-24', to: '2025-06-30', interval: 'day' });
  });
});
