import type { FieldDef } from '@cohort/domain';
import { describe, expect, it } from 'vitest';
import { importValue } from './import-rows';

const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'x',
  label: 'X',
  type,
  ...extra,
});

describe('importValue: a spreadsheet cell as the create schema expects the field', () => {
  it('an empty or blank cell is no value', () => {
    expect(importValue(field('string'), '')).toBeUndefined();
    expect(importValue(field('integer'), '   ')).toBeUndefined();
  });

  it('numbers and references as numbers; anything else stays text for the schema to refuse', () => {
    expect(importValue(field('integer'), ' 42 ')).toBe(42);
    expect(importValue(field('number'), '-1.5')).toBe(-1.5);
    expect(importValue(field('reference'), '7')).toBe(7);
    expect(importValue(field('integer'), 'twelve')).toBe('twelve');
  });

  it('booleans from yes/no words, any case', () => {
    for (const yes of ['yes', 'Y', 'TRUE', '1']) expect(importValue(field('boolean'), yes)).toBe(true);
    for (const no of ['No', 'n', 'false', '0']) expect(importValue(field('boolean'), no)).toBe(false);
    expect(importValue(field('boolean'), 'maybe')).toBe('maybe');
  });

  it('an enum by its value or its label, any case', () => {
    const status = field('enum', {
      options: [
        { value: 'Live', label: 'Live' },
        { value: 'Archived', label: 'Archived for good' },
      ],
    });
    expect(importValue(status, 'live')).toBe('Live');
    expect(importValue(status, 'ARCHIVED FOR GOOD')).toBe('Archived');
    expect(importValue(status, 'Gone')).toBe('Gone');
  });

  it('a date as an ISO instant; a text that is no date stays as written', () => {
    expect(importValue(field('datetime'), '2026-03-04T05:06:07Z')).toBe('2026-03-04T05:06:07.000Z');
    expect(importValue(field('datetime'), 'soon')).toBe('soon');
  });

  it('text stays text: a formula is stored as written, trimmed', () => {
    expect(importValue(field('string'), ' =SUM(A1) ')).toBe('=SUM(A1)');
  });
});
