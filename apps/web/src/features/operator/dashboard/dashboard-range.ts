import { ANALYTICS_INTERVALS, ANALYTICS_LIMITS, type AnalyticsInterval } from '@hanabi/api';

/** What the picker holds: whole local days, `to` included (the API's `to` is exclusive). */
export interface DashboardRange {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a local date. */
export function dateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localMidnight(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const result = new Date(year, month - 1, date);
  return Number.isNaN(result.getTime()) ? null : result;
}

/** The last `days` days up to today. */
export function presetRange(days: number, interval: AnalyticsInterval, today = new Date()): DashboardRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: dateInput(start), to: dateInput(today), interval };
}

export function rangeFromSearch(search: URLSearchParams, today = new Date()): DashboardRange {
  const interval = search.get('interval');
  const fallback = presetRange(30, 'day', today);
  const from = search.get('from');
  const to = search.get('to');
  return {
    from: from && localMidnight(from) ? from : fallback.from,
    to: to && localMidnight(to) ? to : fallback.to,
    interval: ANALYTICS_INTERVALS.includes(interval as AnalyticsInterval)
      ? (interval as AnalyticsInterval)
      : fallback.interval,
  };
}

/**
 * The API query for a picked range in the browser's time zone: from local midnight of `from` to local midnight
 * after `to`. Null when the range is not valid (the server would answer 400 for the same reasons).
 */
export function dashboardQuery(range: DashboardRange, timeZone: string) {
  const from = localMidnight(range.from);
  const last = localMidnight(range.to);
  if (!from || !last) return null;
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  if (to <= from || to.getTime() - from.getTime() > ANALYTICS_LIMITS.maxRangeDays * DAY_MS) return null;
  return { from: from.toISOString(), to: to.toISOString(), interval: range.interval, timeZone };
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
