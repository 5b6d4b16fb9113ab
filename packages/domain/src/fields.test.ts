import { describe, expect, it } from 'vitest';
import { blogCreateSchema, eventCreateSchema, eventResource } from './content';
import { CONTENT_DATE_BOUNDS, dateBoundsIssue, dateRange, dayInWords } from './fields';

// Issue 8, finding 7: absurd dates are refused, with bounds the console's pickers share.
describe('date bounds', () => {
  const now = new Date();
  const { min, max } = dateRange(CONTENT_DATE_BOUNDS, now);
  const between = `between 1st Jan 2000 and ${dayInWords(max)}`;

  it('an event from 1900 to 9999 is refused on both dates', () => {
    const r = eventCreateSchema.safeParse({
      title: 'Demo day',
      startsAt: '1900-01-01T10:00:00.000Z',
      endsAt: '9999-12-31T10:00:00.000Z',
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ startsAt: `Starts at must be ${between}`, endsAt: `Ends at must be ${between}` });
  });

  it('a blog published in year 0001 is refused; this year is fine', () => {
    const old = blogCreateSchema.safeParse({ title: 'T', content: 'C', publishedAt: '0001-01-01T00:00:00.000Z' });
    expect(old.error?.issues[0].message).toBe(`Published at must be ${between}`);
    expect(blogCreateSchema.safeParse({ title: 'T', content: 'C', publishedAt: now.toISOString() }).success).toBe(true);
  });

  it('the bounds are declared on the fields the console renders', () => {
    expect(eventResource.fields.find((f) => f.name === 'startsAt')?.dateBounds).toBe(CONTENT_DATE_BOUNDS);
    expect(min.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(max.getUTCFullYear()).toBe(now.getUTCFullYear() + 5);
    expect(dateBoundsIssue('X', new Date('2000-01-01T00:00:00Z'), CONTENT_DATE_BOUNDS, now)).toBeUndefined();
    expect(dayInWords(new Date('2026-11-22T00:00:00Z'))).toBe('22nd Nov 2026');
    expect(dayInWords(new Date('2026-11-13T00:00:00Z'))).toBe('13th Nov 2026');
  });
});
