import { describe, expect, it } from 'vitest';
import { formatDate, toIsoDateTime } from './format';

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
