import type { FieldDef } from '@cohort/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { FieldValue, fieldText } from './field-value';

const text = (name: string, type: FieldDef['type'] = 'string'): FieldDef => ({ name, label: name, type });

describe('FieldValue', () => {
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
