// Only the signed-in forms that pick a time import this module (lazy pages), so the picker, dayjs and their
// styles stay out of every public page's first load (decision 0206). In Mantine's layer, as the core styles.
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import dayjs from 'dayjs';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation, type Locale } from '../lib/i18n';

/**
 * How a chosen time reads, per language: a native `datetime-local` input formats by the browser's locale, so a
 * Japanese page in an English browser showed "12/05/2026, 08:33 PM" (decision 0206).
 */
const FORMATS: Record<
  Locale,
  { value: string; time: '24h' | '12h'; day: string; month: string; year: string }
> = {
  ja: { value: 'YYYY/MM/DD HH:mm', time: '24h', day: 'YYYY年M月D日', month: 'YYYY年M月', year: 'YYYY年' },
  en: { value: 'MMM D, YYYY h:mm A', time: '12h', day: 'MMMM D, YYYY', month: 'MMMM YYYY', year: 'YYYY' },
};

/**
 * The calendar's month and weekday names in the page's language (dayjs's locale), drawn again when it changes.
 * Weeks start on Sunday, as Japanese and American calendars print them.
 */
export function DatesInPageLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage, firstDayOfWeek: 0 }}>{children}</DatesProvider>
  );
}

type DateTimeFieldProps = Omit<
  DateTimePickerProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'timePickerProps'
> & {
  /** The picker's value (`YYYY-MM-DD HH:mm:ss`), '' for none: the forms' values stay strings. */
  value?: string;
  onChange: (value: string) => void;
};

/** A date and time in the page's language, under `DatesInPageLanguage`; `clearable` for an optional one. */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const { t, i18n } = useTranslation();
  const format = FORMATS[i18n.resolvedLanguage];
  return (
    <DateTimePicker
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={format.value}
      monthLabelFormat={format.month}
      yearLabelFormat={format.year}
      // A day's name for screen readers (Mantine's "D MMMM YYYY" reads "18 12月 2026" in Japanese).
      getDayAriaLabel={(day) => dayjs(day).locale(i18n.resolvedLanguage).format(format.day)}
      nextLabel={t('common.dateTime.nextMonth')}
      previousLabel={t('common.dateTime.previousMonth')}
      timePickerProps={{
        format: format.time,
        hoursInputLabel: t('common.dateTime.hours'),
        minutesInputLabel: t('common.dateTime.minutes'),
        amPmInputLabel: t('common.dateTime.amPm'),
      }}
      submitButtonProps={{ 'aria-label': t('common.dateTime.done') }}
      // Mantine's clear button has no name of its own.
      clearButtonProps={{ 'aria-label': t('common.dateTime.clear') }}
    />
  );
}
