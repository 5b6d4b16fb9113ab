import { DATE_FORMAT } from '@cohort/domain';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** Spec §9 date format, "Do MMM YYYY, hh:mm A" (e.g. "3rd Feb 2026, 02:05 PM"); '' for no date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : String(value);
}

/** The day part of the spec's format, "Do MMM YYYY" (chart axes, date-only pickers). */
export const DAY_FORMAT = DATE_FORMAT.split(',')[0];

/** A day in the spec's words ("3rd Feb 2026"); '' for no date. */
export function formatDay(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DAY_FORMAT) : String(value);
}

/** ISO string with offset, as the API expects datetimes (`new Date(x).toISOString()`). */
export function toIsoDateTime(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.toDate().toISOString() : null;
}

/** An ISO datetime as the local "YYYY-MM-DD HH:mm:ss" string the Mantine date pickers use. */
export function toPickerValue(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : null;
}

export { formatBytes } from '@cohort/domain';
