import { DATE_FORMAT } from '@cohort/domain';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(advancedFormat);
dayjs.extend(customParseFormat);

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

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-only value (a calendar day, no time: an ISA's expiry, a follow-up date) in the spec's
 * words, "27th Nov 2026", never with "12:00 AM". The day is the one written: "2026-11-27" (or
 * that day at midnight UTC) is the 27th in every time zone, not the 26th west of Greenwich.
 */
export function formatDateOnly(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = ISO_DAY.exec(value.trim())?.[1];
    if (day) return formatDay(day);
  }
  return formatDay(value);
}

/**
 * Text that is wholly an ISO date or date-time (a setting's value, a changed field in the
 * history) in the spec's readable form; any other text as it is.
 */
export function readableText(value: string): string {
  const text = value.trim();
  if (ISO_DAY.test(text) && !text.includes('T')) return formatDateOnly(text);
  if (ISO_DATE_TIME.test(text) && dayjs(text).isValid()) return formatDate(text);
  return value;
}

/** Day-first, as the spec writes dates; month names in any case, ordinals and commas ignored. */
const TYPED_DAY_FORMATS = [
  'D MMM YYYY',
  'D MMMM YYYY',
  'MMM D YYYY',
  'MMMM D YYYY',
  'YYYY-M-D',
  'D/M/YYYY',
  'D-M-YYYY',
  'D.M.YYYY',
];

/**
 * A day typed into a date field as "YYYY-MM-DD", or null when it is not one: the spec's own
 * "27th Nov 2026", "27 nov 2026", "Nov 27, 2026", "2026-11-27", "27/11/2026" (day first).
 */
export function parseTypedDay(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(/(\d+)(st|nd|rd|th)\b/gi, '$1')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[a-z]+/gi, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
  if (!cleaned) return null;
  for (const format of TYPED_DAY_FORMATS) {
    const d = dayjs(cleaned, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
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
