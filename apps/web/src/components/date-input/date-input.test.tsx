import { eventResource, type FieldDef, type Filter } from '@cohort/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDay, parseTypedDay } from '../../lib/format';
import { renderWithProviders } from '../../testing/render';
import { FilterBuilder } from '../filter-builder/filter-builder';
import { ResourceFormFields } from '../resource-form/resource-form-fields';
import { DateInput } from './date-input';

// Issue 8, finding 12: dates are written one way, the spec's "Do MMM yyyy, hh:mm A".
const eventFields = eventResource.fields.filter((f) => f.form);

describe('date inputs', () => {
  it('forms show Mantine pickers in the spec format, never the browser mm/dd/yyyy', () => {
    renderWithProviders(
      <ResourceFormFields
        fields={eventFields}
        values={{ title: 'Demo', startsAt: '2026-02-03T14:05', endsAt: '' }}
        errors={{}}
        onChange={() => {}}
      />,
    );
    expect(document.querySelector('input[type="datetime-local"], input[type="date"]')).toBeNull();
    expect(screen.getByText('3rd Feb 2026, 02:05 PM')).toBeTruthy();
  });

  it('the filter builder picks dates the same way', () => {
    const fields: FieldDef[] = eventResource.fields.filter((f) => f.filter);
    const onChange = vi.fn<(f: Filter[]) => void>();
    renderWithProviders(
      <FilterBuilder
        fields={fields}
        value={[{ field: 'startsAt', operator: '>=', value: '2026-02-03T08:35:00.000Z' }]}
        onChange={onChange}
      />,
    );
    const row = within(screen.getByTestId('filter-row'));
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    expect(row.getByRole('button', { name: /Value/ }).textContent).toMatch(/^3rd Feb 2026, \d\d:\d\d (AM|PM)$/);
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenCalledWith([{ field: 'startsAt', operator: '>=', value: '2026-02-03T08:35:00.000Z' }]);
  });

  it('chart axes use the day part of the same format', () => {
    expect(formatDay('2026-01-05')).toBe('5th Jan 2026');
  });

  // Issue 18, finding 10: a day can be typed, not only clicked.
  it.each(['27th Nov 2026', '27 nov 2026', 'Nov 27, 2026', '2026-11-27', '27/11/2026'])(
    'a date field takes the typed day "%s"',
    (typed) => {
      const onChange = vi.fn<(v: string) => void>();
      renderWithProviders(<DateInput kind="date" label="Follow up date" value="" onChange={onChange} />);
      const input = screen.getByRole('textbox', { name: 'Follow up date' });
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(onChange).toHaveBeenLastCalledWith('2026-11-27');
    },
  );

  it('shows the typed day back in the spec style, and refuses text that is no day', () => {
    const onChange = vi.fn<(v: string) => void>();
    renderWithProviders(<DateInput kind="date" label="Follow up date" value="2026-11-27" onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Follow up date' });
    expect(input.value).toBe('27th Nov 2026');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^2026-0[23]/));
    expect(parseTypedDay('31/02/2026')).toBeNull();
    expect(parseTypedDay('tomorrow')).toBeNull();
  });
});
