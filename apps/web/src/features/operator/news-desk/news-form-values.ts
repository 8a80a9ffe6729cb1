import type { CreateNewsBody, NewsAdminItem } from '@hanabi/api';
import { instantOf, pickerValueOf } from '../../../lib/date-time-value';

export type PublishMode = 'draft' | 'now' | 'schedule';

export interface NewsFormValues {
  title: string;
  body: string;
  titleEn: string;
  bodyEn: string;
  mode: PublishMode;
  /** The date-time field's value (`YYYY-MM-DD HH:mm:ss`, the operator's local time), used when mode is `schedule`. */
  scheduleAt: string;
}

export function formValuesOf(item: NewsAdminItem | null): NewsFormValues {
  if (!item) {
    return { title: '', body: '', titleEn: '', bodyEn: '', mode: 'now', scheduleAt: '' };
  }
  const mode: PublishMode =
    item.state === 'draft' ? 'draft' : item.state === 'scheduled' ? 'schedule' : 'now';
  return {
    title: item.title,
    body: item.body,
    titleEn: item.titleEn ?? '',
    bodyEn: item.bodyEn ?? '',
    mode,
    scheduleAt: item.publishedAt && mode === 'schedule' ? pickerValueOf(item.publishedAt) : '',
  };
}

/**
 * The body of a create or update. "Publish now" keeps the original time of an item that is already
 * published (editing a typo must not move it to the top of the list).
 */
export function bodyOf(
  values: NewsFormValues,
  item: NewsAdminItem | null,
  now = new Date(),
): Required<Pick<CreateNewsBody, 'title' | 'body' | 'titleEn' | 'bodyEn' | 'publishedAt'>> {
  let publishedAt: string | null = null;
  if (values.mode === 'now') {
    publishedAt = item?.state === 'published' && item.publishedAt ? item.publishedAt : now.toISOString();
  } else if (values.mode === 'schedule') {
    publishedAt = instantOf(values.scheduleAt);
  }
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    titleEn: values.titleEn.trim() || null,
    bodyEn: values.bodyEn.trim() || null,
    publishedAt,
  };
}
