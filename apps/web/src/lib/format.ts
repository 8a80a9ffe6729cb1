/** Date and time in the reader's language (ja: 2025/01/02 13:45, en: Jan 2, 2025, 1:45 PM). */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'ja', {
    dateStyle: 'medium',
    timeStyle: 'short',
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
