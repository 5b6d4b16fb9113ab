import type { FieldDef } from '@cohort/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { FieldValue, fieldText } from './field-value';

const text = (name: string, type: FieldDef['type'] = 'string'): FieldDef => ({ name, label: name, type });

describe('FieldValue', () => {
  // Issue 18, finding 10: a date-only field is a day, never "27th Nov 2026, 12:00 AM".
  it('shows a date-only value as the day alone and a date-time in full', () => {
    expect(fieldText(text('isaExpiryDate', 'date'), '2026-11-27')).toBe('27th Nov 2026');
    expect(fieldText(text('at', 'datetime'), new Date(2026, 10, 27, 14, 5).toISOString())).toBe(
      '27th Nov 2026, 02:05 PM',
    );
    renderWithProviders(<FieldValue field={text('isaExpiryDate', 'date')} value="2026-11-27" />);
    expect(screen.getByText('27th Nov 2026')).toBeTruthy();
  });

  it('shows a setting whose text is an ISO date as a date', () => {
    renderWithProviders(<FieldValue field={text('value', 'text')} value="2027-01-12" />);
    expect(screen.getByText('12th Jan 2027')).toBeTruthy();
    expect(screen.queryByText('2027-01-12')).toBeNull();
  });

  it('keeps a single short token on one line and lets prose wrap', () => {
    renderWithProviders(
      <>
        <FieldValue field={text('email', 'email')} value="bhuvanesh.khanna.2000@example.com" />
        <FieldValue field={text('phone')} value="+91775-343-7793" />
        <FieldValue field={text('title')} value="How Kamala went from Dynamic Paradigm Planner to developer" />
      </>,
    );
    expect(screen.getByText('bhuvanesh.khanna.2000@example.com').style.whiteSpace).toBe('nowrap');
    expect(screen.getByText('+91775-343-7793').style.whiteSpace).toBe('nowrap');
    const prose = screen.getByText(/How Kamala/);
    expect(prose.style.whiteSpace).toBe('');
    expect(prose.style.overflowWrap).toBe('break-word');
  });

  it('shows a stored image by its thumbnail in a table cell and whole in a record', () => {
    const image = text('logoUrl', 'image');
    renderWithProviders(
      <>
        <FieldValue field={image} value="/files/miscellaneous/Ab_c-1.png" />
        <FieldValue field={{ ...image, label: 'Whole' }} value="/files/miscellaneous/Ab_c-1.png" long />
        <FieldValue field={{ ...image, label: 'Elsewhere' }} value="https://cdn.example.com/logo.png" />
      </>,
    );
    expect(screen.getByAltText('logoUrl').getAttribute('src')).toBe('/files/miscellaneous/Ab_c-1-thumb.webp');
    expect(screen.getByAltText('Whole').getAttribute('src')).toBe('/files/miscellaneous/Ab_c-1.png');
    expect(screen.getByAltText('Elsewhere').getAttribute('src')).toBe('https://cdn.example.com/logo.png');
  });

  it('shows a dash for no value and enum values by label', () => {
    const status: FieldDef = {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: [{ value: 'LIVE', label: 'Live', color: 'green' }],
    };
    renderWithProviders(
      <>
        <FieldValue field={text('x')} value={null} />
        <FieldValue field={status} value="LIVE" />
      </>,
    );
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(fieldText(text('b', 'boolean'), false)).toBe('No');
  });
});
