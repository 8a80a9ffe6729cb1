/**
 * The value a date-and-time field holds (Mantine's DateTimePicker: `YYYY-MM-DD HH:mm:ss`, in the browser's zone)
 * and the ISO instant the API takes. The form keeps the picker's string so that what it compares and marks dirty
 * is what the field shows; the API only ever sees instants (decision 0206).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker's value of an instant, to the minute ('' for none or an unreadable one): the fields pick minutes. */
export function pickerValueOf(instant: string | Date | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:00`;
}

const PICKER_VALUE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The ISO instant of a picker value, read as local time (null for '' or anything else). Parsed here rather than
 * by `new Date(string)`: how that reads a date with a space before the time is up to the browser.
 */
export function instantOf(value: string | null | undefined): string | null {
  const match = value ? PICKER_VALUE.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // 2026-02-30 would roll over to March: not a date the picker gives, so not one to send.
  if (date.getMonth() !== month - 1 || date.getDate() !== day || hours > 23 || minutes > 59 || seconds > 59) {
    return null;
  }
  return date.toISOString();
}
