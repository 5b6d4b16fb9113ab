import { describe, expect, it } from 'vitest';
import { formatDate, formatDateOnly, readableText, toIsoDateTime } from './format';

describe('formatDate ("Do MMM YYYY, hh:mm A")', () => {
  it.each([
    ['2026-02-03T14:05:00', '3rd Feb 2026, 02:05 PM'],
    ['2026-01-01T00:00:00', '1st Jan 2026, 12:00 AM'],
    ['2025-12-22T09:30:00', '22nd Dec 2025, 09:30 AM'],
    ['2026-03-11T23:59:00', '11th Mar 2026, 11:59 PM'],
  ])('%s -> %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('formats an ISO string in the local zone', () => {
    const iso = new Date(2026, 6, 4, 18, 7).toISOString();
    expect(formatDate(iso)).toBe('4th Jul 2026, 06:07 PM');
  });

  it('renders nothing for no date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });
});

describe('toIsoDateTime', () => {
  it('turns a datetime-local value into an ISO string with offset', () => {
    expect(toIsoDateTime('2026-02-03T14:05')).toBe(new Date(2026, 1, 3, 14, 5).toISOString());
    expect(toIsoDateTime('2026-02-03T14:05')).toMatch(/Z$/);
  });
  it('is null for empty or invalid input', () => {
    expect(toIsoDateTime('')).toBeNull();
    expect(toIsoDateTime('not a date')).toBeNull();
  });
});

// Issue 18, finding 10: a date-only value shows only the date, the day it names.
describe('formatDateOnly ("Do MMM YYYY")', () => {
  it.each([
    ['2026-11-27', '27th Nov 2026'],
    ['2026-11-27T00:00:00.000Z', '27th Nov 2026'],
    ['2026-01-01', '1st Jan 2026'],
  ])('%s -> %s', (input, expected) => {
    expect(formatDateOnly(input)).toBe(expected);
  });

  it('keeps the day west of Greenwich, where midnight UTC is the evening before', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDateOnly('2026-11-27')).toBe('27th Nov 2026');
      expect(formatDateOnly('2026-11-27T00:00:00.000Z')).toBe('27th Nov 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('renders nothing for no date', () => {
    expect(formatDateOnly(null)).toBe('');
    expect(formatDateOnly('')).toBe('');
  });
});

describe('readableText', () => {
  it('reads text that is wholly an ISO date or date-time as the spec writes it', () => {
    expect(readableText('2027-01-12')).toBe('12th Jan 2027');
    expect(readableText(new Date(2026, 10, 27, 14, 5).toISOString())).toBe('27th Nov 2026, 02:05 PM');
  });

  it('leaves any other text as it is', () => {
    for (const text of ['Apply now', 'Batch 2027-01-12', '2027', '12/01/2027', 'support@cohort.test']) {
      expect(readableText(text)).toBe(text);
    }
  });
});
