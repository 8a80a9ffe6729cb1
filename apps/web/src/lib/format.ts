/** Date and time in the reader's language (ja: 2025/01/02 13:45, en: Jan 2, 2025, 1:45 PM). */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'ja', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A time to the second, 24-hour (13:45:07): a draw's close time T, where seconds matter. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A date in the reader's language. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'ja', { dateStyle: 'medium' }).format(date);
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * A count with thousands separators (12,345), as both languages write it, without `Intl`: a page's first `Intl`
 * call loads the language's ICU data (~60 ms on a loaded machine, several times that on a phone), which the proof
 * page paid in its first render for one number (decision 0194).
 */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
