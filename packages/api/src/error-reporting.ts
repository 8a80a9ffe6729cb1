import { ERROR_REPORTING } from './constants.ts';

/**
 * What both sides send to the error-reporting service, cut to the original's limits (docs/original-spec.md §9): messages and
 * exception values at most 250 characters. The SDKs' own `maxValueLength` covers most strings; this also
 * covers the top-level message and breadcrumb messages, so no long text (a pasted address list, a SQL error)
 * leaves the process whole.
 */
export interface ReportableEvent {
  message?: string;
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: { message?: string }[];
}

export function truncateText(text: string, max: number = ERROR_REPORTING.maxMessageLength): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Returns the event with every message cut to `max` characters (the event is changed in place, as SDK hooks expect). */
export function limitEventText<E extends ReportableEvent>(
  event: E,
  max: number = ERROR_REPORTING.maxMessageLength,
): E {
  if (event.message) event.message = truncateText(event.message, max);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = truncateText(value.value, max);
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = truncateText(crumb.message, max);
  }
  return event;
}
